/**
 * The Postman sandbox's libraries, for `require(name)` and as its globals (`_`, `CryptoJS`, `tv4`,
 * `atob`, `btoa`, `cheerio`, `xml2Json`, `Buffer`; catalogue.ts lists them all). Nothing is loaded
 * until a script names one: before a script runs, its text is scanned (librariesNamed); each
 * library it names, with the modules that library requires, is read once per process by the
 * host's loader (source.node.ts / source.web.ts) and handed to the guest on its first `require`
 * (op `R`), where it is compiled once per context and evaluated afresh for each script, so no
 * script sees another's changes to a library. A script that names none costs one cached regex test.
 */
import { isOffered, LIBRARY_GLOBALS, withDependencies } from './catalogue.ts'
import { TextCache } from '../text-cache.ts'
import { SUGAR_LIBRARY, usesSugar } from './sugar.ts'

export { LIBRARY_GLOBALS }

/**
 * A library's source text as a CommonJS/UMD module, or undefined for a name not offered. It
 * throws, with a message for the script, for a name offered but not loadable here.
 */
export type LibrarySource = (name: string) => Promise<string | undefined>

const REQUIRE = /\brequire\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g
const GLOBAL = new RegExp(`(?<![\\w$.])(${Object.keys(LIBRARY_GLOBALS).join('|')})(?![\\w$])`, 'g')

let loader: LibrarySource | null = null
const loaded = new Map<string, string | undefined>()
const failures = new Map<string, string>()
const named = new TextCache<string[]>(256)

/** Set once per host by its QuickJS module (node or web). */
export function setLibrarySource(source: LibrarySource): void {
  loader = source
}

/** The module names a script's text refers to, by `require('x')` or a library global. */
export function librariesNamed(code: string): string[] {
  let names = named.get(code)
  if (names === undefined) {
    const found = new Set<string>()
    if (code.includes('require')) for (const m of code.matchAll(REQUIRE)) found.add(m[2]!)
    for (const m of code.matchAll(GLOBAL)) found.add(LIBRARY_GLOBALS[m[1]!]!.split('#')[0]!)
    if (usesSugar(code)) found.add(SUGAR_LIBRARY)
    names = found.size === 0 ? [] : withDependencies([...found])
    named.set(code, names)
  }
  return names
}

const sets = new WeakMap<string[], ReadonlySet<string>>()
const NONE: ReadonlySet<string> = new Set()

/** librariesNamed's answer as a set, kept with it (a script costs no new set per run). */
export function librarySet(names: string[]): ReadonlySet<string> {
  if (names.length === 0) return NONE
  let set = sets.get(names)
  if (set === undefined) sets.set(names, (set = new Set(names)))
  return set
}

/** Reads the named libraries the process has not read yet. */
export async function loadLibraries(names: string[]): Promise<void> {
  const missing = names.filter((name) => !loaded.has(name))
  if (missing.length === 0 || !loader) return
  const source = loader
  await Promise.all(
    missing.map(async (name) => {
      try {
        loaded.set(name, await source(name))
      } catch (error) {
        // Kept as its message: the guest throws it when the script requires the module.
        loaded.set(name, undefined)
        failures.set(name, error instanceof Error ? error.message : String(error))
      }
    }),
  )
}

/**
 * The guest's `R?` op, asked once per library per script: '1' when the module is ready for this
 * script (named in its text, or required by one it names, and loaded), '' for a name not offered
 * (the guest throws `Cannot find module`), '?' for one offered but not named in the script's text
 * (a library global then reads as undefined; `require` explains), or '!' and a message to throw.
 * Only what the script's own text names is ever offered, so a script behaves the same whatever
 * ran before it in the process. (No NUL in answers: they cross the boundary as C strings.)
 */
export function libraryState(name: string, named: ReadonlySet<string>): string {
  if (!isOffered(name)) return ''
  if (!named.has(name)) return '?'
  const failure = failures.get(name)
  if (failure !== undefined) return `!${failure}`
  return loaded.get(name) === undefined ? '' : '1'
}

/** The guest's `R` op: a module's source, after `R?` answered '1'. */
export function loadedLibrary(name: string): string {
  return loaded.get(name) ?? ''
}

/**
 * Guest code, evaluated in every context after the core (it uses the core's H, E, G, gen and
 * put). A library's module function is compiled once per context and kept where scripts cannot
 * reach it; each script gets its own evaluation (`gen` changes when a script begins).
 */
export const LIBRARY_LOADER = String.raw`
const libCode = new Map(), libLive = new Map()
function requireLibrary(name) {
  name = String(name)
  const live = libLive.get(name)
  if (live !== undefined && live.g === gen) return live.m.exports
  const state = H('R?', name)
  if (state !== '1') {
    if (state === '') { const e = new Error("Cannot find module '" + name + "'"); e.code = 'MODULE_NOT_FOUND'; throw e }
    if (state[0] === '!') throw new Error(state.slice(1))
    throw new Error("require('" + name + "') must name the module in quotes in the script's own text, so that it is loaded before the script runs")
  }
  let f = libCode.get(name)
  if (f === undefined) {
    f = E('(function (module, exports, define, global, require) {' + H('R', name) + '\n})')
    libCode.set(name, f)
  }
  // Registered before it runs: lodash reads the global _ (its noConflict) while it loads.
  const m = { exports: {} }
  libLive.set(name, { g: gen, m: m })
  try { f.call(m.exports, m, m.exports, undefined, G, requireLibrary) } catch (e) { libLive.delete(name); throw e }
  return m.exports
}
put('require', function require(name) { return requireLibrary(name) })
for (const k of ${JSON.stringify(Object.entries(LIBRARY_GLOBALS))}) {
  const at = k[1].indexOf('#'), mod = at < 0 ? k[1] : k[1].slice(0, at), member = at < 0 ? '' : k[1].slice(at + 1)
  // A library global the script's text does not name reads as undefined (libraries probe some).
  Object.defineProperty(G, k[0], { get: function () {
    const live = libLive.get(mod)
    if (!(live !== undefined && live.g === gen) && H('R?', mod) !== '1') return undefined
    const m = requireLibrary(mod)
    return member ? m[member] : m
  }, configurable: true })
}
`

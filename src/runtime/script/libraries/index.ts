/**
 * The Postman sandbox's libraries, for `require(name)` and as its globals (`_`, `CryptoJS`, `tv4`,
 * `atob`, `btoa`). Nothing is loaded until a script names one: before a script runs, its text is
 * scanned (librariesNamed); each library it names is read once per process by the host's loader
 * (source.node.ts / source.web.ts) and handed to the guest on its first `require` (op `R`), where
 * it is compiled once per context and evaluated afresh for each script, so no script sees
 * another's changes to a library. A script that names none costs one cached regex test.
 */

/** A library's source text as a CommonJS/UMD module, or undefined for a name not offered. */
export type LibrarySource = (name: string) => Promise<string | undefined>

/** Modules offered to `require`, and the globals that load one on first touch. */
export const LIBRARY_GLOBALS: Record<string, string> = {
  _: 'lodash',
  CryptoJS: 'crypto-js',
  tv4: 'tv4',
  atob: 'atob',
  btoa: 'btoa',
}

const REQUIRE = /\brequire\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g
const GLOBAL = new RegExp(`(?<![\\w$.])(${Object.keys(LIBRARY_GLOBALS).join('|')})(?![\\w$])`, 'g')

let loader: LibrarySource | null = null
const loaded = new Map<string, string | undefined>()
const named = new Map<string, string[]>()

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
    for (const m of code.matchAll(GLOBAL)) found.add(LIBRARY_GLOBALS[m[1]!]!)
    names = [...found]
    if (named.size >= 256) named.clear()
    named.set(code, names)
  }
  return names
}

/** Reads the named libraries the process has not read yet. */
export async function loadLibraries(names: string[]): Promise<void> {
  const missing = names.filter((name) => !loaded.has(name))
  if (missing.length === 0 || !loader) return
  const source = loader
  await Promise.all(
    missing.map(async (name) => {
      loaded.set(name, await source(name).catch(() => undefined))
    }),
  )
}

/** The guest's `R` op: the source, or '' (the guest then throws `Cannot find module`). */
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
  let f = libCode.get(name)
  if (f === undefined) {
    const src = H('R', name)
    if (src === '') { const e = new Error("Cannot find module '" + name + "'"); e.code = 'MODULE_NOT_FOUND'; throw e }
    f = E('(function (module, exports, define, global) {' + src + '\n})')
    libCode.set(name, f)
  }
  // Registered before it runs: lodash reads the global _ (its noConflict) while it loads.
  const m = { exports: {} }
  libLive.set(name, { g: gen, m: m })
  try { f.call(m.exports, m, m.exports, undefined, G) } catch (e) { libLive.delete(name); throw e }
  return m.exports
}
put('require', function require(name) { return requireLibrary(name) })
for (const k of ${JSON.stringify(Object.entries(LIBRARY_GLOBALS))}) {
  Object.defineProperty(G, k[0], { get: function () { return requireLibrary(k[1]) }, configurable: true })
}
`

/**
 * A Bruno collection folder → a Sendbox collection and its environments: `bruno.json` (name,
 * `ignore`), `collection.bru` (auth, headers, variables, scripts), each folder's `folder.bru`,
 * the `*.bru` request files (`bruno-request.ts`) and `environments/*.bru`. Order is `bru run`'s:
 * in each folder its subfolders first (by `seq`, then name), then its requests by `seq`. Headers of
 * the collection and of folders are added to each request below them (the request's own win).
 */
import { makeCollection, makeEnvironment, makeFolder, makeVariable } from '../factories.ts'
import type { Collection, Environment, KeyValueRow, TreeItem } from '../types.ts'
import { readBruFast } from './bru-fast.ts'
import { bruLang, type BruDocument } from './bruno-lang.ts'
import {
  bruAuth,
  bruRequest,
  bruRows,
  bruScripts,
  bruVariables,
  noteUnmapped,
  bruDocs,
  UNREADABLE_ROW,
  type BruContext,
} from './bruno-request.ts'
import {
  fileLine,
  joinBru,
  MAX_BRU_FOLDER_REST_BYTES,
  MAX_BRU_REST_BYTES,
  splitBru,
  tooLarge,
  type SplitBru,
} from './bruno-blocks.ts'
import { ImportError, isObject, quoted, visible } from './import-error.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH, parseJsonText } from './json-text.ts'
import { emptyReport, named, skip, type ImportReport } from './report.ts'
import { sourceTree, type ImportSource, type SourceDir, type SourceFile } from './source.ts'

export function isBrunoFolder(source: ImportSource): boolean {
  return source.kind === 'folder' && source.files.some((file) => file.path === 'bruno.json')
}

/**
 * Whether reading the folder needs Bruno's own parser: for collection.bru, folder.bru, the
 * environments, and request files in forms the fast reader (bru-fast.ts) leaves to it.
 */
export function needsBrunoParser(source: ImportSource): boolean {
  if (source.kind !== 'folder') return false
  return source.files.some(
    (file) =>
      file.path.endsWith('.bru') &&
      (/(^|\/)(collection|folder)\.bru$/.test(file.path) ||
        file.path.startsWith('environments/') ||
        readBruFast(file.text) === undefined),
  )
}

const splits = new WeakMap<SourceFile, SplitBru>()

function split(file: SourceFile): SplitBru {
  let parts = splits.get(file)
  if (!parts) {
    parts = splitBru(file.text)
    if (parts.rest.length > MAX_BRU_REST_BYTES)
      throw tooLarge(file.path, parts.rest.length, MAX_BRU_REST_BYTES, '.bru file')
    splits.set(file, parts)
  }
  return parts
}

/** Every `.bru` file is measured before any is parsed: a folder too large is refused at once. */
function checkSizes(files: SourceFile[], ignored: string[]): void {
  let total = 0
  for (const file of files) {
    if (!file.path.endsWith('.bru') || ignored.includes(file.path.split('/')[0]!)) continue
    total += split(file).rest.length
    if (total > MAX_BRU_FOLDER_REST_BYTES)
      throw tooLarge('', total, MAX_BRU_FOLDER_REST_BYTES, 'the .bru files together are')
  }
}

/**
 * Bruno's parser for each kind of `.bru` file. Read through a function, so that Bruno's parser
 * (loaded on first use: its grammars take about 0.4 s to compile) is only loaded when needed.
 */
const READ = {
  request: (text: string): BruDocument => bruLang.bruToJsonV2(text),
  collection: (text: string): BruDocument => bruLang.collectionBruToJson(text),
  environment: (text: string) => bruLang.bruToEnvJsonV2(text),
}

/**
 * Parses a `.bru` file: a request file in the forms `bru-fast.ts` knows at once, anything else
 * with Bruno's parser and its large text blocks set aside (bruno-blocks.ts).
 */
function parse<K extends keyof typeof READ>(file: SourceFile, kind: K): ReturnType<(typeof READ)[K]> {
  const parts = split(file)
  if (kind === 'request') {
    const fast = readBruFast(file.text)
    if (fast) return fast as ReturnType<(typeof READ)[K]>
  }
  const read = READ[kind] as (text: string) => ReturnType<(typeof READ)[K]>
  const parsed = parseText(file, parts.rest, read, parts)
  const joined = joinBru(parsed, parts.blocks)
  if (joined !== undefined) return joined
  if (file.text.length > MAX_BRU_REST_BYTES)
    throw tooLarge(file.path, file.text.length, MAX_BRU_REST_BYTES, '.bru file')
  return parseText(file, file.text, read)
}

/** The parser's error ("Line 3, col 1: … Expected "}"") as `file:3: …` on one line. */
function parseText<T>(file: SourceFile, text: string, read: (text: string) => T, parts?: SplitBru): T {
  try {
    return read(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const found = /Line (\d+), col (\d+)/.exec(message)
    const at = found && parts ? [found[0], String(fileLine(parts, Number(found[1]))), found[2]] : found
    const expected =
      message
        .split('\n')
        .findLast((line) => line.trim() !== '')
        ?.trim() ?? 'unreadable'
    throw new ImportError(
      at ? `${file.path}:${at[1]}` : file.path,
      `not a valid .bru file (${visible(at ? `column ${at[2]}: ${expected}` : expected).slice(0, 160)})`,
    )
  }
}

type Dir = SourceDir

function tree(files: SourceFile[], ignored: string[]): Dir {
  const wanted = (file: SourceFile, parts: string[]) =>
    parts[0] !== 'environments' && !ignored.includes(parts[0]!) && file.path.endsWith('.bru')
  return sourceTree(files, wanted, MAX_FOLDER_DEPTH, (file) => new ImportError(file.path, FOLDERS_TOO_DEEP))
}

function seqOf(doc: BruDocument | undefined): number {
  const seq = Number(doc?.meta?.seq)
  return Number.isInteger(seq) && seq > 0 ? seq : Number.POSITIVE_INFINITY
}

export function readBrunoFolder(source: ImportSource): {
  collections: Collection[]
  environments: Environment[]
  report: ImportReport
} {
  if (source.kind !== 'folder')
    throw new ImportError('', 'a Bruno collection is a folder (holding bruno.json)')
  const report = emptyReport()
  const byPath = new Map(source.files.map((file) => [file.path, file]))
  const configFile = byPath.get('bruno.json')
  if (!configFile) throw new ImportError('bruno.json', 'missing: not a Bruno collection folder')
  const config = parseJsonText(configFile.text)
  if (!isObject(config)) throw new ImportError('bruno.json', 'expected an object')
  const ignored = Array.isArray(config.ignore)
    ? config.ignore.filter((x): x is string => typeof x === 'string')
    : []
  checkSizes(source.files, ignored)
  const name = typeof config.name === 'string' && config.name ? config.name : source.name
  const rootFile = byPath.get('collection.bru')
  const root = rootFile ? parse(rootFile, 'collection') : {}
  const context: BruContext = { path: 'collection.bru', owner: named('collection', name), report }
  noteUnmapped(root, context, false)
  const headers = bruRows(root.headers, context, 'headers')
  const top = tree(source.files, ignored)
  top.files = top.files.filter((file) => file.path !== 'collection.bru')
  return {
    collections: [
      makeCollection({
        name,
        auth: bruAuth(root.auth?.mode, root.auth, context),
        variables: bruVariables(root.vars?.req, context),
        scripts: bruScripts(root),
        ...bruDocs(root),
        children: children(top, '', headers, report, 0),
      }),
    ],
    environments: environments(source.files, report),
    report,
  }
}

function children(
  dir: Dir,
  prefix: string,
  headers: KeyValueRow[],
  report: ImportReport,
  depth: number,
): TreeItem[] {
  const folders = [...dir.dirs.entries()].map(([name, sub]) => {
    const path = `${prefix}${name}`
    const file = sub.files.find((f) => f.path === `${path}/folder.bru`)
    const doc = file ? parse(file, 'collection') : undefined
    return { name, path, sub, doc, seq: seqOf(doc) }
  })
  folders.sort((a, b) => a.seq - b.seq || a.name.localeCompare(b.name))
  const items: TreeItem[] = folders.map(({ name, path, sub, doc }) => {
    if (depth >= MAX_FOLDER_DEPTH) throw new ImportError(path, FOLDERS_TOO_DEEP)
    const title = doc?.meta?.name || name
    const context: BruContext = { path: `${path}/folder.bru`, owner: named('folder', title), report }
    const own = doc ? bruRows(doc.headers, context, 'headers') : []
    const keys = new Set(own.map((h) => h.key.toLowerCase()))
    if (doc) noteUnmapped(doc, context, false)
    sub.files = sub.files.filter((f) => f.path !== `${path}/folder.bru`)
    return makeFolder({
      name: title,
      auth: doc?.auth?.mode ? bruAuth(doc.auth.mode, doc.auth, context) : { type: 'inherit' },
      variables: doc ? bruVariables(doc.vars?.req, context) : [],
      scripts: doc ? bruScripts(doc) : bruScripts({}),
      ...(doc ? bruDocs(doc) : {}),
      children: children(
        sub,
        `${path}/`,
        [...headers.filter((h) => !keys.has(h.key.toLowerCase())), ...own],
        report,
        depth + 1,
      ),
    })
  })
  const requests = dir.files.map((file) => ({ file, doc: parse(file, 'request') }))
  requests.sort((a, b) => seqOf(a.doc) - seqOf(b.doc) || a.file.path.localeCompare(b.file.path))
  for (const { file, doc } of requests) {
    const title =
      doc.meta?.name ||
      file.path
        .split('/')
        .pop()!
        .replace(/\.bru$/, '')
    const request = bruRequest(doc, { path: file.path, owner: named('request', title), report }, headers)
    if (request) items.push({ ...request, name: request.name || title })
  }
  return items
}

/** A Bruno environment file on its own (`environments/Local.bru`): `vars` blocks, no request. */
export function isBrunoEnvironmentFile(source: ImportSource): boolean {
  if (source.kind !== 'file' || !/\.bru$/i.test(source.name)) return false
  return /^\s*vars(:secret)?\s*[{[]/m.test(source.text) && !/^\s*meta\s*\{/m.test(source.text)
}

export function readBrunoEnvironmentFile(source: ImportSource): { environments: Environment[] } {
  if (source.kind !== 'file') throw new ImportError('', 'a folder is not a Bruno environment file')
  const name = source.name.split(/[\\/]/).pop()!
  const report = emptyReport()
  return { environments: environments([{ path: `environments/${name}`, text: source.text }], report) }
}

function environments(files: SourceFile[], report: ImportReport): Environment[] {
  return files
    .filter((file) => /^environments\/[^/]+\.bru$/.test(file.path))
    .map((file) => {
      const json = parse(file, 'environment')
      const name = file.path.slice('environments/'.length, -'.bru'.length)
      return makeEnvironment({
        name,
        variables: (json.variables ?? []).flatMap((row) => {
          if (typeof row.name !== 'string') {
            const what = `a variable without a name of environment ${quoted(name)}`
            skip(report, file.path, what, UNREADABLE_ROW)
            return []
          }
          return makeVariable({
            key: row.name,
            value: typeof row.value === 'string' ? row.value : '',
            enabled: row.enabled !== false,
            secret: row.secret === true,
          })
        }),
      })
    })
}

/**
 * OpenCollection YAML (Bruno's YAML format, spec 1.0) → a Sendbox collection and environments:
 * one bundled file (`opencollection: 1.0.0` with `items`, folders nested, `config.environments`)
 * or a collection folder (`opencollection.yml`, each folder's `folder.yml`, one `.yml` file per
 * request, `environments/*.yml`). Items are mapped as Bruno's `.bru` files are (through
 * opencollection-item.ts and bruno-request.ts), in `bru run`'s order: in each folder its subfolders
 * first (by `seq`, then name), then its requests by `seq`; headers of the collection and of folders
 * are added to each request below them.
 */
import { makeCollection, makeEnvironment, makeFolder, makeVariable } from '../factories.ts'
import type { Collection, Environment, KeyValueRow, TreeItem, Variable } from '../types.ts'
import type { BruDocument, BruRow } from './bruno-lang.ts'
import {
  bruAuth,
  bruDocs,
  bruRequest,
  bruRows,
  bruScripts,
  noteUnmapped,
  type BruContext,
} from './bruno-request.ts'
import {
  ImportError,
  expectObject,
  isObject,
  optionalArray,
  optionalString,
  type JsonObject,
} from './import-error.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH } from './json-text.ts'
import { typeName, isRequestItem, ocDefaults, ocRequest, ocVariables, seqOf } from './opencollection-item.ts'
import { skipIn } from './bruno-request.ts'
import { emptyReport, named, skip, type ImportReport } from './report.ts'
import { sourceTree, type ImportSource, type SourceDir, type SourceFile } from './source.ts'
import { parseYamlOrJson } from './yaml-text.ts'

const ROOT_FILES = ['opencollection.yml', 'opencollection.yaml']
const YAML_FILE = /\.ya?ml$/i

/** A bundled collection file (or `opencollection.yml` itself): `opencollection: <version>`. */
export function isOpenCollection(value: unknown): boolean {
  return isObject(value) && typeof value.opencollection === 'string'
}

export function isOpenCollectionFolder(source: ImportSource): boolean {
  return source.kind === 'folder' && source.files.some((file) => ROOT_FILES.includes(file.path))
}

/** A collection folder or a request of it, before mapping (both layouts end up as these). */
type Node =
  | { kind: 'folder'; name: string; seq: number; path: string; doc: BruDocument; children: Node[] }
  | { kind: 'request'; name: string; seq: number; path: string; item: JsonObject }
  | { kind: 'other'; name: string; seq: number; path: string; what: string }

/** Runs `read`, giving a problem's path inside `prefix` (`items[2].http.url`, `a.yml: http.url`). */
function within<T>(prefix: string, separator: string, read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof ImportError) || !prefix) throw error
    const path = error.path ? `${prefix}${separator}${error.path}` : prefix
    throw new ImportError(path, error.problem)
  }
}

function yamlFile(file: SourceFile): JsonObject {
  return within(file.path, ': ', () => expectObject(parseYamlOrJson(file.text), ''))
}

function infoOf(item: JsonObject, at: string): { name: string; type: string; seq: number } {
  const info = item.info === undefined || item.info === null ? {} : expectObject(item.info, `${at}info`)
  return {
    name: optionalString(info.name, `${at}info.name`),
    type: optionalString(info.type, `${at}info.type`),
    seq: seqOf(info.seq, `${at}info.seq`) ?? Number.POSITIVE_INFINITY,
  }
}

function checkRoot(root: JsonObject): void {
  const info = isObject(root.info) ? root.info : {}
  if (info.type === 'workspace' || Array.isArray(root.collections))
    throw new ImportError(
      'info.type',
      'a Bruno workspace file: import each collection folder it lists instead',
    )
}

/** A bundled file's `items` (folders hold `items` of their own). */
function bundledNodes(value: unknown, path: string, depth: number): Node[] {
  if (depth > MAX_FOLDER_DEPTH) throw new ImportError(path, FOLDERS_TOO_DEEP)
  return optionalArray(value, path).map((raw, i): Node => {
    const at = `${path}[${i}]`
    const item = expectObject(raw, at)
    const { name, type, seq } = infoOf(item, `${at}.`)
    if (type === 'folder' || (!isRequestItem(item) && Array.isArray(item.items))) {
      const doc = within(at, '.', () => ocDefaults(item.request, 'request', item.docs, context(at, '')))
      return {
        kind: 'folder',
        name,
        seq,
        path: at,
        doc,
        children: bundledNodes(item.items, `${at}.items`, depth + 1),
      }
    }
    if (isRequestItem(item)) return { kind: 'request', name, seq, path: at, item }
    const what = typeof item.type === 'string' ? item.type : type
    return {
      kind: 'other',
      name,
      seq,
      path: at,
      what: what ? `${typeName(what)} item` : 'item of no known type',
    }
  })
}

/** Findings of `ocDefaults` are reported by the caller, with the owner's name: a scratch context. */
function context(path: string, owner: string, report = emptyReport()): BruContext {
  return { path, owner, report }
}

type Dir = SourceDir

/** A collection folder's `.yml` files as nodes (`folder.yml` gives its folder's name and defaults). */
function folderNodes(dir: Dir, prefix: string, depth: number): Node[] {
  if (depth > MAX_FOLDER_DEPTH) throw new ImportError(prefix, FOLDERS_TOO_DEEP)
  const nodes: Node[] = []
  for (const [name, sub] of dir.dirs) {
    const path = `${prefix}${name}`
    const file = sub.files.find((f) => /^folder\.ya?ml$/i.test(f.path.slice(path.length + 1)))
    const folder = file ? yamlFile(file) : {}
    const info = file ? within(file.path, ': ', () => infoOf(folder, '')) : undefined
    const doc = file
      ? within(file.path, ': ', () => ocDefaults(folder.request, 'request', folder.docs, context(path, '')))
      : {}
    sub.files = sub.files.filter((f) => f !== file)
    nodes.push({
      kind: 'folder',
      name: info?.name || name,
      seq: info?.seq ?? Number.POSITIVE_INFINITY,
      path: file?.path ?? path,
      doc,
      children: folderNodes(sub, `${path}/`, depth + 1),
    })
  }
  for (const file of dir.files) {
    const item = yamlFile(file)
    const info = within(file.path, ': ', () => infoOf(item, ''))
    const name = info.name || file.path.split('/').pop()!.replace(YAML_FILE, '')
    if (isRequestItem(item)) nodes.push({ kind: 'request', name, seq: info.seq, path: file.path, item })
    else
      nodes.push({
        kind: 'other',
        name,
        seq: info.seq,
        path: file.path,
        what: info.type ? `${typeName(info.type)} file` : 'file of no known type',
      })
  }
  return nodes
}

function tree(files: SourceFile[]): Dir {
  const wanted = (file: SourceFile, parts: string[]) =>
    YAML_FILE.test(file.path) && !ROOT_FILES.includes(file.path) && parts[0] !== 'environments'
  return sourceTree(files, wanted, MAX_FOLDER_DEPTH, (file) => new ImportError(file.path, FOLDERS_TOO_DEEP))
}

function variablesOf(doc: BruDocument): Variable[] {
  return (doc.vars?.req ?? []).map((row: BruRow) =>
    makeVariable({ key: row.name, value: row.value, enabled: row.enabled, secret: row.secret === true }),
  )
}

/** Nodes → Sendbox items: folders first (by `seq`, then name), then requests by `seq`. */
function items(nodes: Node[], headers: KeyValueRow[], report: ImportReport): TreeItem[] {
  const byOrder = (a: Node, b: Node) => a.seq - b.seq || a.name.localeCompare(b.name)
  const folders = nodes.filter((n) => n.kind === 'folder').sort(byOrder)
  const rest = nodes.filter((n) => n.kind !== 'folder').sort(byOrder)
  const result: TreeItem[] = []
  for (const node of [...folders, ...rest]) {
    const ctx = context(node.path, named(node.kind === 'folder' ? 'folder' : 'request', node.name), report)
    if (node.kind === 'other') {
      skipIn(ctx, node.what, 'not supported')
    } else if (node.kind === 'folder') {
      noteUnmapped(node.doc, ctx, false)
      const own = bruRows(node.doc.headers, ctx, 'headers')
      const keys = new Set(own.map((h) => h.key.toLowerCase()))
      result.push(
        makeFolder({
          name: node.name,
          auth: node.doc.auth?.mode ? bruAuth(node.doc.auth.mode, node.doc.auth, ctx) : { type: 'inherit' },
          variables: variablesOf(node.doc),
          scripts: bruScripts(node.doc),
          ...bruDocs(node.doc),
          children: items(
            node.children,
            [...headers.filter((h) => !keys.has(h.key.toLowerCase())), ...own],
            report,
          ),
        }),
      )
    } else {
      const separator = node.path.startsWith('items[') ? '.' : ': '
      const doc = within(node.path, separator, () => ocRequest(node.item, ctx))
      const request = within(node.path, separator, () => bruRequest(doc, ctx, headers))
      if (request) result.push({ ...request, name: request.name || node.name })
    }
  }
  return result
}

function environment(
  value: unknown,
  path: string,
  fallbackName: string,
  report: ImportReport,
  reportPath = path,
): Environment {
  const raw = expectObject(value, path)
  const name = optionalString(raw.name, `${path}.name`) || fallbackName
  const at = path ? `${path}.` : ''
  if (raw.extends !== undefined && raw.extends !== null)
    skip(
      report,
      reportPath,
      `"extends" of ${named('environment', name)}`,
      'copy the variables it extends into it',
    )
  return makeEnvironment({
    name,
    variables: ocVariables(raw.variables, `${at}variables`).map((row) =>
      makeVariable({ key: row.name, value: row.value, enabled: row.enabled, secret: row.secret }),
    ),
  })
}

export interface OpenCollectionContent {
  collections: Collection[]
  environments: Environment[]
  report: ImportReport
}

/** `rootFile`: the folder layout's `opencollection.yml` (named in its problems and findings). */
function read(
  root: JsonObject,
  fallbackName: string,
  rootFile: string,
  files: () => Node[],
): OpenCollectionContent {
  const report = emptyReport()
  const separator = rootFile ? ': ' : ''
  const { name, doc, config } = within(rootFile, separator, () => {
    checkRoot(root)
    const info = root.info === undefined || root.info === null ? {} : expectObject(root.info, 'info')
    return {
      name: optionalString(info.name, 'info.name') || fallbackName,
      doc: ocDefaults(root.request, 'request', root.docs, context('', '')),
      config: root.config === undefined || root.config === null ? {} : expectObject(root.config, 'config'),
    }
  })
  const ctx = context(rootFile || 'top level', named('collection', name), report)
  noteUnmapped(doc, ctx, false)
  const nodes = [...files(), ...within(rootFile, separator, () => bundledNodes(root.items, 'items', 0))]
  const collection = makeCollection({
    name,
    auth: bruAuth(doc.auth?.mode, doc.auth, ctx),
    variables: variablesOf(doc),
    scripts: bruScripts(doc),
    ...bruDocs(doc),
    children: items(nodes, bruRows(doc.headers, ctx, 'headers'), report),
  })
  const environments = within(rootFile, separator, () =>
    optionalArray(config.environments, 'config.environments').map((raw, i) =>
      environment(raw, `config.environments[${i}]`, `Environment ${i + 1}`, report),
    ),
  )
  return { collections: [collection], environments, report }
}

/** A bundled OpenCollection file (its parsed YAML or JSON). */
export function readOpenCollection(value: unknown, fallbackName: string): OpenCollectionContent {
  return read(expectObject(value, ''), fallbackName, '', () => [])
}

/** A collection folder holding `opencollection.yml`. */
export function readOpenCollectionFolder(source: ImportSource): OpenCollectionContent {
  if (source.kind !== 'folder') throw new ImportError('', 'an OpenCollection folder holds opencollection.yml')
  const rootFile = source.files.find((file) => ROOT_FILES.includes(file.path))
  if (!rootFile) throw new ImportError('opencollection.yml', 'missing: not an OpenCollection folder')
  const content = read(yamlFile(rootFile), source.name, rootFile.path, () =>
    folderNodes(tree(source.files), '', 0),
  )
  // Environments in the order of their file names, whatever order the folder was read in.
  const files = [...source.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  for (const file of files) {
    if (!/^environments\/[^/]+\.ya?ml$/i.test(file.path)) continue
    const fallback = file.path.slice('environments/'.length).replace(YAML_FILE, '')
    const raw = yamlFile(file)
    content.environments.push(
      within(file.path, ': ', () => environment(raw, '', fallback, content.report, file.path)),
    )
  }
  return content
}

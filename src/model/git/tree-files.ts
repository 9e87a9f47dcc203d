/**
 * A workspace's collections as a tree of files, and back: the layout of a git-synced workspace.
 *
 *     <collection>/_collection.yaml        the collection's settings and the order of its entries
 *     <collection>/<request>.yaml          one file per request
 *     <collection>/<request>.examples/<example>.yaml   its saved responses (example-files.ts)
 *     <collection>/<folder>/_folder.yaml   a folder's settings and order
 *     <collection>/<folder>/<request>.yaml
 *
 * Names are escaped by `file-names.ts`; siblings whose names collide get ` (2)`. Files other
 * than `*.yaml` are ignored, so a README or `.gitattributes` may sit beside them. An item without
 * an `id` (a file written by hand) gets one derived from its path, so reading the same files twice
 * gives the same ids.
 */
import { makeCollection, makeFolder } from '../factories.ts'
import { MAX_FOLDER_DEPTH } from '../import/json-text.ts'
import type { Collection, Folder, RequestSpec, TreeItem } from '../types.ts'
import { examplesDir, examplesToFiles, isExamplesDir, readExampleFiles } from './example-files.ts'
import { escapeName, hash, uniqueName, unescapeName } from './file-names.ts'
import {
  GitFileError,
  requestToText,
  settingsToText,
  textToRequestFile,
  textToSettings,
  type ContainerSettings,
} from './item-file.ts'

export const COLLECTION_FILE = '_collection.yaml'
export const FOLDER_FILE = '_folder.yaml'
const EXTENSION = '.yaml'

/** Path (with `/`) → file text. */
export type FileMap = Map<string, string>

/**
 * What `collectionsToFiles` wrote last time, to reuse: a request's text by the request object (a
 * `TreeReader` returns the same object until the request changes), a container's settings text
 * by id with the parts it was made from. A large workspace then re-serialises only what changed.
 */
export interface FileTextCache {
  requests: WeakMap<RequestSpec, RequestTexts>
  settings: Map<string, { parts: unknown[]; text: string }>
  /** Texts made (not reused) so far: what a test or benchmark reads to see the cache work. */
  serialised: number
}

/** A request's file and its examples' files (names in order, texts). */
interface RequestTexts {
  text: string
  examples: { order: string[]; texts: string[] }
}

export function createFileTextCache(): FileTextCache {
  return { requests: new WeakMap(), settings: new Map(), serialised: 0 }
}

/** Every item's file: a request's `.yaml`, a folder's or collection's settings file. */
export function collectionsToFiles(collections: Collection[], cache?: FileTextCache): FileMap {
  return layout(collections, true, cache).files
}

/** Where each item's file is, by id: a request's own file, a container's settings file. */
export function itemPaths(collections: Collection[]): Map<string, string> {
  // Paths only: serialising every file would cost seconds on a large workspace.
  return layout(collections, false).paths
}

interface Layout {
  files: FileMap
  paths: Map<string, string>
  /** Whether to write the files' texts, or only work out where they go. */
  texts: boolean
  cache: FileTextCache | undefined
}

function layout(collections: Collection[], texts: boolean, cache?: FileTextCache): Layout {
  const out: Layout = { files: new Map(), paths: new Map(), texts, cache }
  const taken = new Set<string>()
  for (const collection of collections) {
    const dir = uniqueName(escapeName(collection.name), taken)
    writeContainer(collection, dir, COLLECTION_FILE, out)
  }
  return out
}

function writeContainer(
  container: Collection | Folder,
  dir: string,
  settingsFile: string,
  out: Layout,
): void {
  // Entry names as on disk, and their stems: a request `X` must not become `X.yaml` beside a
  // folder named `X.yaml`, nor a folder `X.yaml` beside a request file `X.yaml` (lower case).
  const taken = new Set([settingsFile.toLowerCase()])
  const stems = new Set([stemOf(settingsFile.toLowerCase())])
  const order: string[] = []
  for (const child of container.children) {
    if (child.type === 'folder') {
      const name = uniqueName(escapeName(child.name), taken)
      stems.add(stemOf(name.toLowerCase()))
      order.push(name)
      writeContainer(child, `${dir}/${name}`, FOLDER_FILE, out)
    } else {
      const name = uniqueName(escapeName(child.name), stems) + EXTENSION
      taken.add(name.toLowerCase())
      order.push(name)
      if (out.texts) {
        const { text, examples } = requestTexts(child, out.cache)
        out.files.set(`${dir}/${name}`, text)
        examples.order.forEach((file, at) =>
          out.files.set(`${dir}/${examplesDir(name)}/${file}`, examples.texts[at]!),
        )
      }
      out.paths.set(child.id, `${dir}/${name}`)
    }
  }
  const { id, name, auth, variables, scripts, description } = container
  const path = `${dir}/${settingsFile}`
  if (out.texts) {
    // The parts are compared by identity: a `TreeReader` keeps them until the container changes.
    const parts = [name, auth, variables, scripts, order.join('\0'), description]
    const kept = out.cache?.settings.get(id)
    if (kept && kept.parts.every((part, at) => part === parts[at])) out.files.set(path, kept.text)
    else {
      const text = settingsToText({ id, name, auth, variables, scripts, order, description })
      if (out.cache) {
        out.cache.settings.set(id, { parts, text })
        out.cache.serialised++
      }
      out.files.set(path, text)
    }
  }
  out.paths.set(id, path)
}

function requestTexts(request: RequestSpec, cache: FileTextCache | undefined): RequestTexts {
  let texts = cache?.requests.get(request)
  if (texts === undefined) {
    const examples = examplesToFiles(request.examples ?? [])
    texts = { text: requestToText(request, examples.order), examples }
    if (cache) {
      cache.requests.set(request, texts)
      cache.serialised++
    }
  }
  return texts
}

function stemOf(name: string): string {
  return name.endsWith(EXTENSION) ? name.slice(0, -EXTENSION.length) : name
}

interface Dir {
  files: Map<string, string>
  dirs: Map<string, Dir>
}

function tree(files: FileMap): Dir {
  const root: Dir = { files: new Map(), dirs: new Map() }
  for (const [path, text] of files) {
    const parts = path.split('/')
    const fileName = parts.pop() as string
    let dir = root
    for (const part of parts) {
      let next = dir.dirs.get(part)
      if (!next) dir.dirs.set(part, (next = { files: new Map(), dirs: new Map() }))
      dir = next
    }
    dir.files.set(fileName, text)
  }
  return root
}

/** A stable id for an item written without one: its path, hashed. */
function pathId(path: string): string {
  return `git-${hash(path)}-${path.length}`
}

/** Reads the files back; the first file that does not parse throws its `GitFileError`. */
export function filesToCollections(files: FileMap): Collection[] {
  const root = tree(files)
  const collections: Collection[] = []
  for (const name of [...root.dirs.keys()].sort()) {
    const settings = readSettings(root.dirs.get(name) as Dir, name, COLLECTION_FILE)
    const collection = makeCollection({ ...settingsFields(settings), children: [] })
    collection.children = readChildren(root.dirs.get(name) as Dir, name, settings.order, 0)
    collections.push(collection)
  }
  return collections
}

function readSettings(dir: Dir, path: string, settingsFile: string): ContainerSettings {
  const file = `${path}/${settingsFile}`
  const text = dir.files.get(settingsFile) ?? ''
  const name = unescapeName(path.split('/').pop() as string)
  return textToSettings(text, file, { id: pathId(file), name })
}

function settingsFields(settings: ContainerSettings): Omit<Folder, 'type' | 'children'> {
  const { id, name, auth, variables, scripts, description } = settings
  return { id, name, auth, variables, scripts, ...(description ? { description } : {}) }
}

function readChildren(dir: Dir, path: string, order: string[], depth: number): TreeItem[] {
  const entries = [
    ...[...dir.dirs.keys()].filter((name) => !isExamplesDir(name)),
    ...[...dir.files.keys()].filter(
      (name) => name.endsWith(EXTENSION) && name !== FOLDER_FILE && name !== COLLECTION_FILE,
    ),
  ]
  const rank = new Map(order.map((entry, index) => [entry, index]))
  entries.sort(
    (a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0),
  )
  return entries.map((entry): TreeItem => {
    const child = `${path}/${entry}`
    const sub = dir.dirs.get(entry)
    if (sub) {
      if (depth >= MAX_FOLDER_DEPTH)
        throw new GitFileError(child, 1, `folders nested more than ${MAX_FOLDER_DEPTH} levels deep`)
      const settings = readSettings(sub, child, FOLDER_FILE)
      const folder = makeFolder({ ...settingsFields(settings), children: [] })
      folder.children = readChildren(sub, child, settings.order, depth + 1)
      return folder
    }
    return readRequest(dir.files.get(entry) as string, child, dir.dirs.get(examplesDir(entry)))
  })
}

function readRequest(text: string, path: string, examplesFolder: Dir | undefined): RequestSpec {
  const name = unescapeName(stemOf(path.split('/').pop() as string))
  const { request, exampleFiles } = textToRequestFile(text, path, { id: pathId(path), name })
  if (exampleFiles === undefined && !examplesFolder) return request
  const examples = readExampleFiles(examplesFolder?.files ?? new Map(), exampleFiles ?? [], examplesDir(path))
  const { examples: _inline, ...rest } = request
  return examples.length > 0 ? { ...rest, examples } : rest
}

/**
 * A request's saved responses (examples) as files beside its own: `Get user.yaml` lists them in
 * order (`examples: [OK.yaml, Not found.yaml]`) and each is a file in `Get user.examples/`, so an
 * example added, edited or removed in git is a file added, changed or removed. Example files are
 * named like requests (file-names.ts); a folder can never be named `….examples`, since
 * `escapeName` escapes the dot of that ending. An example file written by hand may omit `id`
 * (taken from its path, stable across reads) and `name` (taken from its file name).
 */
import { ImportError } from '../import/import-error.ts'
import { examples as checkExamples } from '../import/sendbox-examples.ts'
import type { SavedResponse } from '../types.ts'
import { escapeName, hash, uniqueName, unescapeName } from './file-names.ts'
import { GitFileError, load, toYaml, type FileDefaults } from './item-file.ts'

export const EXAMPLES_DIR_SUFFIX = '.examples'
const EXTENSION = '.yaml'

/** The folder of a request file's examples: `Get user.yaml` → `Get user.examples`. */
export function examplesDir(requestFile: string): string {
  return requestFile.slice(0, -EXTENSION.length) + EXAMPLES_DIR_SUFFIX
}

/** Whether a folder name is a request's examples folder (a collection folder never is). */
export function isExamplesDir(name: string): boolean {
  return name.endsWith(EXAMPLES_DIR_SUFFIX)
}

export function exampleToText(example: SavedResponse): string {
  const { id, name, status, statusText, headers, body, request } = example
  return toYaml({
    id,
    name,
    status,
    ...(statusText !== undefined ? { statusText } : {}),
    headers,
    body,
    ...(request ? { request } : {}),
  })
}

/** The examples' file names (in order) and texts. */
export function examplesToFiles(examples: readonly SavedResponse[]): { order: string[]; texts: string[] } {
  const taken = new Set<string>()
  const order = examples.map((example) => uniqueName(escapeName(example.name), taken) + EXTENSION)
  return { order, texts: examples.map(exampleToText) }
}

export function textToExample(text: string, file: string, defaults: FileDefaults = {}): SavedResponse {
  const { value, at } = load(text, file)
  if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value)))
    throw new GitFileError(file, 1, 'expected a mapping of fields')
  try {
    return checkExamples([{ ...defaults, ...(value as object | null) }], '')[0]!
  } catch (error) {
    if (!(error instanceof ImportError)) throw error
    const path = error.path.replace(/^\[0\]\.?/u, '')
    throw new GitFileError(file, at(path), path ? `${path}: ${error.problem}` : error.problem)
  }
}

/**
 * The examples in a request's examples folder (`files`: file name → text): first those `order`
 * lists, then any others by file name. A name listed without its file is passed over.
 */
export function readExampleFiles(files: Map<string, string>, order: string[], dir: string): SavedResponse[] {
  const names = [
    ...order.filter((name) => files.has(name)),
    ...[...files.keys()].filter((name) => name.endsWith(EXTENSION) && !order.includes(name)).sort(),
  ]
  return [...new Set(names)].map((name) => {
    const path = `${dir}/${name}`
    return textToExample(files.get(name)!, path, {
      id: `git-${hash(path)}-${path.length}`,
      name: unescapeName(name.slice(0, -EXTENSION.length)),
    })
  })
}

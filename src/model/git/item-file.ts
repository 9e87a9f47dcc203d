/**
 * One request, or one folder's or collection's settings, as a YAML file that diffs well: fields in
 * a fixed order, multi-line text (scripts, bodies) as block scalars, one row per list item. Auth
 * secrets (passwords, tokens, keys) are not written; `keepSecrets` puts the workspace's values
 * back when a file is read. Reading validates with the same checks as the Sendbox import, and a
 * problem is a `GitFileError` naming the file, the line and the field.
 */
import { Document, LineCounter, parse, parseDocument, stringify, visit, type Node } from 'yaml'
import { ImportError, visible } from '../import/import-error.ts'
import { parseSendboxCollection } from '../import/sendbox.ts'
import type { Auth, Folder, RequestSpec, TreeItem } from '../types.ts'

/** Auth fields that hold secrets: never written to the repository. */
export const SECRET_AUTH_FIELDS = [
  'password',
  'token',
  'accessToken',
  'clientSecret',
  'secretAccessKey',
  'sessionToken',
] as const

export class GitFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(`${visible(file)}:${line}: ${visible(problem)}`)
  }
}

/** What a folder's (or collection's) settings file holds. `order`: its entries' file names. */
export interface ContainerSettings {
  id: string
  name: string
  auth: Auth
  variables: Folder['variables']
  scripts: Folder['scripts']
  order: string[]
  /** The folder's or collection's description; absent when it has none. */
  description?: string
}

const YAML_OPTIONS = { blockQuote: 'literal', lineWidth: 0 } as const

function withoutSecrets(auth: Auth): Auth {
  const copy: Record<string, unknown> = { ...auth }
  for (const field of SECRET_AUTH_FIELDS) delete copy[field]
  return copy as Auth
}

/** Secret variable values stay on the device: the file has the name and an empty value. */
function variablesWithoutValues(variables: Folder['variables']): Folder['variables'] {
  return variables.map((variable) => (variable.secret ? { ...variable, value: '' } : variable))
}

/**
 * YAML text for `value`. Multi-line strings become block scalars, except the few a block scalar
 * cannot carry exactly (lines of only spaces, for one): those are double-quoted.
 */
export function toYaml(value: unknown): string {
  const doc = new Document(value)
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || !node.value.includes('\n')) return
      let exact = false
      try {
        exact = parse(stringify(node.value, YAML_OPTIONS)) === node.value
      } catch {
        exact = false
      }
      if (!exact) node.type = 'QUOTE_DOUBLE'
    },
  })
  return doc.toString(YAML_OPTIONS)
}

/**
 * A request's file. With `exampleFiles` (the mirror's layout, example-files.ts) its examples are
 * files of their own and `examples` lists their names in order; without, they are written inline.
 */
export function requestToText(request: RequestSpec, exampleFiles?: string[]): string {
  const { id, name, kind, method, url, params, headers, cookies, body, auth, scripts } = request
  const { grpc, websocket, socketio } = request
  const { description, pathVariables, examples } = request
  const ordered = {
    id,
    name,
    kind,
    method,
    url,
    ...(pathVariables?.length ? { pathVariables } : {}),
    params,
    headers,
    cookies,
    body,
    auth,
    scripts,
    ...(grpc ? { grpc } : {}),
    ...(websocket ? { websocket } : {}),
    ...(socketio ? { socketio } : {}),
    ...(description ? { description } : {}),
    ...(exampleFiles?.length ? { examples: exampleFiles } : examples?.length ? { examples } : {}),
  }
  return toYaml({ ...ordered, auth: withoutSecrets(auth) })
}

export function settingsToText(settings: ContainerSettings): string {
  const { id, name, auth, variables, scripts, order, description } = settings
  return toYaml({
    id,
    name,
    auth: withoutSecrets(auth),
    variables: variablesWithoutValues(variables),
    scripts,
    ...(description ? { description } : {}),
    order,
  })
}

/** Parses YAML; a syntax error names its line. */
export function load(text: string, file: string): { value: unknown; at: (path: string) => number } {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true })
  const error = doc.errors[0]
  if (error) {
    const line = error.linePos?.[0].line ?? 1
    throw new GitFileError(file, line, error.message.split('\n')[0] ?? 'not valid YAML')
  }
  const at = (path: string): number => {
    const keys = path
      .split(/\.|\[(\d+)\]/u)
      .filter((key) => key !== undefined && key !== '')
      .map((key) => (/^\d+$/u.test(key) ? Number(key) : key))
    for (let n = keys.length; n > 0; n--) {
      const node = doc.getIn(keys.slice(0, n), true) as Node | undefined
      if (node?.range) return lines.linePos(node.range[0]).line
    }
    return 1
  }
  try {
    return { value: doc.toJS({ maxAliasCount: 100 }) as unknown, at }
  } catch (error) {
    throw new GitFileError(file, 1, `not valid YAML: ${(error as Error).message.split('\n')[0]}`)
  }
}

/** Validates one tree item by the Sendbox import's rules; paths come back relative to the item. */
function checked(item: unknown, file: string, at: (path: string) => number): TreeItem {
  const wrapper = { sendbox: 1, collection: { id: '\u0000git', name: '', children: [item] } }
  try {
    const collection = parseSendboxCollection(wrapper)
    return collection.children[0] as TreeItem
  } catch (error) {
    if (!(error instanceof ImportError)) throw error
    const path = error.path.replace(/^collection\.children\[0\]\.?/u, '')
    throw new GitFileError(file, at(path), path ? `${path}: ${error.problem}` : error.problem)
  }
}

function record(value: unknown, file: string): Record<string, unknown> {
  if (value === null || value === undefined) return {}
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new GitFileError(file, 1, 'expected a mapping of fields')
  return value as Record<string, unknown>
}

/** Fields a file may leave out and what they then are (a hand-written file's id and name). */
export interface FileDefaults {
  id?: string
  name?: string
}

export function textToRequest(text: string, file: string, defaults: FileDefaults = {}): RequestSpec {
  return textToRequestFile(text, file, defaults).request
}

/**
 * A request's file, and the names of its example files when `examples` lists names (the mirror's
 * layout) rather than holding the examples themselves.
 */
export function textToRequestFile(
  text: string,
  file: string,
  defaults: FileDefaults = {},
): { request: RequestSpec; exampleFiles?: string[] } {
  const { value, at } = load(text, file)
  const { examples, ...fields } = record(value, file)
  const named = Array.isArray(examples) && examples.every((entry) => typeof entry === 'string')
  const source = named || examples === undefined ? fields : { ...fields, examples }
  const request = checked({ ...defaults, ...source, type: 'request' }, file, at) as RequestSpec
  return named ? { request, exampleFiles: examples as string[] } : { request }
}

export function textToSettings(text: string, file: string, defaults: FileDefaults = {}): ContainerSettings {
  const { value, at } = load(text, file)
  const source: Record<string, unknown> = { ...defaults, ...record(value, file) }
  const { order, ...rest } = source
  const folder = checked({ ...rest, type: 'folder', children: [] }, file, at) as Folder
  if (order !== undefined && (!Array.isArray(order) || order.some((entry) => typeof entry !== 'string')))
    throw new GitFileError(file, at('order'), 'order: expected a list of file names')
  const { id, name, auth, variables, scripts, description } = folder
  return {
    id,
    name,
    auth,
    variables,
    scripts,
    order: (order as string[] | undefined) ?? [],
    ...(description ? { description } : {}),
  }
}

/** `parsed` with the auth secrets and secret variable values of `current` put back. */
export function keepSecrets<T extends { auth: Auth; variables?: Folder['variables'] }>(
  parsed: T,
  current: { auth: Auth; variables?: Folder['variables'] } | undefined,
): T {
  if (!current) return parsed
  const auth: Record<string, unknown> = { ...parsed.auth }
  if (current.auth.type === parsed.auth.type) {
    for (const field of SECRET_AUTH_FIELDS) {
      if (field in current.auth) auth[field] = (current.auth as Record<string, unknown>)[field]
    }
  }
  const result = { ...parsed, auth: auth as Auth }
  if (parsed.variables && current.variables) {
    const values = new Map(current.variables.map((variable) => [variable.id, variable.value]))
    result.variables = parsed.variables.map((variable) =>
      variable.secret ? { ...variable, value: values.get(variable.id) ?? '' } : variable,
    )
  }
  return result
}

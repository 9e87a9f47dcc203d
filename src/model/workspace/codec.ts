/**
 * Plain values in and out of entity Y.Maps. Values are cloned both ways: Yjs keeps a local
 * write's object as is, so a caller mutating it later would change the doc without an update.
 */
import type { Auth, Collection, Folder, Id, RequestSpec, Scripts, TreeItem, Variable } from '../types.ts'
import { makeScripts } from '../factories.ts'
import { isHttpVersion } from '../settings.ts'
import type { ContainerSettings, RequestFields } from './types.ts'
import { clone } from './clone.ts'
import { makeTable, readTable } from './variable-store.ts'
import {
  CONTAINER_TEXTS,
  createEntries,
  newText,
  readField,
  REQUEST_TEXTS,
  textOf,
  WHOLE_TEXT_FIELDS,
  writeField,
} from './text-fields.ts'
import { makeEntity, type EntityMap } from './workspace-doc.ts'
import { exampleEntries, readExamples, writeExamples } from './examples.ts'

export const REQUEST_FIELDS = [
  'kind',
  'name',
  'method',
  'url',
  'params',
  'headers',
  'cookies',
  'pathVariables',
  'body',
  'auth',
  'scripts',
  'grpc',
  'websocket',
  'socketio',
  'description',
  'httpVersion',
] as const satisfies readonly (keyof RequestFields)[]

/** Secret values never enter the workspace doc. */
export function withoutSecretValues(variables: Variable[]): Variable[] {
  return variables.map((variable) => (variable.secret ? { ...clone(variable), value: '' } : clone(variable)))
}

/**
 * What a request field reads as when its key is absent. New requests store only the fields that
 * differ (see workspace-doc.ts): every stored key is a Yjs item to load.
 */
export const REQUEST_DEFAULTS: { readonly [K in (typeof REQUEST_FIELDS)[number]]: RequestFields[K] } = {
  kind: 'http',
  name: '',
  method: 'GET',
  url: '',
  params: [],
  headers: [],
  cookies: [],
  pathVariables: [],
  body: { type: 'none' },
  auth: { type: 'inherit' },
  scripts: makeScripts(),
  grpc: undefined,
  websocket: undefined,
  socketio: undefined,
  description: undefined,
  httpVersion: 'auto',
}
const DEFAULT_JSON = new Map<string, string>(
  Object.entries(REQUEST_DEFAULTS).map(([key, value]) => [key, JSON.stringify(value)]),
)

/** Whether a request field's value is what an absent key reads as (a blank description is none). */
export function isDefaultField(key: string, value: unknown): boolean {
  if (key === 'description') return typeof value !== 'string' || value.trim() === ''
  const json = DEFAULT_JSON.get(key)
  return json !== undefined && (value === undefined || JSON.stringify(value) === json)
}

/** Writes request fields into a request's entity (text as Y.Text edits; see text-fields.ts). */
export function writeRequestFields(
  entity: EntityMap,
  patch: Partial<RequestFields>,
  base?: Partial<RequestFields>,
): void {
  for (const key of REQUEST_FIELDS) {
    let value: unknown = patch[key]
    // A draft set back to Auto reads without `httpVersion`: against a base that had one, a change.
    if (value === undefined && key === 'httpVersion' && base?.httpVersion !== undefined) value = 'auto'
    if (value === undefined) continue
    writeField(entity, key, value, {
      fallback: REQUEST_DEFAULTS[key],
      isDefault: (shape) => isDefaultField(key, shape),
      base: base?.[key],
    })
  }
  if (patch.examples) writeExamples(entity, patch.examples, base ? (base.examples ?? []) : undefined)
}

export function requestEntity(spec: Partial<RequestFields>, parentId: Id, collectionId: Id): EntityMap {
  // A new Y.Map's `has` does not see what was set before it is in a doc: gather the entries first.
  const entries = new Map<string, unknown>(REQUEST_TEXTS.map((path) => [path, undefined]))
  for (const key of REQUEST_FIELDS) {
    const value: unknown = spec[key] ?? (WHOLE_TEXT_FIELDS.has(key) ? '' : undefined)
    if (value === undefined) continue
    for (const [path, stored] of createEntries(key, value, (shape) => isDefaultField(key, shape)))
      entries.set(path, stored)
  }
  for (const [key, stored] of exampleEntries(spec.examples)) entries.set(key, stored)
  const entity = makeEntity({ parentId, collectionId })
  for (const [path, stored] of entries) entity.set(path, stored ?? newText(''))
  return entity
}

export function readRequestEntity(id: Id, entity: EntityMap): RequestSpec {
  const get = <K extends (typeof REQUEST_FIELDS)[number]>(key: K): RequestFields[K] =>
    readField(entity, key, REQUEST_DEFAULTS[key]) as RequestFields[K]
  const examples = readExamples(entity)
  return {
    type: 'request',
    id,
    kind: get('kind'),
    name: get('name'),
    method: get('method'),
    url: get('url'),
    params: get('params'),
    headers: get('headers'),
    cookies: get('cookies'),
    ...pathVariablesOf(get('pathVariables')),
    body: get('body'),
    auth: get('auth'),
    scripts: get('scripts'),
    ...(entity.has('grpc') ? { grpc: get('grpc') } : {}),
    ...(entity.has('websocket') ? { websocket: get('websocket') } : {}),
    ...(entity.has('socketio') ? { socketio: get('socketio') } : {}),
    ...(typeof entity.get('description') === 'string' ? { description: get('description') } : {}),
    ...httpVersionOf(entity.get('httpVersion')),
    ...(examples.length > 0 ? { examples } : {}),
  }
}

/** Absent when Auto (or unknown), so a request without one reads as it did before. */
const httpVersionOf = (value: unknown) =>
  isHttpVersion(value) && value !== 'auto' ? { httpVersion: value } : {}

/** Absent when the URL has none, so a request without reads as it did before schema 6. */
const pathVariablesOf = (rows: RequestFields['pathVariables']) =>
  rows && rows.length > 0 ? { pathVariables: rows } : {}

export function readContainerEntity(id: Id, entity: EntityMap, defaultAuth: Auth['type']): ContainerSettings {
  return {
    id,
    name: textOf(entity.get('name')) ?? '',
    auth: clone((entity.get('auth') as Auth | undefined) ?? ({ type: defaultAuth } as Auth)),
    variables: readTable(entity.get('variables')),
    scripts: readField(entity, 'scripts', makeScripts()) as Scripts,
    ...(typeof entity.get('description') === 'string'
      ? { description: entity.get('description') as string }
      : {}),
  }
}

/** A container's stored entries: name and scripts as text (text-fields.ts), auth, variables. */
export function containerFields(container: Partial<Collection | Folder>): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    name: newText(container.name ?? ''),
    auth: clone(container.auth),
    variables: makeTable(container.variables ? withoutSecretValues(container.variables) : []),
  }
  if (container.scripts) {
    const empty = JSON.stringify(makeScripts())
    for (const [path, stored] of createEntries(
      'scripts',
      container.scripts,
      (shape) => JSON.stringify(shape) === empty,
    ))
      fields[path] = stored
  }
  for (const path of CONTAINER_TEXTS) if (!(path in fields)) fields[path] = newText('')
  // Documentation is kept as one plain string (last writer wins), only when there is some.
  if (container.description) fields.description = container.description
  return fields
}

/** A deep copy of a tree with new ids for every item, variable and row. */
export function reId<T extends Collection | TreeItem>(item: T, idMap: Map<Id, Id>, newId: () => Id): T {
  const copy = clone(item)
  const visit = (node: Collection | TreeItem) => {
    const id = newId()
    idMap.set(node.id, id)
    node.id = id
    if ('variables' in node) {
      for (const variable of node.variables) {
        const variableId = newId()
        idMap.set(variable.id, variableId)
        variable.id = variableId
      }
    }
    if ('children' in node) node.children.forEach(visit)
    else
      for (const row of [...node.params, ...node.headers, ...node.cookies, ...(node.pathVariables ?? [])])
        row.id = newId()
  }
  visit(copy)
  return copy
}

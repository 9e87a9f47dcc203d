/**
 * Plain values in and out of entity Y.Maps. Values are cloned both ways: Yjs keeps a local
 * write's object as is, so a caller mutating it later would change the doc without an update.
 */
import type { Auth, Collection, Folder, Id, RequestSpec, Scripts, TreeItem, Variable } from '../types.ts'
import { makeScripts } from '../factories.ts'
import type { ContainerSettings, RequestFields } from './types.ts'
import { clone } from './clone.ts'
import { makeTable, readTable } from './variable-store.ts'
import { makeEntity, type EntityMap } from './workspace-doc.ts'

export const REQUEST_FIELDS = [
  'kind',
  'name',
  'method',
  'url',
  'params',
  'headers',
  'cookies',
  'body',
  'auth',
  'scripts',
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
  body: { type: 'none' },
  auth: { type: 'inherit' },
  scripts: makeScripts(),
}
const DEFAULT_JSON = new Map<string, string>(
  Object.entries(REQUEST_DEFAULTS).map(([key, value]) => [key, JSON.stringify(value)]),
)

/** Whether a request field's value is what an absent key reads as. */
export function isDefaultField(key: string, value: unknown): boolean {
  const json = DEFAULT_JSON.get(key)
  return json !== undefined && (value === undefined || JSON.stringify(value) === json)
}

/** Whether setting a request field to `value` would change what it reads as. */
export function changesField(entity: EntityMap, key: string, value: unknown): boolean {
  const current = entity.get(key)
  if (current === undefined) return !isDefaultField(key, value)
  return JSON.stringify(current) !== JSON.stringify(value)
}

export function requestEntity(spec: Partial<RequestFields>, parentId: Id, collectionId: Id): EntityMap {
  const fields: Record<string, unknown> = { parentId, collectionId }
  for (const key of REQUEST_FIELDS) {
    if (spec[key] !== undefined && !isDefaultField(key, spec[key])) fields[key] = clone(spec[key])
  }
  return makeEntity(fields)
}

export function readRequestEntity(id: Id, entity: EntityMap): RequestSpec {
  const get = <T>(key: string, fallback: T): T => {
    const value = entity.get(key)
    return clone(value === undefined ? fallback : value) as T
  }
  const d = REQUEST_DEFAULTS
  return {
    type: 'request',
    id,
    kind: get('kind', d.kind),
    name: get('name', d.name),
    method: get('method', d.method),
    url: get('url', d.url),
    params: get('params', d.params),
    headers: get('headers', d.headers),
    cookies: get('cookies', d.cookies),
    body: get('body', d.body),
    auth: get('auth', d.auth),
    scripts: get('scripts', d.scripts),
  }
}

export function readContainerEntity(id: Id, entity: EntityMap, defaultAuth: Auth['type']): ContainerSettings {
  return {
    id,
    name: (entity.get('name') as string | undefined) ?? '',
    auth: clone((entity.get('auth') as Auth | undefined) ?? ({ type: defaultAuth } as Auth)),
    variables: readTable(entity.get('variables')),
    scripts: clone((entity.get('scripts') as Scripts | undefined) ?? makeScripts()),
  }
}

export function containerFields(container: Partial<Collection | Folder>): Record<string, unknown> {
  return {
    name: container.name,
    auth: clone(container.auth),
    variables: makeTable(container.variables ? withoutSecretValues(container.variables) : []),
    scripts: clone(container.scripts),
  }
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
    else for (const row of [...node.params, ...node.headers, ...node.cookies]) row.id = newId()
  }
  visit(copy)
  return copy
}

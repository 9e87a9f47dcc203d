import { newId } from './ids.ts'
import { kindInfo } from './request-kinds.ts'
import type {
  Auth,
  Collection,
  Environment,
  Folder,
  KeyValueRow,
  RequestKind,
  RequestSpec,
  Scripts,
  Variable,
} from './types.ts'

/** Default-filling factories: the one place that knows what a fresh entity looks like. */

export function makeRow(fields: Partial<KeyValueRow> = {}): KeyValueRow {
  return { id: newId(), key: '', value: '', enabled: true, ...fields }
}

export function makeScripts(fields: Partial<Scripts> = {}): Scripts {
  return { preRequest: '', postResponse: '', ...fields }
}

export function makeVariable(fields: Partial<Variable> = {}): Variable {
  return { id: newId(), key: '', value: '', enabled: true, secret: false, ...fields }
}

export function makeRequest(fields: Partial<RequestSpec> = {}): RequestSpec {
  const kind: RequestKind = fields.kind ?? 'http'
  return {
    type: 'request',
    id: newId(),
    kind,
    name: '',
    method: 'GET',
    url: '',
    params: [],
    headers: [],
    cookies: [],
    body: { type: 'none' },
    auth: { type: 'inherit' },
    scripts: makeScripts(),
    ...kindInfo(kind).starts?.(makeRow),
    ...fields,
  }
}

export function makeFolder(fields: Partial<Folder> = {}): Folder {
  return {
    type: 'folder',
    id: newId(),
    name: 'New Folder',
    auth: { type: 'inherit' },
    variables: [],
    scripts: makeScripts(),
    children: [],
    ...fields,
  }
}

export function makeCollection(fields: Partial<Collection> = {}): Collection {
  const auth: Auth = { type: 'none' }
  return {
    id: newId(),
    name: 'New Collection',
    auth,
    variables: [],
    scripts: makeScripts(),
    children: [],
    ...fields,
  }
}

export function makeEnvironment(fields: Partial<Environment> = {}): Environment {
  return { id: newId(), name: 'New Environment', variables: [], ...fields }
}

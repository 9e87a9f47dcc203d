/**
 * The Sendbox collection file: `{ "sendbox": 1, "collection": <Collection of src/model/types.ts> }`,
 * and the environment file: `{ "sendbox": 1, "environment": <Environment> }` (also used for
 * globals; `parseEnvironment` in `environment.ts` reads it). Written by the app's export, read
 * by the app's import and by `sendbox run`. Reading checks
 * every field and stops at the first problem, naming where it is (`collection.children[2].method`)
 * and what is wrong, so the CLI can print one clear line. Optional fields may be left out and
 * take the defaults of `factories.ts`; a missing id is generated.
 */
import { DIGEST_FIELDS } from '../auth/digest.ts'
import { makeCollection, makeFolder, makeRequest, makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import type { GrpcSpec } from '../realtime/grpc.ts'
import { MESSAGE_FORMATS, makeWebSocketSettings, type WebSocketSettings } from '../realtime/websocket.ts'
import { ImportError, quoted, visible } from './import-error.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH, parseJsonText } from './json-text.ts'
import {
  HTTP_METHODS,
  REQUEST_KINDS,
  type Auth,
  type Collection,
  type Environment,
  type FormDataRow,
  type KeyValueRow,
  type RequestBody,
  type Scripts,
  type TreeItem,
  type Variable,
} from '../types.ts'

export const SENDBOX_FORMAT_VERSION = 1

export interface SendboxCollectionFile {
  sendbox: typeof SENDBOX_FORMAT_VERSION
  collection: Collection
  /** Environments that came with the collection (`sendbox import` of an Insomnia or Bruno source). */
  environments?: Environment[]
}

/** An `ImportError`, so every reader of import files reports it the same way (one line). */
export class SendboxFormatError extends ImportError {
  constructor(path: string, problem: string) {
    super(path, problem)
    this.name = 'SendboxFormatError'
  }

  get reason(): string {
    return this.problem
  }
}

/**
 * The file for a collection; secret values are never in it (they stay on the device). Environments
 * given are written beside it as they are: callers leave out the secret values they must not write.
 */
export function serializeSendboxCollection(collection: Collection, environments: Environment[] = []): string {
  const file: SendboxCollectionFile = {
    sendbox: SENDBOX_FORMAT_VERSION,
    collection,
    ...(environments.length > 0 ? { environments } : {}),
  }
  return JSON.stringify(file, withoutScriptOnlyFields, 2) + '\n'
}

/** A Postman import's path variables are for its scripts only (RequestSpec): the format has none. */
function withoutScriptOnlyFields(this: unknown, key: string, value: unknown): unknown {
  return (key === 'pathVariables' || key === 'urlTemplate') && (this as { type?: unknown }).type === 'request'
    ? undefined
    : value
}

export interface SendboxEnvironmentFile {
  sendbox: typeof SENDBOX_FORMAT_VERSION
  environment: Environment
}

/** Secret values are left empty: the file may be shared, the values stay on the device. */
export function serializeSendboxEnvironment(environment: Environment): string {
  const variables = environment.variables.map((variable) =>
    variable.secret ? { ...variable, value: '' } : variable,
  )
  const file: SendboxEnvironmentFile = {
    sendbox: SENDBOX_FORMAT_VERSION,
    environment: { ...environment, variables },
  }
  return JSON.stringify(file, null, 2) + '\n'
}

function fileRoot(input: unknown): Record<string, unknown> {
  let json = input
  if (typeof input === 'string') {
    try {
      json = parseJsonText(input)
    } catch (error) {
      throw new SendboxFormatError('$', (error as ImportError).problem)
    }
  }
  const source = object(json, '$')
  if (!('sendbox' in source))
    throw new SendboxFormatError('sendbox', 'missing: not a Sendbox collection file')
  if (source.sendbox !== SENDBOX_FORMAT_VERSION) {
    throw new SendboxFormatError(
      'sendbox',
      `unsupported version ${visible(JSON.stringify(source.sendbox)?.slice(0, 40) ?? '')} (expected 1)`,
    )
  }
  return source
}

/** Reads a collection file (its text, or already-parsed JSON); throws `SendboxFormatError`. */
export function parseSendboxCollection(input: unknown): Collection {
  const file = fileRoot(input)
  const ids = new Set<string>()
  const source = object(file.collection, 'collection')
  const collection = makeCollection({
    id: id(source.id, 'collection.id', ids),
    name: string(source.name, 'collection.name'),
    auth: optional(source.auth, 'collection.auth', auth, { type: 'none' }),
    variables: optional(source.variables, 'collection.variables', variables(ids), []),
    scripts: optional(source.scripts, 'collection.scripts', scripts, makeScripts()),
    ...described(source.description, 'collection.description'),
  })
  collection.children = optional(source.children, 'collection.children', children(ids, 0), [])
  return collection
}

type Check<T> = (value: unknown, path: string) => T

/** Documentation text, kept only when there is some. */
const described = (value: unknown, path: string) => (value ? { description: string(value, path) } : {})

function fail(path: string, reason: string): never {
  throw new SendboxFormatError(path, reason)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value} ${visible(JSON.stringify(value)?.slice(0, 40) ?? '')}`
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail(path, value === undefined ? 'missing' : `expected an object, got ${describe(value)}`)
  }
  return value as Record<string, unknown>
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string')
    fail(path, value === undefined ? 'missing' : `expected a string, got ${describe(value)}`)
  return value
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, `expected true or false, got ${describe(value)}`)
  return value
}

function oneOf<T extends string>(allowed: readonly T[]): Check<T> {
  return (value, path) => {
    if (typeof value !== 'string' || !allowed.includes(value as T)) {
      const found = value === undefined ? 'missing' : `got ${describe(value)}`
      fail(path, `expected one of ${allowed.join(', ')}, ${found}`)
    }
    return value as T
  }
}

const protoFile: Check<GrpcSpec['protoFiles'][number]> = (value, path) => {
  const file = object(value, path)
  const name = string(file.name, `${path}.name`)
  if (!name.trim()) fail(`${path}.name`, 'expected a file name')
  return { name, text: string(file.text, `${path}.text`) }
}

/** A gRPC request's own fields (src/model/realtime/grpc.ts). */
function grpc(value: unknown, path: string): GrpcSpec {
  const source = object(value, path)
  const text = (key: 'service' | 'method' | 'message', fallback = '') =>
    optional(source[key], `${path}.${key}`, string, fallback)
  const deadlineMs = source.deadlineMs ?? 0
  if (typeof deadlineMs !== 'number' || !Number.isInteger(deadlineMs) || deadlineMs < 0)
    fail(
      `${path}.deadlineMs`,
      `expected a whole number of milliseconds, 0 or more, got ${describe(deadlineMs)}`,
    )
  return {
    tls: optional(source.tls, `${path}.tls`, boolean, false),
    source: optional(source.source, `${path}.source`, oneOf(['reflection', 'proto'] as const), 'reflection'),
    protoFiles: optional(source.protoFiles, `${path}.protoFiles`, array(protoFile), []),
    service: text('service'),
    method: text('method'),
    message: text('message', '{}'),
    deadlineMs,
  }
}

function optional<T>(value: unknown, path: string, check: Check<T>, fallback: T): T {
  return value === undefined ? fallback : check(value, path)
}

function array<T>(item: Check<T>): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) fail(path, `expected an array, got ${describe(value)}`)
    return value.map((entry, index) => item(entry, `${path}[${index}]`))
  }
}

function id(value: unknown, path: string, seen: Set<string>): string {
  const result = optional(value, path, string, newId())
  if (result === '') fail(path, 'must not be empty')
  if (seen.has(result)) fail(path, `duplicate id ${quoted(result)}`)
  seen.add(result)
  return result
}

const row: Check<KeyValueRow> = (value, path) => {
  const source = object(value, path)
  const result = makeRow({
    key: string(source.key, `${path}.key`),
    value: optional(source.value, `${path}.value`, string, ''),
    enabled: optional(source.enabled, `${path}.enabled`, boolean, true),
  })
  if (typeof source.id === 'string' && source.id !== '') result.id = source.id
  if (source.description !== undefined) result.description = string(source.description, `${path}.description`)
  if (optional(source.auto, `${path}.auto`, boolean, false)) {
    result.auto = true
    result.enabled = false
  }
  return result
}

const formRow: Check<FormDataRow> = (value, path) => {
  const source = object(value, path)
  const result: FormDataRow = {
    ...row(value, path),
    type: optional(source.type, `${path}.type`, oneOf(['text', 'file'] as const), 'text'),
  }
  for (const key of ['fileName', 'contentType', 'fileRef'] as const) {
    if (source[key] !== undefined) result[key] = string(source[key], `${path}.${key}`)
  }
  return result
}

function variables(ids: Set<string>): Check<Variable[]> {
  return array((value, path) => {
    const source = object(value, path)
    return makeVariable({
      id: id(source.id, `${path}.id`, ids),
      key: string(source.key, `${path}.key`),
      value: optional(source.value, `${path}.value`, string, ''),
      enabled: optional(source.enabled, `${path}.enabled`, boolean, true),
      secret: optional(source.secret, `${path}.secret`, boolean, false),
    })
  })
}

const scripts: Check<Scripts> = (value, path) => {
  const source = object(value, path)
  return makeScripts({
    preRequest: optional(source.preRequest, `${path}.preRequest`, string, ''),
    postResponse: optional(source.postResponse, `${path}.postResponse`, string, ''),
  })
}

const AUTH_FIELDS: Record<Auth['type'], readonly string[]> = {
  inherit: [],
  none: [],
  bearer: ['token'],
  apikey: ['key', 'value'],
  basic: ['username', 'password'],
  oauth2: ['accessToken', 'authUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scope'],
  sigv4: ['accessKeyId', 'secretAccessKey', 'sessionToken', 'region', 'service'],
  digest: DIGEST_FIELDS,
  unsupported: ['name', 'params'],
}

const OAUTH2_OPTIONAL_TEXT = [
  'audience',
  'resource',
  'extraParams',
  'headerPrefix',
  'username',
  'password',
] as const

const auth: Check<Auth> = (value, path) => {
  const source = object(value, path)
  const type = oneOf(Object.keys(AUTH_FIELDS) as Auth['type'][])(source.type, `${path}.type`)
  const result: Record<string, unknown> = { type }
  for (const field of AUTH_FIELDS[type])
    result[field] = optional(source[field], `${path}.${field}`, string, '')
  if (type === 'apikey')
    result.addTo = optional(source.addTo, `${path}.addTo`, oneOf(['header', 'query'] as const), 'header')
  if (type === 'oauth2') {
    const grants = ['token', 'authorization-code', 'client-credentials', 'password'] as const
    result.grant = optional(source.grant, `${path}.grant`, oneOf(grants), 'token')
    for (const field of OAUTH2_OPTIONAL_TEXT)
      if (source[field] !== undefined) result[field] = string(source[field], `${path}.${field}`)
    if (source.clientAuth !== undefined)
      result.clientAuth = oneOf(['basic', 'body'] as const)(source.clientAuth, `${path}.clientAuth`)
    if (source.addTo !== undefined)
      result.addTo = oneOf(['header', 'query'] as const)(source.addTo, `${path}.addTo`)
  }
  return result as Auth
}

const body: Check<RequestBody> = (value, path) => {
  const source = object(value, path)
  const type = oneOf(['none', 'raw', 'form-data', 'urlencoded', 'graphql'] as const)(
    source.type,
    `${path}.type`,
  )
  switch (type) {
    case 'none':
      return { type }
    case 'raw':
      return {
        type,
        language: optional(
          source.language,
          `${path}.language`,
          oneOf(['text', 'json', 'xml'] as const),
          'text',
        ),
        text: optional(source.text, `${path}.text`, string, ''),
      }
    case 'form-data':
      return { type, rows: optional(source.rows, `${path}.rows`, array(formRow), []) }
    case 'urlencoded':
      return { type, rows: optional(source.rows, `${path}.rows`, array(row), []) }
    case 'graphql': {
      const result: RequestBody = {
        type,
        query: optional(source.query, `${path}.query`, string, ''),
        variables: optional(source.variables, `${path}.variables`, string, ''),
      }
      if (source.operationName !== undefined)
        result.operationName = string(source.operationName, `${path}.operationName`)
      return result
    }
  }
}

const composed = (value: unknown, path: string) => {
  const source = object(value, path)
  return {
    format: optional(source.format, `${path}.format`, oneOf(MESSAGE_FORMATS), 'text'),
    text: optional(source.text, `${path}.text`, string, ''),
  }
}

const websocket: Check<WebSocketSettings> = (value, path) => {
  const source = object(value, path)
  return makeWebSocketSettings({
    message: optional(source.message, `${path}.message`, composed, makeWebSocketSettings().message),
    saved: optional(
      source.saved,
      `${path}.saved`,
      array((entry, at) => ({
        ...composed(entry, at),
        id: optional(object(entry, at).id, `${at}.id`, string, newId()),
        name: optional(object(entry, at).name, `${at}.name`, string, ''),
      })),
      [],
    ),
  })
}

/** `depth`: how many folders the list is inside. */
function children(ids: Set<string>, depth: number): Check<TreeItem[]> {
  return array((value, path): TreeItem => {
    const source = object(value, path)
    const type = oneOf(['folder', 'request'] as const)(source.type, `${path}.type`)
    if (type === 'folder') {
      if (depth >= MAX_FOLDER_DEPTH) fail(path, FOLDERS_TOO_DEEP)
      return makeFolder({
        id: id(source.id, `${path}.id`, ids),
        name: string(source.name, `${path}.name`),
        auth: optional(source.auth, `${path}.auth`, auth, { type: 'inherit' }),
        variables: optional(source.variables, `${path}.variables`, variables(ids), []),
        scripts: optional(source.scripts, `${path}.scripts`, scripts, makeScripts()),
        children: optional(source.children, `${path}.children`, children(ids, depth + 1), []),
        ...described(source.description, `${path}.description`),
      })
    }
    const kind = optional(source.kind, `${path}.kind`, oneOf(REQUEST_KINDS), 'http')
    const base = makeRequest({ kind })
    return makeRequest({
      id: id(source.id, `${path}.id`, ids),
      kind,
      name: optional(source.name, `${path}.name`, string, ''),
      method: optional(source.method, `${path}.method`, oneOf(HTTP_METHODS), base.method),
      url: string(source.url, `${path}.url`),
      params: optional(source.params, `${path}.params`, array(row), []),
      headers: optional(source.headers, `${path}.headers`, array(row), base.headers),
      cookies: optional(source.cookies, `${path}.cookies`, array(row), []),
      body: optional(source.body, `${path}.body`, body, base.body),
      auth: optional(source.auth, `${path}.auth`, auth, { type: 'inherit' }),
      scripts: optional(source.scripts, `${path}.scripts`, scripts, makeScripts()),
      ...(source.grpc === undefined ? {} : { grpc: grpc(source.grpc, `${path}.grpc`) }),
      ...(source.websocket !== undefined
        ? { websocket: websocket(source.websocket, `${path}.websocket`) }
        : {}),
      ...described(source.description, `${path}.description`),
    })
  })
}

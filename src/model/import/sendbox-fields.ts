/**
 * The readers of a Sendbox file's fields (src/model/import/sendbox.ts): typed checks, and one
 * reader per part of an item (rows, variables, scripts, auth, body, WebSocket and gRPC settings).
 * Each checks every field and throws `SendboxFormatError` at the first problem, naming where it
 * is (`collection.children[2].auth.type`) and what is wrong; optional fields take the defaults of
 * `factories.ts`.
 */
import { DIGEST_FIELDS } from '../auth/digest.ts'
import { HAWK_TEXT_FIELDS, OAUTH1_TEXT_FIELDS } from '../auth/auth-fields.ts'
import { makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import type { GrpcSpec } from '../realtime/grpc.ts'
import { makeSocketIoSettings, SOCKETIO_VERSIONS, type SocketIoSettings } from '../realtime/socketio.ts'
import { MESSAGE_FORMATS, makeWebSocketSettings, type WebSocketSettings } from '../realtime/websocket.ts'
import type { Auth, FormDataRow, KeyValueRow, RequestBody, Scripts, Variable } from '../types.ts'
import { ImportError, quoted, visible } from './import-error.ts'

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

export type Check<T> = (value: unknown, path: string) => T

/** Documentation text, kept only when there is some. */
export const described = (value: unknown, path: string) => (value ? { description: string(value, path) } : {})

export function fail(path: string, reason: string): never {
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

export function object(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail(path, value === undefined ? 'missing' : `expected an object, got ${describe(value)}`)
  }
  return value as Record<string, unknown>
}

export function string(value: unknown, path: string): string {
  if (typeof value !== 'string')
    fail(path, value === undefined ? 'missing' : `expected a string, got ${describe(value)}`)
  return value
}

export function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, `expected true or false, got ${describe(value)}`)
  return value
}

export function oneOf<T extends string>(allowed: readonly T[]): Check<T> {
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
export function grpc(value: unknown, path: string): GrpcSpec {
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

export function optional<T>(value: unknown, path: string, check: Check<T>, fallback: T): T {
  return value === undefined ? fallback : check(value, path)
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) fail(path, `expected an array, got ${describe(value)}`)
    return value.map((entry, index) => item(entry, `${path}[${index}]`))
  }
}

export function id(value: unknown, path: string, seen: Set<string>): string {
  const result = optional(value, path, string, newId())
  if (result === '') fail(path, 'must not be empty')
  if (seen.has(result)) fail(path, `duplicate id ${quoted(result)}`)
  seen.add(result)
  return result
}

export const row: Check<KeyValueRow> = (value, path) => {
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

export function variables(ids: Set<string>): Check<Variable[]> {
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

export const scripts: Check<Scripts> = (value, path) => {
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
  oauth1: OAUTH1_TEXT_FIELDS,
  hawk: HAWK_TEXT_FIELDS,
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

export const auth: Check<Auth> = (value, path) => {
  const source = object(value, path)
  const type = oneOf(Object.keys(AUTH_FIELDS) as Auth['type'][])(source.type, `${path}.type`)
  const result: Record<string, unknown> = { type }
  for (const field of AUTH_FIELDS[type])
    result[field] = optional(source[field], `${path}.${field}`, string, '')
  if (type === 'apikey')
    result.addTo = optional(source.addTo, `${path}.addTo`, oneOf(['header', 'query'] as const), 'header')
  if (type === 'oauth1') {
    result.addTo = optional(source.addTo, `${path}.addTo`, oneOf(['header', 'query'] as const), 'header')
    for (const flag of ['includeBodyHash', 'addEmptyParamsToSign'] as const)
      result[flag] = optional(source[flag], `${path}.${flag}`, boolean, false)
  }
  if (type === 'hawk')
    result.includePayloadHash = optional(
      source.includePayloadHash,
      `${path}.includePayloadHash`,
      boolean,
      false,
    )
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

export const body: Check<RequestBody> = (value, path) => {
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

export const websocket: Check<WebSocketSettings> = (value, path) => {
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

/** A Socket.IO request's own fields (src/model/realtime/socketio.ts). */
export const socketio: Check<SocketIoSettings> = (value, path) => {
  const source = object(value, path)
  const base = makeSocketIoSettings()
  const emit = optional(source.emit, `${path}.emit`, (v, at) => object(v, at), {})
  return makeSocketIoSettings({
    path: optional(source.path, `${path}.path`, string, base.path),
    namespace: optional(source.namespace, `${path}.namespace`, string, base.namespace),
    version: optional(source.version, `${path}.version`, oneOf(SOCKETIO_VERSIONS), base.version),
    auth: optional(source.auth, `${path}.auth`, string, base.auth),
    events: optional(source.events, `${path}.events`, array(string), []),
    emit: {
      event: optional(emit.event, `${path}.emit.event`, string, ''),
      args: optional(emit.args, `${path}.emit.args`, string, base.emit.args),
      ack: optional(emit.ack, `${path}.emit.ack`, boolean, false),
    },
  })
}

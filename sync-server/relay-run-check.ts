/**
 * Checks a collection run handed to the relay (`POST /relay/run`) before anything runs: the
 * framing, the spec's fields and the shape of its collection, the send options as `POST /relay`
 * checks them (proxy, TLS, HTTP version), and the run's size against the relay's limits. Every
 * refusal is a 400 (or 413) naming the field, never a fault deep inside the run.
 */
import type { IterationRow } from '../src/model/iteration-data/index.ts'
import { isHttpVersion, HTTP_VERSIONS } from '../src/model/settings.ts'
import type { Collection, Environment } from '../src/model/types.ts'
import type { RunRequestMeta } from '../src/runtime/app-run/relay-protocol.ts'
import { RUN_PROTOCOL_VERSION } from '../src/runtime/app-run/relay-protocol.ts'
import type { AppRunSpec } from '../src/runtime/app-run/types.ts'
import { checkProxy, checkTls, invalid, object, readJsonHeader } from './relay-validate.ts'

/** Most iterations a run may ask for (the relay's request limit bounds what is sent). */
export const MAX_ITERATIONS = 1_000_000
/** Longest delay between requests, in ms. */
export const MAX_DELAY_MS = 3_600_000
/** Deepest folder nesting a run's collection may have. */
const MAX_DEPTH = 64
/** Most items (requests and folders) in a run's collection. */
const MAX_ITEMS = 100_000

export interface CheckedRun {
  spec: AppRunSpec
  /** A form-data file reference's bytes, or why the app could not read it. */
  files: Map<string, Uint8Array | string>
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) invalid(`${what} must be a list`)
  return value
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') invalid(`${what} must be a string`)
  return value
}

function integer(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    invalid(`${what} must be an integer from ${min} to ${max}`)
  return value
}

function flag(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') invalid(`${what} must be true or false`)
  return value
}

function variables(value: unknown, what: string) {
  list(value, what).forEach((v, i) => {
    const variable = object(v, `${what}[${i}]`)
    text(variable.key, `${what}[${i}].key`)
    text(variable.value, `${what}[${i}].value`)
  })
}

function environment(value: unknown, what: string): Environment {
  const env = object(value, what)
  text(env.name, `${what}.name`)
  variables(env.variables, `${what}.variables`)
  return env as unknown as Environment
}

/** The tree's shape (what the run loop reads without checking); the send pipeline checks the rest. */
function tree(items: unknown, where: string, depth: number, count: { items: number }): void {
  if (depth > MAX_DEPTH) invalid(`${where} is nested deeper than ${MAX_DEPTH} folders`)
  list(items, `${where}.children`).forEach((value, i) => {
    const at = `${where}.children[${i}]`
    if (++count.items > MAX_ITEMS) invalid(`the collection has more than ${MAX_ITEMS} items`)
    const item = object(value, at)
    text(item.id, `${at}.id`)
    text(item.name, `${at}.name`)
    object(item.scripts, `${at}.scripts`)
    object(item.auth, `${at}.auth`)
    if (item.type === 'folder') {
      variables(item.variables, `${at}.variables`)
      return tree(item.children, at, depth + 1, count)
    }
    if (item.type !== 'request') invalid(`${at}.type must be request or folder`)
    text(item.method, `${at}.method`)
    text(item.url, `${at}.url`)
    for (const table of ['params', 'headers', 'cookies'] as const) list(item[table], `${at}.${table}`)
    const body = object(item.body, `${at}.body`)
    text(body.type, `${at}.body.type`)
  })
}

function collection(value: unknown): Collection {
  const c = object(value, 'spec.collection')
  text(c.id, 'spec.collection.id')
  text(c.name, 'spec.collection.name')
  object(c.scripts, 'spec.collection.scripts')
  object(c.auth, 'spec.collection.auth')
  variables(c.variables, 'spec.collection.variables')
  tree(c.children, 'spec.collection', 0, { items: 0 })
  return c as unknown as Collection
}

function data(value: unknown): IterationRow[] {
  return list(value, 'spec.data').map((row, i) => {
    const fields = object(row, `spec.data[${i}]`)
    for (const [key, v] of Object.entries(fields))
      if (typeof v === 'object' && v !== null)
        invalid(`spec.data[${i}].${key} must be a text, number or boolean`)
    return fields as IterationRow
  })
}

function pairs(value: unknown, what: string): [string, string][] {
  return list(value, what).map((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) invalid(`${what}[${i}] must be a [key, value] pair`)
    return [text(pair[0], `${what}[${i}][0]`), text(pair[1], `${what}[${i}][1]`)]
  })
}

function options(value: unknown): AppRunSpec['options'] {
  const o = object(value ?? {}, 'spec.options')
  const out: AppRunSpec['options'] = {}
  if (o.timeoutMs !== undefined) out.timeoutMs = integer(o.timeoutMs, 'spec.options.timeoutMs', 0, 2 ** 31)
  if (o.followRedirects !== undefined)
    out.followRedirects = flag(o.followRedirects, 'spec.options.followRedirects')
  if (o.maxRedirects !== undefined)
    out.maxRedirects = integer(o.maxRedirects, 'spec.options.maxRedirects', 0, 1000)
  if (o.maxResponseBytes !== undefined)
    out.maxResponseBytes = integer(
      o.maxResponseBytes,
      'spec.options.maxResponseBytes',
      0,
      Number.MAX_SAFE_INTEGER,
    )
  if (o.proxy !== undefined) out.proxy = checkProxy(o.proxy)
  if (o.tls !== undefined) out.tls = checkTls(o.tls)
  if (o.httpVersion !== undefined) {
    if (!isHttpVersion(o.httpVersion))
      invalid(`spec.options.httpVersion must be one of ${HTTP_VERSIONS.join(', ')}`)
    out.httpVersion = o.httpVersion
  }
  return out
}

/** `u32 length | JSON RunRequestMeta | files` into a run the loop can take. */
export function parseRunRequest(buffer: Buffer): CheckedRun {
  const { header: parsed, length } = readJsonHeader(buffer, 'the run request')
  const meta = object(parsed, 'the run request') as Partial<Record<keyof RunRequestMeta, unknown>>
  if (meta.v !== RUN_PROTOCOL_VERSION)
    invalid(
      `run protocol version ${JSON.stringify(meta.v)} is not supported (expected ${RUN_PROTOCOL_VERSION})`,
    )
  const s = object(meta.spec, 'spec')
  const spec: AppRunSpec = {
    name: text(s.name, 'spec.name'),
    collection: collection(s.collection),
    ...(s.environment !== undefined ? { environment: environment(s.environment, 'spec.environment') } : {}),
    globals: environment(s.globals, 'spec.globals'),
    session: pairs(s.session, 'spec.session'),
    ...(s.data !== undefined ? { data: data(s.data) } : {}),
    iterationCount: integer(s.iterationCount, 'spec.iterationCount', 1, MAX_ITERATIONS),
    delayMs: integer(s.delayMs, 'spec.delayMs', 0, MAX_DELAY_MS),
    bail: flag(s.bail, 'spec.bail'),
    options: options(s.options),
    formatJson: flag(s.formatJson, 'spec.formatJson'),
    defaultHeaders: flag(s.defaultHeaders, 'spec.defaultHeaders'),
    tokens: list(s.tokens, 'spec.tokens').map((pair, i) => {
      if (!Array.isArray(pair) || pair.length !== 2)
        invalid(`spec.tokens[${i}] must be an [owner, token] pair`)
      return [text(pair[0], `spec.tokens[${i}][0]`), object(pair[1], `spec.tokens[${i}][1]`)] as never
    }),
  }
  const files = new Map<string, Uint8Array | string>()
  let at = 4 + length
  list(meta.files ?? [], 'files').forEach((value, i) => {
    const file = object(value, `files[${i}]`)
    const ref = text(file.ref, `files[${i}].ref`)
    if (file.error !== undefined) return void files.set(ref, text(file.error, `files[${i}].error`))
    const size = integer(file.length, `files[${i}].length`, 0, buffer.length)
    if (at + size > buffer.length) invalid(`files[${i}] is longer than the bytes sent`)
    files.set(ref, new Uint8Array(buffer.buffer, buffer.byteOffset + at, size))
    at += size
  })
  if (at !== buffer.length) invalid('the run request carries bytes no file names')
  return { spec, files }
}

/**
 * One OpenCollection item (a request, or the `request` defaults of a collection or folder) → the
 * `.bru` document shape (bruno-lang.ts), so Bruno's two formats share one mapping
 * (bruno-request.ts). Every field is type-checked here first: a problem is an `ImportError`
 * naming its path in the YAML (`http.headers[0].name`). What has no place in the `.bru` shape
 * (body variants, tags, actions, hook scripts) is reported; `examples` are passed on as they are.
 */
import type { BruAuth, BruBody, BruDocument, BruFileRow, BruRow } from './bruno-lang.ts'
import { skipIn, type BruContext } from './bruno-request.ts'
import {
  ImportError,
  describe,
  quoted,
  expectObject,
  isObject,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
  type JsonObject,
} from './import-error.ts'

/** A type name from the file, printable as is when it is a plain word, else quoted. */
export function typeName(type: string): string {
  return /^[a-z][a-z0-9_-]{0,39}$/i.test(type) ? type : quoted(type)
}

/** A description or docs: text, or `{ content, type }`. */
export function docText(value: unknown, path: string): string {
  if (isObject(value)) return optionalString(value.content, `${path}.content`)
  return optionalString(value, path)
}

/** `disabled: true` (the spec) or `enabled: false` (what Bruno writes in environments). */
function enabledOf(row: JsonObject, at: string): boolean {
  const disabled = optionalBoolean(row.disabled, `${at}.disabled`, false)
  return !disabled && optionalBoolean(row.enabled, `${at}.enabled`, true)
}

export function ocRows(value: unknown, path: string): BruRow[] {
  return optionalArray(value, path).map((raw, i) => {
    const at = `${path}[${i}]`
    const row = expectObject(raw, at)
    return {
      name: optionalString(row.name, `${at}.name`),
      value: optionalText(row.value, `${at}.value`),
      enabled: enabledOf(row, at),
      type: optionalString(row.type, `${at}.type`) || undefined,
    }
  })
}

/** A variable's value: text, `{ type, data }`, or a list of variants (the selected one). */
function variableValue(value: unknown, path: string): string {
  if (Array.isArray(value)) {
    const variants = value.map((raw, i) => expectObject(raw, `${path}[${i}]`))
    const chosen =
      variants.findIndex((v, i) => optionalBoolean(v.selected, `${path}[${i}].selected`, false)) + 1 || 1
    return chosen <= variants.length
      ? variableValue(variants[chosen - 1]!.value, `${path}[${chosen - 1}].value`)
      : ''
  }
  if (isObject(value)) return optionalText(value.data, `${path}.data`)
  return optionalText(value, path)
}

/** Variables of environments, collections, folders and requests (`secret: true` kept). */
export function ocVariables(value: unknown, path: string): (BruRow & { secret: boolean })[] {
  return optionalArray(value, path).map((raw, i) => {
    const at = `${path}[${i}]`
    const row = expectObject(raw, at)
    return {
      name: optionalString(row.name, `${at}.name`),
      value: variableValue(row.value, `${at}.value`),
      enabled: enabledOf(row, at),
      secret: optionalBoolean(row.secret, `${at}.secret`, false),
    }
  })
}

/** `runtime.scripts` / `request.scripts`: a list of `{ type, code }`. */
function scripts(value: unknown, path: string, doc: BruDocument, context: BruContext): void {
  const parts: Record<string, string[]> = { 'before-request': [], 'after-response': [], tests: [] }
  for (const [i, raw] of optionalArray(value, path).entries()) {
    const at = `${path}[${i}]`
    const script = expectObject(raw, at)
    const type = optionalString(script.type, `${at}.type`)
    const code = optionalString(script.code, `${at}.code`)
    const list = Object.hasOwn(parts, type) ? parts[type] : undefined
    if (list) list.push(code)
    else if (code.trim())
      skipIn(
        context,
        `${type ? quoted(type) : 'untyped'} script`,
        'Sendbox runs pre-request and post-response scripts',
      )
  }
  const join = (list: string[]) => (list.length > 0 ? list.join('\n') : undefined)
  doc.script = { req: join(parts['before-request']!), res: join(parts['after-response']!) }
  doc.tests = join(parts.tests!)
}

const AUTH_TYPES = ['awsv4', 'basic', 'wsse', 'bearer', 'digest', 'ntlm', 'apikey', 'oauth1', 'oauth2']

/** `auth`: `inherit`, `none`, or `{ type, …fields }` (fields also accepted under the type's key). */
export function ocAuth(value: unknown, path: string): { mode?: string; auth?: BruAuth } {
  if (value === undefined || value === null) return {}
  if (typeof value === 'string') {
    if (value === 'inherit' || value === 'none') return { mode: value }
    throw new ImportError(path, `expected "inherit", "none" or an auth object, found ${describe(value)}`)
  }
  const auth = expectObject(value, path)
  const type = optionalString(auth.type, `${path}.type`)
  if (type === 'none' || type === 'inherit') return { mode: type }
  if (!AUTH_TYPES.includes(type)) return { mode: type ? typeName(type) : 'untyped', auth: {} }
  const nested = auth[type]
  const fields = isObject(nested) ? nested : auth
  const at = isObject(nested) ? `${path}.${type}` : path
  const get = (key: string) => optionalText(fields[key], `${at}.${key}`)
  if (type === 'apikey')
    return {
      mode: type,
      auth: {
        apikey: {
          key: get('key'),
          value: get('value'),
          placement: get('placement') === 'query' ? 'queryparams' : 'header',
        },
      },
    }
  if (type === 'oauth2') {
    const credentials = isObject(fields.credentials) ? fields.credentials : {}
    const credential = (key: string) => optionalText(credentials[key], `${at}.credentials.${key}`)
    return {
      mode: type,
      auth: {
        oauth2: {
          grantType: get('flow') || get('grantType'),
          accessTokenUrl: get('accessTokenUrl'),
          authorizationUrl: get('authorizationUrl'),
          clientId: credential('clientId') || get('clientId'),
          clientSecret: credential('clientSecret') || get('clientSecret'),
          scope: get('scope'),
        },
      },
    }
  }
  const copy: Record<string, string> = {}
  for (const [key, field] of Object.entries(fields))
    if (key !== 'type' && (typeof field !== 'object' || field === null)) copy[key] = get(key)
  return { mode: type, auth: { [type]: copy } }
}

const RAW_BODIES = ['json', 'text', 'xml', 'sparql']

/** `http.body`: one body, or a list of variants (the selected one is read, the rest reported). */
function body(value: unknown, path: string, doc: BruDocument, context: BruContext): void {
  if (value === undefined || value === null) return
  let chosen: unknown = value
  let at = path
  if (Array.isArray(value)) {
    const variants = value.map((raw, i) => expectObject(raw, `${path}[${i}]`))
    const index = Math.max(
      0,
      variants.findIndex((v, i) => optionalBoolean(v.selected, `${path}[${i}].selected`, false)),
    )
    if (variants.length > 1)
      skipIn(context, `${variants.length - 1} more body variants`, 'a request has one body in Sendbox')
    if (variants.length === 0) return
    at = `${path}[${index}].body`
    chosen = variants[index]!.body
  }
  const source = expectObject(chosen, at)
  const bodies: BruBody = {}
  doc.body = bodies
  if (doc.meta?.type === 'graphql' || ('query' in source && !('type' in source))) {
    doc.http = { ...doc.http, body: 'graphql' }
    bodies.graphql = {
      query: optionalString(source.query, `${at}.query`),
      variables: optionalString(source.variables, `${at}.variables`),
    }
    return
  }
  const type = optionalString(source.type, `${at}.type`)
  if (RAW_BODIES.includes(type)) {
    doc.http = { ...doc.http, body: type }
    bodies[type as 'json'] = optionalString(source.data, `${at}.data`)
  } else if (type === 'form-urlencoded') {
    doc.http = { ...doc.http, body: 'formUrlEncoded' }
    bodies.formUrlEncoded = ocRows(source.data, `${at}.data`)
  } else if (type === 'multipart-form') {
    doc.http = { ...doc.http, body: 'multipartForm' }
    bodies.multipartForm = optionalArray(source.data, `${at}.data`).map((raw, i): BruFileRow => {
      const rowAt = `${at}.data[${i}]`
      const row = expectObject(raw, rowAt)
      const values = Array.isArray(row.value) ? row.value : [row.value]
      return {
        name: optionalString(row.name, `${rowAt}.name`),
        value: values.map((v, j) =>
          optionalText(v, `${rowAt}.value${Array.isArray(row.value) ? `[${j}]` : ''}`),
        ),
        enabled: enabledOf(row, rowAt),
        type: optionalString(row.type, `${rowAt}.type`) === 'file' ? 'file' : 'text',
        contentType: optionalString(row.contentType, `${rowAt}.contentType`) || undefined,
      }
    })
  } else {
    doc.http = { ...doc.http, body: type ? typeName(type) : 'untyped' }
  }
}

/** The part of a request or of `request` defaults both have: headers, auth, variables, scripts. */
function defaults(source: JsonObject, path: string, doc: BruDocument, context: BruContext): void {
  doc.headers = ocRows(source.headers, `${path}.headers`)
  const { mode, auth } = ocAuth(source.auth, `${path}.auth`)
  doc.auth = { ...auth, mode }
  doc.vars = { req: ocVariables(source.variables, `${path}.variables`) }
  scripts(source.scripts, `${path}.scripts`, doc, context)
  if (optionalArray(source.actions, `${path}.actions`).length > 0)
    skipIn(context, 'actions', 'write them as a post-response script')
}

/** The `request` defaults of `opencollection.yml`, `folder.yml` or a bundled folder. */
export function ocDefaults(value: unknown, path: string, docs: unknown, context: BruContext): BruDocument {
  const doc: BruDocument = { docs: docText(docs, 'docs') }
  if (value === undefined || value === null) return doc
  defaults(expectObject(value, path), path, doc, context)
  return doc
}

const REQUEST_KEYS = ['http', 'graphql', 'grpc', 'websocket', 'ws']

/** Whether `item` is a request of any type (`http:`, `graphql:`, `grpc:` …). */
export function isRequestItem(item: JsonObject): boolean {
  return REQUEST_KEYS.some((key) => key in item)
}

/** A request item → a `.bru` request document (`meta`, `http`, `params`, `auth`, …). */
export function ocRequest(item: JsonObject, context: BruContext): BruDocument {
  const info = item.info === undefined || item.info === null ? {} : expectObject(item.info, 'info')
  const key = REQUEST_KEYS.find((k) => k in item) ?? 'http'
  const given = optionalString(info.type, 'info.type') || (key === 'ws' ? 'websocket' : key)
  const type = ['http', 'graphql', 'grpc', 'websocket'].includes(given) ? given : typeName(given)
  const doc: BruDocument = {
    meta: { name: optionalString(info.name, 'info.name'), type, seq: seqOf(info.seq, 'info.seq') },
    docs: docText(item.docs, 'docs'),
  }
  if (optionalArray(info.tags, 'info.tags').length > 0) skipIn(context, 'tags', 'Sendbox has no tags')
  if (type !== 'http' && type !== 'graphql') return doc
  const details = expectObject(item[key], key)
  doc.http = {
    method: optionalString(details.method, `${key}.method`) || 'GET',
    url: optionalString(details.url, `${key}.url`),
  }
  doc.params = ocRows(details.params, `${key}.params`).map((row) => ({
    ...row,
    type: row.type === 'path' ? 'path' : 'query',
  }))
  const runtime =
    item.runtime === undefined || item.runtime === null ? {} : expectObject(item.runtime, 'runtime')
  doc.headers = ocRows(details.headers, `${key}.headers`)
  const { mode, auth } = ocAuth(details.auth, `${key}.auth`)
  doc.auth = auth
  doc.http.auth = mode ?? 'none'
  doc.vars = { req: ocVariables(runtime.variables, 'runtime.variables') }
  scripts(runtime.scripts, 'runtime.scripts', doc, context)
  if (optionalArray(runtime.actions, 'runtime.actions').length > 0)
    skipIn(context, 'actions', 'write them as a post-response script')
  body(details.body, `${key}.body`, doc, context)
  const assertions = optionalArray(runtime.assertions, 'runtime.assertions')
  doc.assertions = assertions.map((raw, i) => {
    const row = expectObject(raw, `runtime.assertions[${i}]`)
    return {
      name: optionalString(row.expression, `runtime.assertions[${i}].expression`),
      value: '',
      enabled: true,
    }
  })
  // The saved responses, read with Bruno's (bruno-examples.ts).
  const examples = optionalArray(item.examples, 'examples')
  if (examples.length > 0) doc.examples = examples
  return doc
}

/** `info.seq`: a positive whole number, else none (sorted last). */
export function seqOf(value: unknown, path: string): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) return Number(value)
  throw new ImportError(path, `expected a number, found ${describe(value)}`)
}

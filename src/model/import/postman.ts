/**
 * Postman Collection v2.1 (and the v2.0 auth shape) → the Sendbox model: folders, requests, auth and
 * its inheritance, collection variables, disabled rows, url as text or object, raw / urlencoded /
 * formdata / graphql bodies, prerequest and test scripts.
 */
import { switchDefaultHeader } from '../default-headers.ts'
import { makeCollection, makeFolder, makeRequest, makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import type {
  Auth,
  Collection,
  FormDataRow,
  HttpMethod,
  KeyValueRow,
  RawLanguage,
  RequestBody,
  Scripts,
  TreeItem,
  Variable,
} from '../types.ts'
import { HTTP_METHODS } from '../types.ts'
import { paramsFromUrl, urlFromParams } from '../url-params.ts'
import {
  ImportError,
  expectObject,
  isObject,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { checkJsonDepth, FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH } from './json-text.ts'

export function isPostmanCollection(json: unknown): boolean {
  if (!isObject(json) || !isObject(json.info)) return false
  const schema = json.info.schema
  return typeof schema === 'string' && /v2\.[01]\.\d+\/collection\.json$/.test(schema)
}

export function parsePostmanCollection(json: unknown): Collection {
  const root = expectObject(json, '')
  const info = expectObject(root.info, 'info')
  return makeCollection({
    name: optionalString(info.name, 'info.name') || 'Imported collection',
    auth: parseAuth(root.auth, 'auth') ?? { type: 'none' },
    variables: parseVariables(root.variable, 'variable'),
    scripts: parseEvents(root.event, 'event'),
    children: parseItems(root.item, 'item', 0),
  })
}

/** `depth`: how many folders `value` is inside. */
function parseItems(value: unknown, path: string, depth: number): TreeItem[] {
  return optionalArray(value, path).map((raw, i) => {
    const at = `${path}[${i}]`
    const item = expectObject(raw, at)
    const name = optionalString(item.name, `${at}.name`)
    if (Array.isArray(item.item) || (item.request === undefined && item.item !== undefined)) {
      if (depth >= MAX_FOLDER_DEPTH) throw new ImportError(at, FOLDERS_TOO_DEEP)
      return makeFolder({
        name: name || 'Folder',
        auth: parseAuth(item.auth, `${at}.auth`) ?? { type: 'inherit' },
        variables: parseVariables(item.variable, `${at}.variable`),
        scripts: parseEvents(item.event, `${at}.event`),
        children: parseItems(item.item, `${at}.item`, depth + 1),
      })
    }
    if (item.request === undefined) throw new ImportError(at, 'an item needs either "request" or "item"')
    return parseRequest(item, name, at)
  })
}

function parseRequest(item: JsonObject, name: string, at: string): TreeItem {
  const raw =
    typeof item.request === 'string' ? { url: item.request } : expectObject(item.request, `${at}.request`)
  const method = optionalString(raw.method, `${at}.request.method`).toUpperCase() || 'GET'
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new ImportError(
      `${at}.request.method`,
      `unsupported method ${quoted(method)} (use one of ${HTTP_METHODS.join(', ')})`,
    )
  }
  const url = parseUrl(raw.url, `${at}.request.url`)
  const { body, kind } = parseBody(raw.body, `${at}.request.body`)
  return makeRequest({
    kind,
    name: name || url.url,
    method: method as HttpMethod,
    url: url.url,
    params: url.params,
    headers: [
      ...parseRows(raw.header, `${at}.request.header`),
      ...systemHeadersOff(item.protocolProfileBehavior, `${at}.protocolProfileBehavior`),
    ],
    body,
    auth: parseAuth(raw.auth, `${at}.request.auth`) ?? { type: 'inherit' },
    scripts: parseEvents(item.event, `${at}.event`),
  })
}

/**
 * Postman's `protocolProfileBehavior.disabledSystemHeaders` (`{"accept": true}`): the default
 * headers switched off for this request, stored as Sendbox's auto rows (default-headers.ts).
 */
function systemHeadersOff(value: unknown, path: string): KeyValueRow[] {
  if (value === undefined || value === null) return []
  const disabled = expectObject(value, path).disabledSystemHeaders
  if (disabled === undefined || disabled === null) return []
  let headers: KeyValueRow[] = []
  for (const [name, off] of Object.entries(expectObject(disabled, `${path}.disabledSystemHeaders`))) {
    if (optionalBoolean(off, `${path}.disabledSystemHeaders.${name}`, false))
      headers = switchDefaultHeader(headers, name, false)
  }
  return headers
}

function parseUrl(value: unknown, path: string): { url: string; params: KeyValueRow[] } {
  if (value === undefined || value === null) return { url: '', params: [] }
  if (typeof value === 'string') return { url: value, params: paramsFromUrl(value, []) }
  const object = expectObject(value, path)
  let url = optionalString(object.raw, `${path}.raw`) || assembleUrl(object, path)
  // Postman keeps disabled query rows in `query`; the URL carries only the enabled ones.
  const query = parseRows(object.query, `${path}.query`)
  if (query.length > 0) url = urlFromParams(url, query)
  for (const [i, variable] of optionalArray(object.variable, `${path}.variable`).entries()) {
    const v = expectObject(variable, `${path}.variable[${i}]`)
    const key = optionalString(v.key, `${path}.variable[${i}].key`)
    const value = optionalText(v.value, `${path}.variable[${i}].value`)
    const replacement = `/${value}`
    // newman leaves a path variable without a value as written (`/:id`), never an empty segment.
    if (key && value !== '')
      url = url.replace(new RegExp(`/:${escapeRegExp(key)}(?=/|\\?|#|$)`, 'g'), replacement)
  }
  return { url, params: query.length > 0 ? query : paramsFromUrl(url, []) }
}

function assembleUrl(object: JsonObject, path: string): string {
  const join = (value: unknown, separator: string, at: string) =>
    Array.isArray(value)
      ? value.map((part, i) => optionalString(part, `${at}[${i}]`)).join(separator)
      : optionalString(value, at)
  const protocol = optionalString(object.protocol, `${path}.protocol`)
  const host = join(object.host, '.', `${path}.host`)
  const port = optionalText(object.port, `${path}.port`)
  const pathname = join(object.path, '/', `${path}.path`)
  return `${protocol ? `${protocol}://` : ''}${host}${port ? `:${port}` : ''}${pathname ? `/${pathname}` : ''}`
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** `anyValue`: the format lets a value be any JSON value (variables), not only a string (headers). */
function parseRows(value: unknown, path: string, anyValue = false): KeyValueRow[] {
  if (typeof value === 'string') {
    // The header list may be written as "Name: value" lines.
    return value
      .split(/\r?\n/)
      .filter((line) => line.includes(':'))
      .map((line) =>
        makeRow({
          key: line.slice(0, line.indexOf(':')).trim(),
          value: line.slice(line.indexOf(':') + 1).trim(),
        }),
      )
  }
  return optionalArray(value, path).map((raw, i) => {
    const row = expectObject(raw, `${path}[${i}]`)
    return makeRow({
      key: optionalString(row.key, `${path}[${i}].key`),
      value: (anyValue ? optionalText : optionalString)(row.value, `${path}[${i}].value`),
      enabled: !optionalBoolean(row.disabled, `${path}[${i}].disabled`, false),
      ...(typeof row.description === 'string' ? { description: row.description } : {}),
    })
  })
}

function parseVariables(value: unknown, path: string): Variable[] {
  return parseRows(value, path, true).map((row) =>
    makeVariable({ key: row.key, value: row.value, enabled: row.enabled }),
  )
}

function parseBody(value: unknown, path: string): { body: RequestBody; kind: 'http' | 'graphql' } {
  if (value === undefined || value === null) return { body: { type: 'none' }, kind: 'http' }
  const body = expectObject(value, path)
  if (optionalBoolean(body.disabled, `${path}.disabled`, false))
    return { body: { type: 'none' }, kind: 'http' }
  const mode = optionalString(body.mode, `${path}.mode`)
  switch (mode) {
    case '':
    case 'none':
      return { body: { type: 'none' }, kind: 'http' }
    case 'raw': {
      const options = isObject(body.options) && isObject(body.options.raw) ? body.options.raw : {}
      const language = optionalString(options.language, `${path}.options.raw.language`)
      const map: Record<string, RawLanguage> = {
        json: 'json',
        xml: 'xml',
        html: 'text',
        javascript: 'text',
        text: 'text',
      }
      return {
        body: {
          type: 'raw',
          language: map[language] ?? 'text',
          text: optionalString(body.raw, `${path}.raw`),
        },
        kind: 'http',
      }
    }
    case 'urlencoded':
      return {
        body: { type: 'urlencoded', rows: parseRows(body.urlencoded, `${path}.urlencoded`) },
        kind: 'http',
      }
    case 'formdata':
      return {
        body: {
          type: 'form-data',
          rows: optionalArray(body.formdata, `${path}.formdata`).map((raw, i): FormDataRow => {
            const at = `${path}.formdata[${i}]`
            const row = expectObject(raw, at)
            const file = row.type === 'file'
            const src = Array.isArray(row.src) ? row.src[0] : row.src
            const source = optionalString(src, `${at}.src`)
            return {
              id: newId(),
              key: optionalString(row.key, `${at}.key`),
              value: file ? '' : optionalString(row.value, `${at}.value`),
              enabled: !optionalBoolean(row.disabled, `${at}.disabled`, false),
              type: file ? 'file' : 'text',
              ...(file ? { fileRef: source, fileName: source.split(/[\\/]/).pop() || 'file' } : {}),
              ...(typeof row.contentType === 'string' ? { contentType: row.contentType } : {}),
            }
          }),
        },
        kind: 'http',
      }
    case 'graphql': {
      const graphql = body.graphql === undefined ? {} : expectObject(body.graphql, `${path}.graphql`)
      const variables = graphql.variables
      checkJsonDepth(variables, `${path}.graphql.variables`)
      return {
        body: {
          type: 'graphql',
          query: optionalString(graphql.query, `${path}.graphql.query`),
          variables:
            typeof variables === 'string' ? variables : variables ? JSON.stringify(variables, null, 2) : '',
        },
        kind: 'graphql',
      }
    }
    case 'file':
      throw new ImportError(`${path}.mode`, 'binary file bodies are not supported yet')
    default:
      throw new ImportError(`${path}.mode`, `unknown body mode ${quoted(mode)}`)
  }
}

/** v2.1 writes auth parameters as `[{key, value}]`, v2.0 as an object. */
function authParams(auth: JsonObject, type: string, path: string): Record<string, string> {
  const params = auth[type]
  const result: Record<string, string> = {}
  if (Array.isArray(params)) {
    for (const [i, raw] of params.entries()) {
      const p = expectObject(raw, `${path}.${type}[${i}]`)
      result[optionalString(p.key, `${path}.${type}[${i}].key`)] = optionalText(
        p.value,
        `${path}.${type}[${i}].value`,
      )
    }
  } else if (isObject(params)) {
    for (const [key, value] of Object.entries(params))
      result[key] = optionalText(value, `${path}.${type}.${key}`)
  }
  return result
}

function parseAuth(value: unknown, path: string): Auth | undefined {
  if (value === undefined || value === null) return undefined
  const auth = expectObject(value, path)
  const type = optionalString(auth.type, `${path}.type`)
  const p = authParams(auth, type, path)
  switch (type) {
    case 'noauth':
      return { type: 'none' }
    case 'inherit':
      return { type: 'inherit' }
    case 'bearer':
      return { type: 'bearer', token: p.token ?? '' }
    case 'basic':
      return { type: 'basic', username: p.username ?? '', password: p.password ?? '' }
    case 'apikey':
      return {
        type: 'apikey',
        key: p.key ?? '',
        value: p.value ?? '',
        addTo: p.in === 'query' ? 'query' : 'header',
      }
    case 'awsv4':
      return {
        type: 'sigv4',
        accessKeyId: p.accessKey ?? '',
        secretAccessKey: p.secretKey ?? '',
        sessionToken: p.sessionToken ?? '',
        region: p.region ?? '',
        service: p.service ?? '',
      }
    case 'oauth2': {
      const grant =
        p.grant_type === 'client_credentials'
          ? 'client-credentials'
          : p.grant_type === 'authorization_code_with_pkce' || p.grant_type === 'authorization_code'
            ? 'authorization-code'
            : 'token'
      return {
        type: 'oauth2',
        grant,
        accessToken: p.accessToken ?? '',
        authUrl: p.authUrl ?? '',
        tokenUrl: p.accessTokenUrl ?? '',
        clientId: p.clientId ?? '',
        clientSecret: p.clientSecret ?? '',
        scope: p.scope ?? '',
      }
    }
    case 'digest':
      return {
        type: 'digest',
        username: p.username ?? '',
        password: p.password ?? '',
        algorithm: p.algorithm ?? 'MD5',
        realm: p.realm ?? '',
        nonce: p.nonce ?? '',
        qop: p.qop ?? '',
        opaque: p.opaque ?? '',
        nonceCount: p.nonceCount ?? '',
        clientNonce: p.clientNonce ?? '',
      }
    default:
      // Hawk, NTLM, EdgeGrid...: kept, so the other requests run and this one says why it cannot.
      if (/^[\w.-]{1,40}$/.test(type))
        return { type: 'unsupported', name: type, params: JSON.stringify(auth[type] ?? []) }
      throw new ImportError(`${path}.type`, `unsupported authorization type ${quoted(type)}`)
  }
}

function parseEvents(value: unknown, path: string): Scripts {
  const scripts = makeScripts()
  for (const [i, raw] of optionalArray(value, path).entries()) {
    const at = `${path}[${i}]`
    const event = expectObject(raw, at)
    const listen = optionalString(event.listen, `${at}.listen`)
    if (optionalBoolean(event.disabled, `${at}.disabled`, false)) continue
    const script = event.script === undefined ? {} : expectObject(event.script, `${at}.script`)
    const exec = script.exec
    const code = Array.isArray(exec)
      ? exec.map((line, j) => optionalString(line, `${at}.script.exec[${j}]`)).join('\n')
      : optionalString(exec, `${at}.script.exec`)
    if (listen === 'prerequest') scripts.preRequest = appendScript(scripts.preRequest, code)
    else if (listen === 'test') scripts.postResponse = appendScript(scripts.postResponse, code)
  }
  return scripts
}

function appendScript(existing: string, code: string): string {
  return existing ? `${existing}\n${code}` : code
}

/**
 * Hoppscotch collection export (`hoppscotch-collections.json`: one collection or a list of them) →
 * a Sendbox collection: folders, REST requests (method, endpoint, params, headers, body, auth) and
 * GraphQL requests; `<<var>>` variables become `{{var}}`; pre-request and test scripts are kept
 * unchanged (`pw.*` runs as it is). Folder headers and auth types Sendbox lacks go to the report.
 */
import { makeCollection, makeFolder, makeRequest, makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import {
  HTTP_METHODS,
  type Auth,
  type Collection,
  type Folder,
  type FormDataRow,
  type HttpMethod,
  type KeyValueRow,
  type RequestBody,
  type TreeItem,
  type Variable,
} from '../types.ts'
import { pathVariableNames, pathVariableRows } from '../path-variables.ts'
import { paramsFromUrl, urlFromParams } from '../url-params.ts'
import {
  ImportError,
  described,
  expectObject,
  isObject,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH } from './json-text.ts'
import { emptyReport, named, skip, type ImportReport, type ImportResult } from './report.ts'

/** A collection has `folders` and `requests` lists; an export is one or a list of them. */
export function isHoppscotchCollection(json: unknown): boolean {
  const first = Array.isArray(json) ? json[0] : json
  return isObject(first) && (Array.isArray(first.requests) || Array.isArray(first.folders))
}

/** `<<name>>` (Hoppscotch's variable syntax) → `{{name}}`. */
export function hoppVariables(text: string): string {
  return text.replace(/<<([^<>\s]+)>>/g, '{{$1}}')
}

export function parseHoppscotchCollection(json: unknown): ImportResult<Collection> {
  const report = emptyReport()
  if (Array.isArray(json)) {
    if (json.length === 1) return { value: rootCollection(json[0], '[0]', report), report }
    // Several collections exported together: one collection with each as a folder.
    const children = json.map((raw, i) => parseFolder(raw, `[${i}]`, report, 0))
    return { value: makeCollection({ name: 'Hoppscotch import', children }), report }
  }
  return { value: rootCollection(json, '', report), report }
}

function rootCollection(raw: unknown, at: string, report: ImportReport): Collection {
  const { name, auth, variables, scripts, children, description } = parseFolder(raw, at, report, 0)
  // A collection has nothing above it to inherit from.
  return makeCollection({
    name,
    auth: auth.type === 'inherit' ? { type: 'none' } : auth,
    variables,
    scripts,
    children,
    ...(description ? { description } : {}),
  })
}

function join(at: string, field: string): string {
  return at ? `${at}.${field}` : field
}

function parseFolder(raw: unknown, at: string, report: ImportReport, depth: number): Folder {
  if (depth > MAX_FOLDER_DEPTH) throw new ImportError(at, FOLDERS_TOO_DEEP)
  const source = expectObject(raw, at)
  const name = optionalString(source.name, join(at, 'name'))
  const headers = rows(source.headers, join(at, 'headers'))
  if (headers.length > 0)
    skip(report, join(at, 'headers'), named('headers of folder', name), 'folder headers are not supported')
  const folders = optionalArray(source.folders, join(at, 'folders')).map((child, i) =>
    parseFolder(child, `${join(at, 'folders')}[${i}]`, report, depth + 1),
  )
  const requests = optionalArray(source.requests, join(at, 'requests')).flatMap((child, i) => {
    const request = parseRequest(child, `${join(at, 'requests')}[${i}]`, report)
    return request ? [request] : []
  })
  return makeFolder({
    name: name || 'Folder',
    auth: parseAuth(source.auth, join(at, 'auth'), name, report),
    variables: variables(source.variables, join(at, 'variables')),
    children: [...folders, ...requests],
    ...described(source.description, join(at, 'description')),
  })
}

function parseRequest(raw: unknown, at: string, report: ImportReport): TreeItem | undefined {
  const source = expectObject(raw, at)
  const name = optionalString(source.name, `${at}.name`)
  const auth = parseAuth(source.auth, `${at}.auth`, name, report)
  const headers = rows(source.headers, `${at}.headers`)
  if (source.endpoint === undefined && typeof source.query === 'string') {
    // A GraphQL request (`url`, `query`, `variables`).
    const url = hoppVariables(optionalString(source.url, `${at}.url`))
    return makeRequest({
      kind: 'graphql',
      name: name || url,
      method: 'POST',
      url,
      params: paramsFromUrl(url, []),
      headers: [makeRow({ key: 'Content-Type', value: 'application/json' }), ...headers],
      body: {
        type: 'graphql',
        query: source.query,
        variables: hoppVariables(optionalString(source.variables, `${at}.variables`)),
      },
      auth,
      ...described(source.description, `${at}.description`),
    })
  }
  const method = optionalString(source.method, `${at}.method`).toUpperCase() || 'GET'
  const endpoint = hoppVariables(optionalString(source.endpoint, `${at}.endpoint`))
  // Every field is checked before anything is left out: a bad file is refused, whatever it holds.
  const params = [...paramsFromUrl(endpoint, []), ...rows(source.params, `${at}.params`)]
  const body = parseBody(source.body, `${at}.body`, name, report)
  const requestVariables = rows(source.requestVariables, `${at}.requestVariables`)
  const preRequest = optionalString(source.preRequestScript, `${at}.preRequestScript`)
  const postResponse = optionalString(source.testScript, `${at}.testScript`)
  if (!(HTTP_METHODS as readonly string[]).includes(method))
    return skip(report, `${at}.method`, named('request', name), `method ${quoted(method)} is not supported`)
  if (body.contentType && !headers.some((row) => row.key.toLowerCase() === 'content-type'))
    headers.push(makeRow({ key: 'Content-Type', value: body.contentType }))
  // Hoppscotch keeps path variables among its request variables (its own Postman and Insomnia
  // importers put `url.variable` and `pathParameters` there): those the URL names become rows.
  const pathNames = new Set(pathVariableNames(endpoint))
  const pathVariables = pathVariableRows(
    endpoint,
    requestVariables.filter((row) => row.enabled && pathNames.has(row.key)),
  )
  if (requestVariables.some((row) => !pathNames.has(row.key)))
    skip(report, `${at}.requestVariables`, named('variables of request', name), 'not supported yet')
  return makeRequest({
    ...(pathVariables.length > 0 ? { pathVariables } : {}),
    ...described(source.description, `${at}.description`),
    name: name || endpoint,
    method: method as HttpMethod,
    url: params.length > 0 ? urlFromParams(endpoint, params) : endpoint,
    params,
    headers,
    body: body.body,
    auth,
    scripts: makeScripts({ preRequest, postResponse }),
  })
}

/** `[{ key, value, active }]` rows; `<<var>>` becomes `{{var}}`. */
function rows(value: unknown, path: string): KeyValueRow[] {
  return optionalArray(value, path).map((raw, i) => {
    const row = expectObject(raw, `${path}[${i}]`)
    const result = makeRow({
      key: hoppVariables(optionalString(row.key, `${path}[${i}].key`)),
      value: hoppVariables(optionalText(row.value, `${path}[${i}].value`)),
      enabled: optionalBoolean(row.active, `${path}[${i}].active`, true),
    })
    const description = optionalString(row.description, `${path}[${i}].description`)
    if (description) result.description = description
    return result
  })
}

/** Collection variables: `{ key, initialValue, currentValue, secret }` (older: `value`). */
function variables(value: unknown, path: string): Variable[] {
  return optionalArray(value, path).map((raw, i) => {
    const at = `${path}[${i}]`
    const v = expectObject(raw, at)
    const initial = v.initialValue !== undefined ? v.initialValue : v.value
    return makeVariable({
      key: optionalString(v.key, `${at}.key`),
      value: optionalText(initial, `${at}.${v.initialValue !== undefined ? 'initialValue' : 'value'}`),
      secret: optionalBoolean(v.secret, `${at}.secret`, false),
    })
  })
}

function parseBody(
  value: unknown,
  path: string,
  name: string,
  report: ImportReport,
): { body: RequestBody; contentType?: string } {
  if (value === undefined || value === null) return { body: { type: 'none' } }
  const source = expectObject(value, path)
  const contentType = optionalString(source.contentType, `${path}.contentType`)
  const type = contentType.toLowerCase()
  if (type === '') return { body: { type: 'none' } }
  if (type === 'multipart/form-data') {
    const parts = optionalArray(source.body, `${path}.body`).map((raw, i): FormDataRow => {
      const at = `${path}.body[${i}]`
      const part = expectObject(raw, at)
      const key = hoppVariables(optionalString(part.key, `${at}.key`))
      const enabled = optionalBoolean(part.active, `${at}.active`, true)
      if (optionalBoolean(part.isFile, `${at}.isFile`, false)) {
        // The file's bytes are not in the export: the row stays, without a file chosen.
        skip(report, at, named('file of request', name), 'the file is not in the export; choose it again')
        return { id: newId(), key, value: '', enabled, type: 'file' }
      }
      const row: FormDataRow = {
        id: newId(),
        key,
        value: hoppVariables(optionalText(part.value, `${at}.value`)),
        enabled,
        type: 'text',
      }
      const partType = optionalString(part.contentType, `${at}.contentType`)
      if (partType) row.contentType = partType
      return row
    })
    return { body: { type: 'form-data', rows: parts } }
  }
  const text = optionalString(source.body, `${path}.body`)
  if (type === 'application/x-www-form-urlencoded')
    return { body: { type: 'urlencoded', rows: keyValueLines(text) } }
  if (type === 'application/octet-stream') {
    skip(report, path, named('binary body of request', name), 'binary bodies are not in the export')
    return { body: { type: 'none' } }
  }
  const language = /[/+]json$/.test(type) ? 'json' : /[/+]xml$/.test(type) ? 'xml' : 'text'
  const body: RequestBody = { type: 'raw', language, text: hoppVariables(text) }
  // Sendbox writes the JSON and XML types itself; others are kept as a header.
  return language === 'text' || !['application/json', 'application/xml'].includes(type)
    ? { body, contentType }
    : { body }
}

/** Hoppscotch's key-value text (`key: value` lines, `#` before a disabled one). */
function keyValueLines(text: string): KeyValueRow[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && line.includes(':'))
    .map((line) => {
      const disabled = line.trimStart().startsWith('#')
      const content = disabled ? line.trimStart().slice(1) : line
      const colon = content.indexOf(':')
      return makeRow({
        key: hoppVariables(content.slice(0, colon).trim()),
        value: hoppVariables(content.slice(colon + 1).trim()),
        enabled: !disabled,
      })
    })
}

function parseAuth(value: unknown, path: string, name: string, report: ImportReport): Auth {
  if (value === undefined || value === null) return { type: 'inherit' }
  const auth = expectObject(value, path)
  const type = optionalString(auth.authType, `${path}.authType`)
  if (!optionalBoolean(auth.authActive, `${path}.authActive`, true)) return { type: 'none' }
  const text = (field: string, source: JsonObject = auth, at = path) =>
    hoppVariables(optionalText(source[field], `${at}.${field}`))
  switch (type) {
    case '':
    case 'inherit':
      return { type: 'inherit' }
    case 'none':
      return { type: 'none' }
    case 'basic':
      return { type: 'basic', username: text('username'), password: text('password') }
    case 'bearer':
      return { type: 'bearer', token: text('token') }
    case 'api-key':
      return {
        type: 'apikey',
        key: text('key'),
        value: text('value'),
        addTo: optionalString(auth.addTo, `${path}.addTo`) === 'QUERY_PARAMS' ? 'query' : 'header',
      }
    case 'aws-signature':
      return {
        type: 'sigv4',
        accessKeyId: text('accessKey'),
        secretAccessKey: text('secretKey'),
        sessionToken: text('serviceToken'),
        region: text('region'),
        service: text('serviceName'),
      }
    case 'oauth-2': {
      const info = expectObject(auth.grantTypeInfo ?? {}, `${path}.grantTypeInfo`)
      const at = `${path}.grantTypeInfo`
      const grantType = optionalString(info.grantType, `${at}.grantType`)
      return {
        type: 'oauth2',
        grant:
          grantType === 'CLIENT_CREDENTIALS'
            ? 'client-credentials'
            : grantType === 'AUTHORIZATION_CODE'
              ? 'authorization-code'
              : 'token',
        accessToken: text('token', info, at),
        authUrl: text('authEndpoint', info, at),
        tokenUrl: text('tokenEndpoint', info, at),
        clientId: text('clientID', info, at),
        clientSecret: text('clientSecret', info, at),
        scope: text('scopes', info, at),
      }
    }
    default:
      skip(report, `${path}.authType`, named('auth of', name), `auth type ${quoted(type)} is not supported`)
      return { type: 'inherit' }
  }
}

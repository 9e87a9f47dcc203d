/**
 * What Insomnia's v4 JSON export and v5 YAML share: the fields of a request (`url`, `method`,
 * `body`, `parameters`, `headers`, `authentication`, `pathParameters`), of an environment's `data`
 * and of a folder, mapped to Sendbox's model. Nunjucks `{{ _.name }}` references become `{{name}}`;
 * template tags (`{% response … %}`, plugins' tags) stay as written and are listed in the report.
 */
import { newHawkAuth, newOAuth1Auth } from '../auth/auth-fields.ts'
import { makeRequest, makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import {
  HTTP_METHODS,
  type Auth,
  type FormDataRow,
  type HttpMethod,
  type KeyValueRow,
  type RequestBody,
  type RequestSpec,
  type Variable,
} from '../types.ts'
import { pathVariableRows } from '../path-variables.ts'
import { paramsFromUrl } from '../url-params.ts'
import {
  ImportError,
  describe,
  described,
  expectObject,
  isObject,
  keyPath,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
  quoted,
  type Json,
  type JsonObject,
} from './import-error.ts'
import { checkJsonDepth } from './json-text.ts'
import { named, skip, type ImportReport } from './report.ts'

/** The fields of one request, wherever the format keeps them (v5 nests scripts and meta). */
export interface InsomniaRequestFields {
  source: JsonObject
  name: string
  preRequest: string
  afterResponse: string
}

/** Text with Insomnia's references rewritten; tags are reported once per place (`at`). */
export class Templates {
  constructor(private readonly report: ImportReport) {}

  text(value: unknown, at: string, owner: string): string {
    const text = optionalText(value, at)
    const tag = /\{%\s*([A-Za-z_$][\w$]*)/.exec(text)
    if (tag)
      skip(
        this.report,
        at,
        `template tag ${quoted(tag[1] ?? '')} in ${owner}`,
        'template tags are not supported; kept as written',
      )
    return convertTemplate(text)
  }
}

/** `{{ _.base_url }}`, `{{ _['a b'] }}` and `{{ base_url }}` → `{{base_url}}`. */
export function convertTemplate(text: string): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, inner: string) => {
    const bracket = /^_\s*\[\s*(['"])(.*)\1\s*\]$/.exec(inner)
    if (bracket) return `{{${bracket[2]}}}`
    const dotted = /^_\.([\w$.-]+)$/.exec(inner)
    if (dotted) return `{{${dotted[1]}}}`
    return /^[\w$.-]+$/.test(inner) ? `{{${inner}}}` : whole
  })
}

/** Insomnia's scripting API mirrors Postman's: `insomnia.test(…)` runs as `pm.test(…)`. */
export function convertScript(text: string): string {
  return text.replace(/\binsomnia\./g, 'pm.')
}

/** `[{ name, value, disabled, description }]` rows (parameters and headers). */
export function mapRows(value: unknown, at: string, owner: string, templates: Templates): KeyValueRow[] {
  return optionalArray(value, at).map((raw, i) => {
    const row = expectObject(raw, `${at}[${i}]`)
    const result = makeRow({
      key: templates.text(row.name, `${at}[${i}].name`, owner),
      value: templates.text(row.value, `${at}[${i}].value`, owner),
      enabled: !optionalBoolean(row.disabled, `${at}[${i}].disabled`, false),
    })
    const description = optionalString(row.description, `${at}[${i}].description`)
    if (description) result.description = description
    return result
  })
}

export function mapRequest(
  fields: InsomniaRequestFields,
  at: string,
  report: ImportReport,
  templates: Templates,
): RequestSpec | undefined {
  const { source, name } = fields
  const owner = named('request', name)
  const method = optionalString(source.method, `${at}.method`).toUpperCase() || 'GET'
  let url = templates.text(optionalString(source.url, `${at}.url`), `${at}.url`, owner)
  const parameters = mapRows(source.parameters, `${at}.parameters`, owner, templates)
  const headers = mapRows(source.headers, `${at}.headers`, owner, templates)
  // The URL keeps its `:name` segments; `pathParameters` give their values (path-variables.ts).
  const pathPairs = optionalArray(source.pathParameters, `${at}.pathParameters`).map((raw, i) => {
    const row = expectObject(raw, `${at}.pathParameters[${i}]`)
    return {
      key: optionalString(row.name, `${at}.pathParameters[${i}].name`),
      value: templates.text(row.value, `${at}.pathParameters[${i}].value`, owner),
    }
  })
  const body = mapBody(source.body, `${at}.body`, owner, report, templates)
  const auth = mapAuth(source.authentication, `${at}.authentication`, owner, report, templates)
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    skip(report, `${at}.method`, owner, `method ${quoted(method)} is not supported`)
    return undefined
  }
  // Insomnia adds the enabled parameters to the URL when it sends; Sendbox keeps them in the URL.
  const enabled = parameters.filter((row) => row.enabled)
  const query = enabled
    .map((row) => `${encodeURIComponent(row.key)}=${encodeURIComponent(row.value)}`)
    .join('&')
    .replace(/%7B%7B/g, '{{')
    .replace(/%7D%7D/g, '}}')
  if (query) url = `${url}${url.includes('?') ? '&' : '?'}${query}`
  const fromUrl = paramsFromUrl(url, [])
  const disabled = parameters.filter((row) => !row.enabled)
  if (body.contentType && !headers.some((row) => row.key.toLowerCase() === 'content-type'))
    headers.push(makeRow({ key: 'Content-Type', value: body.contentType }))
  const graphql = body.body.type === 'graphql'
  const pathVariables = pathVariableRows(url, pathPairs)
  return makeRequest({
    kind: graphql ? 'graphql' : 'http',
    name: name || url || 'Request',
    method: method as HttpMethod,
    url,
    ...(pathVariables.length > 0 ? { pathVariables } : {}),
    params: [...fromUrl, ...disabled],
    headers,
    body: body.body,
    auth,
    scripts: makeScripts({
      preRequest: convertScript(fields.preRequest),
      postResponse: convertScript(fields.afterResponse),
    }),
    ...described(source.description, `${at}.description`),
  })
}

function mapBody(
  value: unknown,
  at: string,
  owner: string,
  report: ImportReport,
  templates: Templates,
): { body: RequestBody; contentType?: string } {
  if (value === undefined || value === null) return { body: { type: 'none' } }
  const source = expectObject(value, at)
  const mimeType = optionalString(source.mimeType, `${at}.mimeType`)
  const type = mimeType.toLowerCase()
  if (type === 'multipart/form-data') {
    const rows = optionalArray(source.params, `${at}.params`).map((raw, i): FormDataRow => {
      const p = `${at}.params[${i}]`
      const param = expectObject(raw, p)
      const row: FormDataRow = {
        id: newId(),
        key: templates.text(param.name, `${p}.name`, owner),
        value: templates.text(param.value, `${p}.value`, owner),
        enabled: !optionalBoolean(param.disabled, `${p}.disabled`, false),
        type: 'text',
      }
      if (optionalString(param.type, `${p}.type`) === 'file') {
        const fileName = optionalString(param.fileName, `${p}.fileName`)
        row.type = 'file'
        row.value = ''
        if (fileName) {
          row.fileRef = fileName
          row.fileName = fileName.split(/[\\/]/).pop() || 'file'
        }
      }
      return row
    })
    return { body: { type: 'form-data', rows } }
  }
  if (type === 'application/x-www-form-urlencoded')
    return { body: { type: 'urlencoded', rows: mapRows(source.params, `${at}.params`, owner, templates) } }
  const text = templates.text(source.text, `${at}.text`, owner)
  if (type === 'application/graphql') return { body: graphqlBody(text, `${at}.text`) }
  if (type === 'application/octet-stream' || source.fileName !== undefined) {
    const fileName = optionalString(source.fileName, `${at}.fileName`)
    skip(
      report,
      `${at}.fileName`,
      `binary file body of ${owner}`,
      `Sendbox has no file bodies (${quoted(fileName)})`,
    )
    return { body: { type: 'none' } }
  }
  if (type === '' && text === '') return { body: { type: 'none' } }
  const language = /[/+]json\b/.test(type) ? 'json' : /[/+]xml\b/.test(type) ? 'xml' : 'text'
  const body: RequestBody = { type: 'raw', language, text }
  return language === 'text' || !['application/json', 'application/xml'].includes(type)
    ? mimeType
      ? { body, contentType: mimeType }
      : { body }
    : { body }
}

/** Insomnia keeps a GraphQL body as JSON text: `{"query": "…", "variables": {…}}`. */
function graphqlBody(text: string, at: string): RequestBody {
  if (text.trim() === '') return { type: 'graphql', query: '', variables: '' }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { type: 'graphql', query: text, variables: '' }
  }
  const object = expectObject(json, at)
  checkJsonDepth(object.variables, `${at}.variables`)
  const variables =
    object.variables === undefined || object.variables === null
      ? ''
      : typeof object.variables === 'string'
        ? object.variables
        : JSON.stringify(object.variables, null, 2)
  const body: RequestBody = {
    type: 'graphql',
    query: optionalString(object.query, `${at}.query`),
    variables,
  }
  const operationName = optionalString(object.operationName, `${at}.operationName`)
  if (operationName) body.operationName = operationName
  return body
}

export function mapAuth(
  value: unknown,
  at: string,
  owner: string,
  report: ImportReport,
  templates: Templates,
): Auth {
  if (value === undefined || value === null) return { type: 'inherit' }
  const auth = expectObject(value, at)
  const type = optionalString(auth.type, `${at}.type`)
  if (type === '' && Object.keys(auth).length === 0) return { type: 'inherit' }
  if (optionalBoolean(auth.disabled, `${at}.disabled`, false)) return { type: 'none' }
  const text = (field: string) => templates.text(auth[field], `${at}.${field}`, owner)
  switch (type) {
    case 'none':
      return { type: 'none' }
    case 'basic':
      return { type: 'basic', username: text('username'), password: text('password') }
    case 'bearer': {
      const prefix = text('prefix')
      if (prefix && prefix.toLowerCase() !== 'bearer')
        return { type: 'apikey', key: 'Authorization', value: `${prefix} ${text('token')}`, addTo: 'header' }
      return { type: 'bearer', token: text('token') }
    }
    case 'apikey':
      return {
        type: 'apikey',
        key: text('key'),
        value: text('value'),
        addTo: optionalString(auth.addTo, `${at}.addTo`) === 'queryParams' ? 'query' : 'header',
      }
    case 'iam':
      return {
        type: 'sigv4',
        accessKeyId: text('accessKeyId'),
        secretAccessKey: text('secretAccessKey'),
        sessionToken: text('sessionToken'),
        region: text('region'),
        service: text('service'),
      }
    case 'oauth2': {
      const grantType = optionalString(auth.grantType, `${at}.grantType`)
      const grant =
        grantType === 'client_credentials'
          ? 'client-credentials'
          : grantType === 'authorization_code'
            ? 'authorization-code'
            : 'token'
      if (grantType === 'password' || grantType === 'implicit')
        skip(
          report,
          `${at}.grantType`,
          `OAuth 2.0 grant of ${owner}`,
          `grant ${quoted(grantType)} is not supported; paste a token instead`,
        )
      return {
        type: 'oauth2',
        grant,
        accessToken: text('accessToken'),
        authUrl: text('authorizationUrl'),
        tokenUrl: text('accessTokenUrl'),
        clientId: text('clientId'),
        clientSecret: text('clientSecret'),
        scope: text('scope'),
      }
    }
    case 'oauth1':
      return {
        ...newOAuth1Auth(),
        signatureMethod: text('signatureMethod') || 'HMAC-SHA1',
        consumerKey: text('consumerKey'),
        consumerSecret: text('consumerSecret'),
        token: text('tokenKey'),
        tokenSecret: text('tokenSecret'),
        privateKey: text('privateKey'),
        version: text('version'),
        nonce: text('nonce'),
        timestamp: text('timestamp'),
        callback: text('callback'),
        realm: text('realm'),
        verifier: text('verifier'),
        includeBodyHash: optionalBoolean(auth.includeBodyHash, `${at}.includeBodyHash`, false),
      }
    case 'hawk':
      return {
        ...newHawkAuth(),
        authId: text('id'),
        authKey: text('key'),
        algorithm: text('algorithm') || 'sha256',
        extraData: text('ext'),
        includePayloadHash: optionalBoolean(auth.validatePayload, `${at}.validatePayload`, false),
      }
    default:
      skip(report, `${at}.type`, `auth of ${owner}`, `auth type ${quoted(type)} is not supported`)
      return { type: 'inherit' }
  }
}

/**
 * An environment's `data` (nested objects are reached as `{{ _.a.b }}`, so they become `a.b`
 * variables) or, since Insomnia 9, its `kvPairData` rows with their `secret` type.
 */
export function mapEnvironmentData(source: JsonObject, at: string, templates: Templates): Variable[] {
  const rows = optionalArray(source.kvPairData, `${at}.kvPairData`)
  if (rows.length > 0 && optionalString(source.environmentType, `${at}.environmentType`) !== 'json') {
    return rows.map((raw, i) => {
      const p = `${at}.kvPairData[${i}]`
      const row = expectObject(raw, p)
      return makeVariable({
        key: optionalString(row.name, `${p}.name`),
        value: templates.text(row.value, `${p}.value`, 'environment'),
        enabled: optionalBoolean(row.enabled, `${p}.enabled`, true),
        secret: optionalString(row.type, `${p}.type`) === 'secret',
      })
    })
  }
  return mapData(source.data, `${at}.data`, templates)
}

/** A `data` object (an environment's, a folder's `environment`) as variables. */
export function mapData(value: unknown, at: string, templates: Templates): Variable[] {
  if (value === undefined || value === null) return []
  const data = expectObject(value, at)
  checkJsonDepth(data, at)
  const variables: Variable[] = []
  flatten(data, '', at, variables, templates)
  return variables
}

function flatten(data: JsonObject, prefix: string, at: string, out: Variable[], templates: Templates): void {
  for (const [key, value] of Object.entries(data)) {
    const name = prefix ? `${prefix}.${key}` : key
    const path = keyPath(at, key)
    if (isObject(value)) flatten(value, name, path, out, templates)
    else out.push(makeVariable({ key: name, value: variableValue(value, path, templates) }))
  }
}

function variableValue(value: Json, at: string, templates: Templates): string {
  if (Array.isArray(value)) return JSON.stringify(value)
  if (value === null) return ''
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return templates.text(value, at, 'environment')
  throw new ImportError(at, `expected a value, found ${describe(value)}`)
}

/**
 * OpenAPI 3.0 / 3.1 and Swagger 2.0 (JSON or YAML, local `$ref`s, circular ones too) → one Sendbox
 * collection: one request per operation, a folder per tag, the first server (or `host` and
 * `basePath`) as the `{{baseUrl}}` collection variable, path parameters as `{{name}}` variables,
 * query, header and cookie parameters as rows, the example (or a sample made from the schema) as
 * the body, security schemes as auth (openapi-auth.ts). The document is validated first with
 * @scalar/openapi-parser, then upgraded to 3.1 and dereferenced; its first problem is refused.
 */
import { dereference, upgrade } from '@scalar/openapi-parser'
import { validate as validateDocument, validatePathParameters } from '@scalar/openapi-validator'
import { makeCollection, makeFolder, makeRequest, makeRow, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import { pathVariableRows } from '../path-variables.ts'
import {
  HTTP_METHODS,
  type Collection,
  type FormDataRow,
  type HttpMethod,
  type KeyValueRow,
  type RequestBody,
  type RequestSpec,
  type TreeItem,
} from '../types.ts'
import {
  ImportError,
  described,
  isObject,
  keyPath,
  quoted,
  visible,
  type Json,
  type JsonObject,
} from './import-error.ts'
import { authFor, type SecurityContext } from './openapi-auth.ts'
import { openApiExamples } from './openapi-examples.ts'
import { exampleOf } from './openapi-sample.ts'
import { emptyReport, skip, type ImportReport, type ImportResult } from './report.ts'

/** Larger documents are refused: validating and dereferencing cost many times their size. */
export const MAX_OPENAPI_CHARS = 16 * 1024 * 1024

export function isOpenApi(json: unknown): boolean {
  return (
    isObject(json) &&
    ((typeof json.openapi === 'string' && /^3\./.test(json.openapi)) || json.swagger === '2.0')
  )
}

/**
 * Reads a parsed document; throws `ImportError` naming the first problem's path. Validation is
 * the one @scalar/openapi-parser's `validate` runs (schema first, then references and path
 * parameters on the resolved document), called directly because the parser's wrapper is async
 * and the import registry is not.
 */
export function parseOpenApi(json: unknown): ImportResult<Collection> {
  if (!isOpenApi(json))
    throw new ImportError('', 'not an OpenAPI document (expected "openapi": "3.x" or "swagger": "2.0")')
  if (JSON.stringify(json).length > MAX_OPENAPI_CHARS)
    throw new ImportError(
      '',
      `document too large (Sendbox reads OpenAPI documents up to ${MAX_OPENAPI_CHARS / 1024 / 1024} MB)`,
    )
  // The parser's functions change the object they are given: each gets its own copy.
  const document = structuredClone(json) as JsonObject
  // As the parser does: a missing `info.version` is not worth refusing a file for.
  if (isObject(document.info) && typeof document.info.version !== 'string') document.info.version = '0.1.0'
  const outcome = validateDocument(document)
  if (!outcome.valid) throw problem(outcome.errors?.[0], 'invalid document')
  const resolved = dereference(structuredClone(document))
  if (resolved.errors && resolved.errors.length > 0) throw problem(resolved.errors[0], 'unresolvable $ref')
  const semantic = validatePathParameters(resolved.schema as JsonObject)
  if (semantic.length > 0) throw problem(semantic[0], 'invalid path parameters')
  const upgraded = upgrade(structuredClone(document)).specification as unknown
  const final = dereference(upgraded as JsonObject)
  return mapDocument(final.schema as JsonObject)
}

function problem(error: { message?: string; path?: string | string[] } | undefined, fallback: string) {
  return new ImportError(errorPath(error?.path), visible(error?.message || fallback))
}

/** The parser names a place as a JSON pointer or as its segments. */
function errorPath(path: string | string[] | undefined): string {
  if (Array.isArray(path))
    return pointerToPath(path.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''))
  return pointerToPath(path ?? '')
}

/** `/paths/~1pets~1{id}/get` → `paths["/pets/{id}"].get`. */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => {
      if (/^\d+$/.test(part)) return `${path}[${part}]`
      return keyPath(path, part)
    }, '')
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

function mapDocument(document: JsonObject): ImportResult<Collection> {
  const report = emptyReport()
  const info = isObject(document.info) ? document.info : {}
  const components = isObject(document.components) ? document.components : {}
  const context: SecurityContext = {
    schemes: isObject(components.securitySchemes) ? components.securitySchemes : {},
    report,
    variables: new Set(),
  }
  const auth = authFor(document.security, 'security', 'the API', context) ?? { type: 'none' }
  const pathVariables = new Map<string, string>()
  const folders = new Map<string, TreeItem[]>()
  for (const tag of Array.isArray(document.tags) ? document.tags : [])
    if (isObject(tag) && typeof tag.name === 'string') folders.set(tag.name, [])
  const root: TreeItem[] = []
  const paths = isObject(document.paths) ? document.paths : {}
  for (const [path, rawItem] of Object.entries(paths)) {
    if (!isObject(rawItem)) continue
    for (const method of METHODS) {
      const operation = rawItem[method]
      if (!isObject(operation)) continue
      const at = `${keyPath('paths', path)}.${method}`
      const request = mapOperation(path, method, rawItem, operation, at, { context, report, pathVariables })
      if (!request) continue
      const tag =
        Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : ''
      if (!tag) root.push(request)
      else folders.set(tag, [...(folders.get(tag) ?? []), request])
    }
  }
  if (isObject(document.webhooks))
    for (const name of Object.keys(document.webhooks))
      skip(
        report,
        keyPath('webhooks', name),
        `webhook ${quoted(name)}`,
        'webhooks are requests the API sends, not ones to send it',
      )
  const children: TreeItem[] = [
    ...[...folders]
      .filter(([, items]) => items.length > 0)
      .map(([name, items]) => makeFolder({ name, children: items, ...tagDescription(document.tags, name) })),
    ...root,
  ]
  const variables = [makeVariable({ key: 'baseUrl', value: serverUrl(document.servers) })]
  for (const [key, value] of pathVariables)
    if (key !== 'baseUrl') variables.push(makeVariable({ key, value }))
  return {
    value: makeCollection({
      name: typeof info.title === 'string' && info.title.trim() ? info.title : 'OpenAPI import',
      auth,
      variables,
      children,
      ...described(info.description, 'info.description'),
    }),
    report,
  }
}

/** The description the document's `tags` give the tag a folder is named after. */
function tagDescription(tags: unknown, name: string): { description?: string } {
  const tag = Array.isArray(tags) ? tags.find((t) => isObject(t) && t.name === name) : undefined
  return isObject(tag) && typeof tag.description === 'string' ? described(tag.description, '') : {}
}

/** The first server's URL with its variables' defaults filled in; `/` when there is none. */
function serverUrl(servers: unknown): string {
  const first = Array.isArray(servers) ? servers.find(isObject) : undefined
  if (!first || typeof first.url !== 'string') return ''
  const variables = isObject(first.variables) ? first.variables : {}
  const url = first.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name]
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole
  })
  return url.replace(/\/+$/, '')
}

interface OperationContext {
  context: SecurityContext
  report: ImportReport
  pathVariables: Map<string, string>
}

function mapOperation(
  path: string,
  method: string,
  pathItem: JsonObject,
  operation: JsonObject,
  at: string,
  { context, report, pathVariables }: OperationContext,
): RequestSpec | undefined {
  const upper = method.toUpperCase()
  const summary = typeof operation.summary === 'string' ? operation.summary.trim() : ''
  const operationId = typeof operation.operationId === 'string' ? operation.operationId : ''
  const name = summary || operationId || `${upper} ${path}`
  const owner = `operation ${quoted(name)}`
  if (!(HTTP_METHODS as readonly string[]).includes(upper)) {
    skip(report, at, owner, `method ${upper} is not supported`)
    return undefined
  }
  const parameters = mergeParameters(pathItem.parameters, operation.parameters)
  const query: KeyValueRow[] = []
  const headers: KeyValueRow[] = []
  const cookies: KeyValueRow[] = []
  const pathPairs: { key: string; value: string; description?: string }[] = []
  for (const parameter of parameters) {
    const key = typeof parameter.name === 'string' ? parameter.name : ''
    const example = exampleOf(parameter)
    const value = example === undefined ? '' : scalarText(example)
    const required = parameter.required === true
    if (parameter.in === 'path') {
      const description =
        typeof parameter.description === 'string' && parameter.description ? parameter.description : undefined
      pathPairs.push({ key, value, ...(description ? { description } : {}) })
    } else {
      const row = makeRow({ key, value, enabled: required || hasExample(parameter) })
      if (typeof parameter.description === 'string' && parameter.description)
        row.description = parameter.description
      if (parameter.in === 'query') query.push(row)
      else if (parameter.in === 'header') headers.push(row)
      else if (parameter.in === 'cookie') cookies.push(row)
    }
  }
  const servers =
    Array.isArray(operation.servers) && operation.servers.length > 0 ? operation.servers : pathItem.servers
  const base = Array.isArray(servers) && servers.length > 0 ? serverUrl(servers) : '{{baseUrl}}'
  // A whole segment `{id}` (or `{id}.json`) is a path variable `:id`; one inside a segment
  // (`v{version}`) cannot be, and stays a collection variable `{{version}}`.
  const segments = path.replace(/\/\{([^{}./]+)\}(?=[/.]|$)/g, '/:$1')
  for (const [, key] of segments.matchAll(/\{([^{}]+)\}/g)) {
    const pair = pathPairs.find((p) => p.key === key)
    if (key && !pathVariables.has(key)) pathVariables.set(key, pair?.value ?? '')
  }
  let url = `${base}${segments.replace(/\{([^{}]+)\}/g, '{{$1}}')}`
  const enabled = query.filter((row) => row.enabled)
  if (enabled.length > 0)
    url += `?${enabled.map((row) => `${encodeURIComponent(row.key)}=${encodeURIComponent(row.value)}`).join('&')}`
  const params = [
    ...enabled.map((row) => ({
      ...row,
      key: encodeURIComponent(row.key),
      value: encodeURIComponent(row.value),
    })),
    ...query.filter((row) => !row.enabled),
  ]
  const body = mapBody(operation.requestBody)
  if (body.contentType && !headers.some((row) => row.key.toLowerCase() === 'content-type'))
    headers.push(makeRow({ key: 'Content-Type', value: body.contentType }))
  const auth = authFor(operation.security, `${at}.security`, owner, context) ?? { type: 'inherit' }
  const pathRows = pathVariableRows(url, pathPairs)
  return makeRequest({
    name,
    method: upper as HttpMethod,
    url,
    ...(pathRows.length > 0 ? { pathVariables: pathRows } : {}),
    params,
    headers,
    cookies,
    body: body.body,
    auth,
    ...described(operation.description, `${at}.description`),
    ...openApiExamples(operation.responses, { method: upper, url, headers: [] }),
  })
}

/** An optional parameter is sent only when the document gives a value for it. */
function hasExample(parameter: JsonObject): boolean {
  const schema = isObject(parameter.schema) ? parameter.schema : {}
  return [parameter.example, parameter.examples, schema.example, schema.examples, schema.default].some(
    (value) => value !== undefined,
  )
}

/** Path-level parameters, each replaced by an operation's of the same name and place. */
function mergeParameters(pathLevel: unknown, operationLevel: unknown): JsonObject[] {
  const merged = new Map<string, JsonObject>()
  for (const list of [pathLevel, operationLevel])
    for (const parameter of Array.isArray(list) ? list : [])
      if (isObject(parameter)) merged.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter)
  return [...merged.values()]
}

function scalarText(value: Json): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(',')
  return JSON.stringify(value)
}

const BODY_PREFERENCE = [
  /^application\/json/,
  /\+json/,
  /x-www-form-urlencoded/,
  /multipart\/form-data/,
  /xml/,
  /^text\//,
]

function mapBody(requestBody: unknown): { body: RequestBody; contentType?: string } {
  if (!isObject(requestBody) || !isObject(requestBody.content)) return { body: { type: 'none' } }
  const types = Object.keys(requestBody.content)
  const chosen =
    BODY_PREFERENCE.map((pattern) => types.find((type) => pattern.test(type.toLowerCase()))).find(Boolean) ??
    types[0]
  if (!chosen) return { body: { type: 'none' } }
  const media = requestBody.content[chosen]
  const example = isObject(media) ? exampleOf(media) : undefined
  const type = chosen.toLowerCase()
  if (type.includes('x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const schema = isObject(media) && isObject(media.schema) ? media.schema : {}
    const properties = isObject(schema.properties) ? schema.properties : {}
    const values = isObject(example) ? example : {}
    const rows = Object.keys({ ...properties, ...values }).map((key): FormDataRow => {
      const property = properties[key]
      const binary =
        isObject(property) && (property.format === 'binary' || property.contentMediaType !== undefined)
      const value = values[key]
      return {
        id: newId(),
        key,
        value: binary || value === undefined ? '' : scalarText(value),
        enabled: true,
        type: binary ? 'file' : 'text',
      }
    })
    if (type.startsWith('multipart')) return { body: { type: 'form-data', rows } }
    return {
      body: {
        type: 'urlencoded',
        rows: rows.map(({ id, key, value, enabled }) => ({ id, key, value, enabled })),
      },
    }
  }
  const json = /[/+]json\b/.test(type)
  const text =
    example === undefined
      ? ''
      : typeof example === 'string' && !json
        ? example
        : JSON.stringify(example, null, 2)
  const language = json ? 'json' : /[/+]xml\b/.test(type) ? 'xml' : 'text'
  const body: RequestBody = { type: 'raw', language, text }
  return type === 'application/json' || type === 'application/xml' ? { body } : { body, contentType: chosen }
}

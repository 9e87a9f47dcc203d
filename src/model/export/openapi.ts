/**
 * OpenAPI 3.1 out: one operation per request (the first of a method and path wins; the others
 * are listed under `x-sendbox-skipped`), the top folder as its tag, `{{baseUrl}}` (or the URLs'
 * origin) as the server, `{{name}}` and `:name` path segments as path parameters, query, header
 * and cookie rows as parameters with their values as examples, the body as the example of its
 * media type, and auth as security schemes. Secret variables' values are written only with
 * `includeSecrets`. Sendbox's own OpenAPI importer reads the result back (a tested round trip).
 */
import { safeFileName } from './file-name.ts'
import { openApiResponses } from './openapi-examples.ts'
import type { Auth, Collection, Folder, KeyValueRow, RequestSpec, Variable } from '../types.ts'
import { parseQuery, splitUrl } from '../url-params.ts'
import { named } from '../import/report.ts'
import { exportsKind, kindName } from './kinds.ts'
import { below, skip, skipKind } from './report.ts'
import type { Exporter, ExportOptions } from './types.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const SKIPPED_HEADERS = new Set(['content-type', 'authorization', 'content-length', 'host'])

export const exportOpenApi: Exporter = (collection, options) => {
  const state = new Builder(collection, options)
  state.walk(collection.children, '', collection.auth, '')
  const document: JsonObject = {
    openapi: '3.1.0',
    info: {
      title: collection.name || 'Collection',
      ...(collection.description ? { description: collection.description } : {}),
      version: '1.0.0',
    },
    servers: state.servers(),
    ...(state.tags.length > 0 ? { tags: state.tags.map((name) => state.tag(name)) } : {}),
    ...(collection.auth.type !== 'none' && collection.auth.type !== 'inherit'
      ? { security: state.security(collection.auth) }
      : {}),
    paths: state.paths,
  }
  if (Object.keys(state.schemes).length > 0) document.components = { securitySchemes: state.schemes }
  if (state.skipped.length > 0) document['x-sendbox-skipped'] = state.skipped
  return [
    {
      path: `${safeFileName(collection.name, 'collection')}.openapi.json`,
      text: `${JSON.stringify(document, null, 2)}\n`,
    },
  ]
}

class Builder {
  paths: JsonObject = {}
  tags: string[] = []
  schemes: JsonObject = {}
  skipped: Json[] = []
  /** A top folder's description, its tag's. */
  private tagDocs = new Map<string, string>()
  private firstServer: JsonObject | undefined
  private operationIds = new Set<string>()
  private values = new Map<string, string>()

  constructor(
    private readonly collection: Collection,
    private readonly options: ExportOptions,
  ) {
    for (const variable of collection.variables) this.remember(variable)
  }

  private remember(variable: Variable): void {
    if (!variable.enabled || this.values.has(variable.key)) return
    this.values.set(variable.key, variable.secret && !this.options.includeSecrets ? '' : variable.value)
  }

  tag(name: string): JsonObject {
    const description = this.tagDocs.get(name)
    return description ? { name, description } : { name }
  }

  /** The first request's server, the document's; `/` (relative) when there is none. */
  servers(): Json[] {
    return [this.firstServer ?? { url: '/' }]
  }

  /**
   * A request's server: a leading `{{name}}` becomes the server variable `{name}` with the
   * variable's value as its default (`{{baseUrl}}` with a value: that value), an absolute URL its
   * origin.
   */
  private serverOf(path: string): { server: JsonObject; rest: string } {
    const variable = /^\{\{\s*([^{}]+?)\s*\}\}(?=\/|$)/.exec(path)
    if (variable) {
      const name = (variable[1] ?? '').replace(/[{}/]/g, '_')
      const value = this.values.get(name) ?? ''
      const server: JsonObject =
        name === 'baseUrl' && value
          ? { url: value }
          : { url: `{${name}}`, variables: Object.fromEntries([[name, { default: value }]]) as JsonObject }
      return { server, rest: path.slice(variable[0].length) }
    }
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)
    if (origin) return { server: { url: origin[0] }, rest: path.slice(origin[0].length) }
    return { server: { url: '/' }, rest: path }
  }

  walk(items: (Folder | RequestSpec)[], tag: string, auth: Auth, where: string): void {
    for (const item of items) {
      const own = item.auth.type === 'inherit' ? auth : item.auth
      if (item.type === 'folder') {
        for (const variable of item.variables) this.remember(variable)
        const name = tag || item.name || 'Folder'
        if (!tag && !this.tags.includes(name)) this.tags.push(name)
        if (item.description && !tag && !this.tagDocs.has(name)) this.tagDocs.set(name, item.description)
        else if (item.description)
          skip(
            this.options,
            `description of ${named('folder', item.name)}`,
            where,
            'OpenAPI describes only top folders (tags)',
          )
        this.walk(item.children, name, own, below(where, item.name))
      } else if (exportsKind(item.kind, 'openapi')) this.request(item, tag, own, where)
      else {
        this.skipped.push({
          name: item.name,
          kind: item.kind,
          reason: `a ${kindName(item.kind)} request`,
        })
        skipKind(this.options, item, where, 'OpenAPI')
      }
    }
  }

  private request(request: RequestSpec, tag: string, auth: Auth, where: string): void {
    const { base, query } = splitUrl(request.url)
    const { server, rest } = this.serverOf(base)
    let path = rest
    this.firstServer ??= server
    const ownServer = JSON.stringify(server) === JSON.stringify(this.firstServer) ? undefined : server
    const parameters: Json[] = []
    const names = new Set<string>()
    path = `/${path.replace(/^\/+/, '')}`.replace(
      /\{\{\s*([^{}]+?)\s*\}\}|(?<=\/):([A-Za-z_][\w-]*)/g,
      (_, a?: string, b?: string) => {
        const name = (a ?? b ?? '').replace(/[{}/]/g, '_')
        if (!names.has(name)) {
          names.add(name)
          // A path variable's row gives its example and description; a `{{name}}` its variable's value.
          const row = b === undefined ? undefined : request.pathVariables?.find((r) => r.key === b)
          const example = row ? row.value : this.values.get(name)
          parameters.push({
            name,
            in: 'path',
            required: true,
            ...(row?.description ? { description: row.description } : {}),
            schema: { type: 'string' },
            ...(example ? { example } : {}),
          })
        }
        return `{${name}}`
      },
    )
    const method = request.method.toLowerCase()
    const item = (Object.hasOwn(this.paths, path) ? this.paths[path] : {}) as JsonObject
    if (item[method]) {
      this.skipped.push({
        name: request.name,
        method: request.method,
        path,
        reason: 'another request has this method and path',
      })
      const reason = `another request has ${request.method} ${path}: OpenAPI has one operation per method and path`
      skip(this.options, named('request', request.name), where, reason)
      return
    }
    const enabledQuery = query === null ? [] : parseQuery(query)
    for (const [name, value] of enabledQuery)
      parameters.push({ name: decode(name), in: 'query', schema: { type: 'string' }, example: decode(value) })
    // A row that is off is documented without a value, so a reader does not send it.
    for (const row of request.params.filter((r) => !r.enabled && r.key))
      parameters.push({ name: decode(row.key), in: 'query', required: false, schema: { type: 'string' } })
    parameters.push(...rowParameters(request.headers, 'header'), ...rowParameters(request.cookies, 'cookie'))
    const operation: JsonObject = {
      summary: request.name,
      operationId: this.operationId(request.name || `${method} ${path}`),
    }
    if (request.description) operation.description = request.description
    if (tag) operation.tags = [tag]
    if (ownServer) operation.servers = [ownServer]
    if (parameters.length > 0) operation.parameters = parameters
    const body = requestBody(request)
    if (body) operation.requestBody = body
    if (!sameAuth(auth, this.collection.auth)) operation.security = this.security(auth)
    operation.responses = openApiResponses(request.examples)
    item[method] = operation
    set(this.paths, path, item)
  }

  private operationId(name: string): string {
    const base =
      name
        .replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ''))
        .replace(/^./, (c) => c.toLowerCase()) || 'operation'
    let id = base
    for (let n = 2; this.operationIds.has(id); n++) id = `${base}${n}`
    this.operationIds.add(id)
    return id
  }

  /** The requirement for `auth`, adding its scheme to `components.securitySchemes`. */
  security(auth: Auth): Json[] {
    /** Named after the variable the secret is in (`{{petsKey}}` → `petsKey`), so a re-import keeps it. */
    const add = (
      fallback: string,
      value: string,
      suffix: string,
      scheme: JsonObject,
      scopes: string[] = [],
    ): Json[] => {
      const variable = /^\{\{\s*([\w-]+)\s*\}\}$/.exec(value)?.[1] ?? ''
      let name =
        variable.endsWith(suffix) && variable.length > suffix.length
          ? variable.slice(0, variable.length - suffix.length)
          : fallback
      const same = (n: string) => JSON.stringify(this.schemes[n]) === JSON.stringify(scheme)
      for (let n = 2; Object.hasOwn(this.schemes, name) && !same(name); n++) name = `${fallback}${n}`
      set(this.schemes, name, scheme)
      return [{ [name]: scopes }]
    }
    switch (auth.type) {
      case 'bearer':
        return add('bearerAuth', auth.token, '', { type: 'http', scheme: 'bearer' })
      case 'basic':
        return add('basicAuth', auth.username, 'Username', { type: 'http', scheme: 'basic' })
      case 'apikey':
        return add('apiKey', auth.value, '', { type: 'apiKey', in: auth.addTo, name: auth.key })
      case 'oauth2': {
        const scopes = auth.scope.split(/\s+/).filter(Boolean)
        const scopeMap: JsonObject = {}
        for (const scope of scopes) set(scopeMap, scope, scope)
        if (auth.grant === 'client-credentials')
          return add(
            'oauth2',
            auth.clientId,
            'ClientId',
            { type: 'oauth2', flows: { clientCredentials: { tokenUrl: auth.tokenUrl, scopes: scopeMap } } },
            scopes,
          )
        if (auth.grant === 'authorization-code')
          return add(
            'oauth2',
            auth.clientId,
            'ClientId',
            {
              type: 'oauth2',
              flows: {
                authorizationCode: {
                  authorizationUrl: auth.authUrl,
                  tokenUrl: auth.tokenUrl,
                  scopes: scopeMap,
                },
              },
            },
            scopes,
          )
        return add('bearerAuth', auth.accessToken, '', { type: 'http', scheme: 'bearer' })
      }
      case 'sigv4':
        return add('awsSigV4', '', '', {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'AWS Signature Version 4',
        })
      default:
        return []
    }
  }
}

/** `__proto__` as a plain assignment would set the prototype, not a property. */
function set(object: JsonObject, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
}

function sameAuth(a: Auth, b: Auth): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function rowParameters(rows: KeyValueRow[], where: 'header' | 'cookie'): Json[] {
  return rows
    .filter((row) => row.key && !(where === 'header' && SKIPPED_HEADERS.has(row.key.toLowerCase())))
    .map((row) => ({
      name: row.key,
      in: where,
      required: row.enabled,
      schema: { type: 'string' },
      ...(row.value ? { example: row.value } : {}),
    }))
}

function requestBody(request: RequestSpec): JsonObject | undefined {
  const body = request.body
  const contentType = request.headers.find((h) => h.enabled && h.key.toLowerCase() === 'content-type')?.value
  switch (body.type) {
    case 'none':
      return undefined
    case 'raw': {
      const type =
        contentType ||
        (body.language === 'json'
          ? 'application/json'
          : body.language === 'xml'
            ? 'application/xml'
            : 'text/plain')
      let example: Json = body.text
      if (body.language === 'json') {
        try {
          example = JSON.parse(body.text) as Json
        } catch {
          // JSON with {{variables}} in place of values stays text.
        }
      }
      return { content: { [type]: { example } } }
    }
    case 'graphql': {
      let variables: Json = body.variables
      try {
        variables = body.variables.trim() ? (JSON.parse(body.variables) as Json) : {}
      } catch {
        // kept as text
      }
      return { content: { 'application/json': { example: { query: body.query, variables } } } }
    }
    case 'urlencoded':
    case 'form-data': {
      const rows = body.rows.filter((row) => row.enabled && row.key)
      const properties: JsonObject = {}
      const example: JsonObject = {}
      for (const row of rows) {
        const file = 'type' in row && row.type === 'file'
        set(properties, row.key, file ? { type: 'string', format: 'binary' } : { type: 'string' })
        if (!file) set(example, row.key, row.value)
      }
      const type = body.type === 'urlencoded' ? 'application/x-www-form-urlencoded' : 'multipart/form-data'
      return { content: { [type]: { schema: { type: 'object', properties }, example } } }
    }
  }
}

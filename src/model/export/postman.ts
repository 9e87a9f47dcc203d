/**
 * A Sendbox collection → Postman Collection v2.1 (what newman and the Postman app read), and each
 * environment beside it as a Postman environment. Folders, requests, auth at every level, collection
 * and folder variables, scripts, disabled rows and their descriptions, every body type. Secret
 * values are written only when `includeSecrets` is set. Requests Postman cannot hold (WebSocket,
 * SSE, gRPC) and request cookies are left out; `exportNames` of `bruno.ts` names files the same way.
 */
import { safeFileName } from './file-name.ts'
import { writePostmanExamples } from './postman-examples.ts'
import type {
  Auth,
  Collection,
  Environment,
  Folder,
  KeyValueRow,
  RequestBody,
  RequestSpec,
  Scripts,
  TreeItem,
  Variable,
} from '../types.ts'
import { named } from '../import/report.ts'
import { hawkToPostman, oauth1ToPostman } from '../import/postman-signed-auth.ts'
import {
  POSTMAN_AWS_FIELDS,
  POSTMAN_OAUTH2_FIELDS,
  grantToPostman,
  writeFields,
} from '../import/postman-tables.ts'
import { exportsKind } from './kinds.ts'
import { below, skip, skipKind } from './report.ts'
import type { ExportFile, Exporter, ExportOptions } from './types.ts'

export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

export const exportPostman: Exporter = (collection, options) => {
  const files: ExportFile[] = [
    {
      path: `${safeFileName(collection.name)}.postman_collection.json`,
      text: postmanCollectionText(collection, options),
    },
  ]
  for (const environment of options.environments ?? [])
    files.push({
      path: `${safeFileName(environment.name)}.postman_environment.json`,
      text: postmanEnvironmentText(environment, options),
    })
  return files
}

export function postmanCollectionText(collection: Collection, options: ExportOptions): string {
  const document: JsonObject = {
    info: {
      _postman_id: collection.id,
      name: collection.name,
      ...(collection.description ? { description: collection.description } : {}),
      schema: POSTMAN_SCHEMA_V21,
    },
    item: items(collection.children, options, ''),
  }
  const auth = writeAuth(collection.auth)
  if (auth) document.auth = auth
  const events = writeEvents(collection.scripts)
  if (events.length > 0) document.event = events
  if (collection.variables.length > 0) document.variable = writeVariables(collection.variables, options)
  return `${JSON.stringify(document, null, 2)}\n`
}

export function postmanEnvironmentText(environment: Environment, options: ExportOptions): string {
  const document = {
    id: environment.id,
    name: environment.name,
    values: environment.variables.map((variable) => ({
      key: variable.key,
      value: variable.secret && !options.includeSecrets ? '' : variable.value,
      type: variable.secret ? 'secret' : 'default',
      enabled: variable.enabled,
    })),
    _postman_variable_scope: 'environment',
  }
  return `${JSON.stringify(document, null, 2)}\n`
}

function items(children: TreeItem[], options: ExportOptions, where: string): Json[] {
  return children.flatMap((child): Json[] => {
    if (child.type === 'folder') return [folder(child, options, where)]
    if (!exportsKind(child.kind, 'postman')) {
      skipKind(options, child, where, 'Postman')
      return []
    }
    if (child.cookies.length > 0)
      skip(options, `cookies of ${named('request', child.name)}`, where, 'not supported in Postman')
    return [request(child)]
  })
}

function folder(source: Folder, options: ExportOptions, where: string): JsonObject {
  const result: JsonObject = {
    name: source.name,
    item: items(source.children, options, below(where, source.name)),
  }
  if (source.description) result.description = source.description
  const auth = writeAuth(source.auth)
  if (auth) result.auth = auth
  const events = writeEvents(source.scripts)
  if (events.length > 0) result.event = events
  if (source.variables.length > 0) result.variable = writeVariables(source.variables, options)
  return result
}

function request(source: RequestSpec): JsonObject {
  const request: JsonObject = {
    method: source.method,
    header: rows(source.headers),
    url: writeUrl(source.url, source.params, source.pathVariables),
  }
  const auth = writeAuth(source.auth)
  if (auth) request.auth = auth
  if (source.description) request.description = source.description
  const body = writeBody(source.body)
  if (body) request.body = body
  const result: JsonObject = { id: source.id, name: source.name, request }
  const events = writeEvents(source.scripts)
  if (events.length > 0) result.event = events
  if (source.examples?.length) result.response = writePostmanExamples(source.examples)
  return result
}

function rows(list: KeyValueRow[]): Json[] {
  return list.map((row) => {
    const result: JsonObject = { key: row.key, value: row.value }
    if (!row.enabled) result.disabled = true
    if (row.description) result.description = row.description
    return result
  })
}

function writeVariables(variables: Variable[], options: ExportOptions): Json[] {
  return variables.map((variable) => {
    const result: JsonObject = {
      key: variable.key,
      value: variable.secret && !options.includeSecrets ? '' : variable.value,
    }
    if (variable.secret) result.type = 'secret'
    if (!variable.enabled) result.disabled = true
    return result
  })
}

/**
 * The URL as Postman's object: newman reads the parts (`host`, `path`, `query`), not `raw`. The
 * query is the parameter rows, disabled ones included, as Sendbox shows them.
 */
export function writeUrl(url: string, params: KeyValueRow[], pathVariables: KeyValueRow[] = []): JsonObject {
  const match = /^(?:([A-Za-z][\w+.-]*):\/\/)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(url)
  const result: JsonObject = { raw: url }
  if (!match) return result
  const [, protocol, authority = '', path = '', query, hash] = match
  if (protocol) result.protocol = protocol
  const port = /^(.*?):(\d+|\{\{[^}]*\}\})$/.exec(authority)
  const host = port ? port[1]! : authority
  if (host) result.host = /\{\{/.test(host) ? [host] : host.split('.')
  if (port) result.port = port[2]!
  if (path) result.path = path.replace(/^\//, '').split('/')
  const queryRows =
    params.length > 0
      ? rows(params)
      : query
        ? query.split('&').map((pair) => {
            const eq = pair.indexOf('=')
            return eq < 0 ? { key: pair, value: null } : { key: pair.slice(0, eq), value: pair.slice(eq + 1) }
          })
        : []
  if (queryRows.length > 0) result.query = queryRows
  if (hash !== undefined) result.hash = hash
  if (pathVariables.length > 0)
    result.variable = pathVariables.map(({ key, value, description }) => ({
      key,
      value,
      ...(description ? { description } : {}),
    }))
  return result
}

function writeBody(body: RequestBody): JsonObject | undefined {
  switch (body.type) {
    case 'none':
      return undefined
    case 'raw':
      return { mode: 'raw', raw: body.text, options: { raw: { language: body.language } } }
    case 'urlencoded':
      return { mode: 'urlencoded', urlencoded: rows(body.rows) }
    case 'form-data':
      return {
        mode: 'formdata',
        formdata: body.rows.map((row) => {
          const result: JsonObject =
            row.type === 'file'
              ? { key: row.key, type: 'file', src: row.fileRef ?? row.fileName ?? '' }
              : { key: row.key, value: row.value, type: 'text' }
          if (!row.enabled) result.disabled = true
          if (row.contentType) result.contentType = row.contentType
          if (row.description) result.description = row.description
          return result
        }),
      }
    case 'graphql':
      return { mode: 'graphql', graphql: { query: body.query, variables: body.variables } }
  }
}

function params(entries: Record<string, string>): Json[] {
  return Object.entries(entries).map(([key, value]) => ({ key, value, type: 'string' }))
}

/** `undefined` for `inherit`: a Postman item without auth inherits its parent's. */
export function writeAuth(auth: Auth): JsonObject | undefined {
  switch (auth.type) {
    case 'inherit':
      return undefined
    case 'digest': {
      const { type: _type, ...fields } = auth
      return { type: 'digest', digest: params(fields) }
    }
    case 'unsupported': {
      let original: Json = []
      try {
        original = JSON.parse(auth.params) as Json
      } catch {
        // Kept as imported; a damaged value is written as no parameters.
      }
      return { type: auth.name, [auth.name]: original }
    }
    case 'oauth1':
      return { type: 'oauth1', oauth1: oauth1ToPostman(auth) }
    case 'hawk':
      return { type: 'hawk', hawk: hawkToPostman(auth) }
    case 'none':
      return { type: 'noauth' }
    case 'bearer':
      return { type: 'bearer', bearer: params({ token: auth.token }) }
    case 'basic':
      return { type: 'basic', basic: params({ username: auth.username, password: auth.password }) }
    case 'apikey':
      return { type: 'apikey', apikey: params({ key: auth.key, value: auth.value, in: auth.addTo }) }
    case 'sigv4':
      return { type: 'awsv4', awsv4: params(writeFields(POSTMAN_AWS_FIELDS, auth)) }
    case 'oauth2': {
      const entries: Record<string, string> = {
        grant_type: grantToPostman(auth.grant),
        ...writeFields(POSTMAN_OAUTH2_FIELDS, auth),
        addTokenTo: auth.addTo === 'query' ? 'queryParams' : 'header',
        client_authentication: auth.clientAuth === 'body' ? 'body' : 'header',
      }
      if (auth.headerPrefix !== undefined) entries.headerPrefix = auth.headerPrefix
      if (auth.username !== undefined) entries.username = auth.username
      if (auth.password !== undefined) entries.password = auth.password
      if (auth.audience) entries.audience = auth.audience
      if (auth.resource) entries.resource = auth.resource
      return { type: 'oauth2', oauth2: params(entries) }
    }
  }
}

function writeEvents(scripts: Scripts): Json[] {
  const events: Json[] = []
  const add = (listen: string, code: string) => {
    if (code.trim() !== '')
      events.push({ listen, script: { type: 'text/javascript', exec: code.split('\n') } })
  }
  add('prerequest', scripts.preRequest)
  add('test', scripts.postResponse)
  return events
}

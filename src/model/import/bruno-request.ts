/**
 * One parsed `.bru` document (@usebruno/lang's JSON) → Sendbox parts: a request, or the auth,
 * variables and scripts of collection.bru / folder.bru. Path parameters are put into the URL as
 * `bru run` sends them; `script:post-response` and `tests` become the post-response script.
 * What Sendbox has no place for (assertions, request variables, SPARQL and file bodies,
 * auth modes it lacks, WebSocket and gRPC requests) goes to the report.
 */
import { newOAuth1Auth } from '../auth/auth-fields.ts'
import { makeRequest, makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import { pathVariableRows } from '../path-variables.ts'
import {
  HTTP_METHODS,
  type Auth,
  type FormDataRow,
  type HttpMethod,
  type KeyValueRow,
  type RequestBody,
  type RequestSpec,
  type Scripts,
  type Variable,
} from '../types.ts'
import { readBrunoExamples } from './bruno-examples.ts'
import type { BruAuth, BruDocument, BruRow } from './bruno-lang.ts'
import { ImportError, quoted } from './import-error.ts'
import { skip, type ImportReport } from './report.ts'

/** Where in the source a document is, and where its findings are reported. */
export interface BruContext {
  path: string
  owner: string
  report: ImportReport
}

/** Notes what a document leaves out: `<what> of <owner>`, at the document's path. */
export function skipIn(context: BruContext, what: string, reason: string): void {
  skip(context.report, context.path, `${what} of ${context.owner}`, reason)
}

function text(value: unknown, context: BruContext, field: string): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new ImportError(context.path, `${field}: expected text`)
}

/** Bruno's parser drops the name and value of a row named like an object's own key (`__proto__`). */
export const UNREADABLE_ROW = 'Bruno’s parser cannot read this name (such as __proto__)'

export function bruRows(rows: BruRow[] | undefined, context: BruContext, field: string): KeyValueRow[] {
  const readable = (rows ?? []).filter((row) => {
    if (typeof row.name === 'string') return true
    skipIn(context, `a ${field} row without a name`, UNREADABLE_ROW)
    return false
  })
  return readable.map((row) =>
    makeRow({
      key: text(row.name, context, field),
      value: text(row.value, context, field),
      enabled: row.enabled !== false,
    }),
  )
}

export function bruVariables(rows: BruRow[] | undefined, context: BruContext): Variable[] {
  return bruRows(rows, context, 'vars').map((row) =>
    makeVariable({ key: row.key, value: row.value, enabled: row.enabled }),
  )
}

/** `script:pre-request`; `script:post-response` then `tests` (Bruno runs them in that order). */
export function bruScripts(doc: BruDocument): Scripts {
  const post = [doc.script?.res ?? '', doc.tests ?? ''].filter((part) => part.trim() !== '').join('\n')
  return makeScripts({ preRequest: doc.script?.req ?? '', postResponse: post })
}

/** The `docs` block of a request, folder or collection file, as its description. */
export function bruDocs(doc: BruDocument): { description?: string } {
  return doc.docs?.trim() ? { description: doc.docs } : {}
}

/** What a request, folder or collection file holds that Sendbox keeps nowhere. */
export function noteUnmapped(doc: BruDocument, context: BruContext, request: boolean): void {
  if (doc.assertions?.length) skipIn(context, `${doc.assertions.length} assertions`, 'write them as tests')
  if (doc.vars?.res?.length)
    skipIn(context, 'post-response variables', 'set them in the post-response script')
  if (request && doc.vars?.req?.length)
    skipIn(context, 'request variables', 'requests have no variables in Sendbox')
}

/** `mode`: the request's `http.auth`, or `auth.mode` of collection.bru / folder.bru. */
export function bruAuth(mode: string | undefined, auth: BruAuth | undefined, context: BruContext): Auth {
  const params = (name: string): Record<string, unknown> => {
    const value = auth?.[name]
    return typeof value === 'object' && value !== null ? value : {}
  }
  const get = (name: string, key: string) => text(params(name)[key], context, `auth:${name}.${key}`)
  switch (mode) {
    case undefined:
    case '':
    case 'none':
      return { type: 'none' }
    case 'inherit':
      return { type: 'inherit' }
    case 'bearer':
      return { type: 'bearer', token: get('bearer', 'token') }
    case 'basic':
      return { type: 'basic', username: get('basic', 'username'), password: get('basic', 'password') }
    case 'apikey':
      return {
        type: 'apikey',
        key: get('apikey', 'key'),
        value: get('apikey', 'value'),
        addTo: get('apikey', 'placement') === 'queryparams' ? 'query' : 'header',
      }
    case 'digest':
      return {
        type: 'digest',
        username: get('digest', 'username'),
        password: get('digest', 'password'),
        ...{ algorithm: '', realm: '', nonce: '', qop: '', opaque: '', nonceCount: '', clientNonce: '' },
      }
    case 'awsv4':
      if (get('awsv4', 'profileName'))
        skipIn(context, 'AWS profile name', 'Sendbox signs with the keys given')
      return {
        type: 'sigv4',
        accessKeyId: get('awsv4', 'accessKeyId'),
        secretAccessKey: get('awsv4', 'secretAccessKey'),
        sessionToken: get('awsv4', 'sessionToken'),
        region: get('awsv4', 'region'),
        service: get('awsv4', 'service'),
      }
    case 'oauth2': {
      const grant = get('oauth2', 'grantType')
      if (grant !== 'client_credentials' && grant !== 'authorization_code')
        skipIn(context, `OAuth 2.0 grant ${quoted(grant)}`, 'not supported; a token must be pasted')
      return {
        type: 'oauth2',
        grant:
          grant === 'client_credentials'
            ? 'client-credentials'
            : grant === 'authorization_code'
              ? 'authorization-code'
              : 'token',
        accessToken: '',
        authUrl: get('oauth2', 'authorizationUrl'),
        tokenUrl: get('oauth2', 'accessTokenUrl'),
        clientId: get('oauth2', 'clientId'),
        clientSecret: get('oauth2', 'clientSecret'),
        scope: get('oauth2', 'scope'),
      }
    }
    case 'oauth1': {
      const o = params('oauth1')
      if (o.privateKeyType === 'file')
        skipIn(context, 'OAuth 1.0 private key file', 'paste the key into the auth instead')
      return {
        ...newOAuth1Auth(),
        consumerKey: get('oauth1', 'consumerKey'),
        consumerSecret: get('oauth1', 'consumerSecret'),
        token: get('oauth1', 'accessToken'),
        tokenSecret: get('oauth1', 'accessTokenSecret'),
        callback: get('oauth1', 'callbackUrl'),
        verifier: get('oauth1', 'verifier'),
        signatureMethod: get('oauth1', 'signatureMethod') || 'HMAC-SHA1',
        privateKey: o.privateKeyType === 'file' ? '' : get('oauth1', 'privateKey'),
        timestamp: get('oauth1', 'timestamp'),
        nonce: get('oauth1', 'nonce'),
        version: get('oauth1', 'version'),
        realm: get('oauth1', 'realm'),
        // Bruno's `query` and `body` are both Postman's "URL or body": the body for a POST/PUT form.
        addTo: get('oauth1', 'placement') === 'header' || !o.placement ? 'header' : 'query',
        includeBodyHash: o.includeBodyHash === true,
      }
    }
    default:
      skipIn(context, `${mode} auth`, 'auth type not supported; sent without auth')
      return { type: 'none' }
  }
}

function bruBody(doc: BruDocument, context: BruContext): RequestBody {
  const mode = doc.http?.body ?? 'none'
  const body = doc.body ?? {}
  switch (mode) {
    case 'none':
      return { type: 'none' }
    case 'json':
    case 'text':
    case 'xml':
      return { type: 'raw', language: mode, text: body[mode] ?? '' }
    case 'formUrlEncoded':
      return { type: 'urlencoded', rows: bruRows(body.formUrlEncoded, context, 'body:form-urlencoded') }
    case 'multipartForm':
      return {
        type: 'form-data',
        rows: (body.multipartForm ?? []).map((row): FormDataRow => {
          const file = row.type === 'file'
          const paths = Array.isArray(row.value) ? row.value : [row.value]
          if (file && paths.length > 1)
            skipIn(
              context,
              `${paths.length - 1} more files of form row ${quoted(row.name)}`,
              'a row holds one file in Sendbox',
            )
          const first = text(paths[0], context, 'body:multipart-form')
          return {
            id: newId(),
            key: text(row.name, context, 'body:multipart-form'),
            value: file ? '' : first,
            enabled: row.enabled !== false,
            type: file ? 'file' : 'text',
            ...(file ? { fileRef: first, fileName: first.split(/[\\/]/).pop() || 'file' } : {}),
            ...(row.contentType ? { contentType: row.contentType } : {}),
          }
        }),
      }
    case 'graphql':
      return { type: 'graphql', query: body.graphql?.query ?? '', variables: body.graphql?.variables ?? '' }
    default:
      skipIn(context, `${mode} body`, 'not supported; sent without a body')
      return { type: 'none' }
  }
}

/** A request file; `undefined` (and reported) for requests Sendbox cannot send. */
export function bruRequest(
  doc: BruDocument,
  context: BruContext,
  inheritedHeaders: KeyValueRow[],
): RequestSpec | undefined {
  const type = doc.meta?.type ?? 'http'
  if (type !== 'http' && type !== 'graphql') {
    skipIn(context, `${type} request`, 'not supported')
    return undefined
  }
  const method = (doc.http?.method ?? 'get').toUpperCase()
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    skipIn(context, `method ${quoted(method)}`, 'not supported')
    return undefined
  }
  noteUnmapped(doc, context, true)
  const params = doc.params ?? []
  const headers = bruRows(doc.headers, context, 'headers')
  const own = new Set(headers.map((h) => h.key.toLowerCase()))
  const body = bruBody(doc, context)
  const url = text(doc.http?.url, context, 'url')
  // `params:path` gives the values of the URL's `:name` segments (path-variables.ts).
  const pathVariables = pathVariableRows(
    url,
    params.filter((p) => p.type === 'path').map((p) => ({ key: p.name, value: p.value })),
  )
  const examples = readBrunoExamples(doc.examples, `${context.path} examples`, context.owner, context.report)
  return makeRequest({
    ...(examples.length > 0 ? { examples } : {}),
    kind: body.type === 'graphql' || type === 'graphql' ? 'graphql' : 'http',
    name: text(doc.meta?.name, context, 'meta.name'),
    method: method as HttpMethod,
    url,
    ...(pathVariables.length > 0 ? { pathVariables } : {}),
    params: bruRows(
      params.filter((p) => p.type !== 'path'),
      context,
      'params:query',
    ),
    headers: [
      ...inheritedHeaders.filter((h) => !own.has(h.key.toLowerCase())).map((h) => ({ ...h, id: newId() })),
      ...headers,
    ],
    body,
    auth: bruAuth(doc.http?.auth, doc.auth, context),
    scripts: bruScripts(doc),
    ...bruDocs(doc),
  })
}

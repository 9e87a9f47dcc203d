/**
 * HAR 1.2 out: a collection's requests (one entry each, in tree order, variables filled in from
 * the collection, its folders and the first environment given; auth written as the header or
 * query it becomes) or the history's sends (method, URL, status and timing: what history keeps).
 * A secret's value is written only with `includeSecrets`; otherwise its `{{name}}` stays.
 */
import type { HistoryEntry } from '../workspace/types.ts'
import type { Auth, Folder, KeyValueRow, RequestSpec, Variable } from '../types.ts'
import { encodePath, encodeQueryComponent, formatQuery, parseQuery, splitUrl } from '../url-params.ts'
import { exportsKind } from './kinds.ts'
import { below, skipKind } from './report.ts'
import { safeFileName } from './file-name.ts'
import type { ExportFile, ExportOptions, Exporter } from './types.ts'

interface HarNameValue {
  name: string
  value: string
}

const CREATOR = { name: 'Sendbox', version: '1.0' }

function harLog(entries: unknown[]) {
  return { log: { version: '1.2', creator: CREATOR, pages: [], entries } }
}

export const exportHar: Exporter = (collection, options) => {
  const entries: unknown[] = []
  const started = new Date(0).toISOString()
  walk(collection.children, [collection.variables], collection.auth, options, '', (request, scopes, auth) => {
    const values = variableValues([...scopes, options.environments?.[0]?.variables ?? []], options)
    entries.push(requestEntry(request, auth, (text) => fill(text, values), started))
  })
  return [
    {
      path: `${safeFileName(collection.name, 'collection')}.har`,
      text: `${JSON.stringify(harLog(entries), null, 2)}\n`,
    },
  ]
}

/**
 * HAR's `httpVersion` as browsers write it: `HTTP/1.1`, `HTTP/2.0`. Empty when the response's
 * protocol was not known (a browser that did not tell); `HTTP/1.1` when none was recorded.
 */
export function harHttpVersion(version: string | undefined): string {
  if (version === undefined) return 'HTTP/1.1'
  if (version === '') return ''
  return `HTTP/${version.includes('.') ? version : `${version}.0`}`
}

/** A HAR response without its content: Sendbox keeps no response bodies in history or requests. */
function emptyResponse(status: number, statusText: string, httpVersion = 'HTTP/1.1') {
  return {
    status,
    statusText,
    httpVersion,
    cookies: [],
    headers: [],
    content: { size: 0, mimeType: 'x-unknown' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
  }
}

/** The history's sends as HAR (oldest first, as browsers write them). */
export function exportHistoryHar(history: HistoryEntry[]): ExportFile {
  const entries = [...history]
    .sort((a, b) => a.time - b.time)
    .map((entry) => ({
      startedDateTime: new Date(entry.time).toISOString(),
      time: entry.durationMs ?? 0,
      request: {
        method: entry.method,
        url: entry.url,
        httpVersion: harHttpVersion(entry.httpVersion),
        cookies: [],
        headers: [],
        queryString: queryOf(entry.url),
        headersSize: -1,
        bodySize: -1,
      },
      response: emptyResponse(
        entry.status ?? 0,
        entry.outcome === 'done' ? '' : (entry.error ?? entry.outcome),
        harHttpVersion(entry.httpVersion),
      ),
      cache: {},
      timings: { send: 0, wait: entry.durationMs ?? 0, receive: 0 },
    }))
  return { path: 'history.har', text: `${JSON.stringify(harLog(entries), null, 2)}\n` }
}

type Visit = (request: RequestSpec, scopes: Variable[][], auth: Auth) => void

function walk(
  items: (Folder | RequestSpec)[],
  scopes: Variable[][],
  auth: Auth,
  options: ExportOptions,
  where: string,
  visit: Visit,
): void {
  for (const item of items) {
    const own = item.auth.type === 'inherit' ? auth : item.auth
    if (item.type === 'folder')
      walk(item.children, [...scopes, item.variables], own, options, below(where, item.name), visit)
    // WebSocket, SSE and gRPC requests have no HAR form: only HTTP exchanges are written.
    else if (exportsKind(item.kind, 'har')) visit(item, scopes, own)
    else skipKind(options, item, where, 'HAR')
  }
}

/** Nearest scope wins; a secret is filled in only when the user asked for secrets. */
function variableValues(scopes: Variable[][], options: ExportOptions): Map<string, string> {
  const values = new Map<string, string>()
  for (const scope of scopes)
    for (const variable of scope)
      if (variable.enabled && (!variable.secret || options.includeSecrets))
        values.set(variable.key, variable.value)
  return values
}

function fill(text: string, values: Map<string, string>): string {
  let result = text
  for (let depth = 0; depth < 5 && /\{\{/.test(result); depth++)
    result = result.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) => values.get(name) ?? whole)
  return result
}

function queryOf(url: string): HarNameValue[] {
  const { query } = splitUrl(url)
  return (query === null ? [] : parseQuery(query)).map(([name, value]) => ({ name, value }))
}

function rows(list: KeyValueRow[], fillText: (text: string) => string): HarNameValue[] {
  return list
    .filter((row) => row.enabled && row.key !== '')
    .map((row) => ({ name: fillText(row.key), value: fillText(row.value) }))
}

function requestEntry(request: RequestSpec, auth: Auth, fillText: (text: string) => string, started: string) {
  let url = fillText(request.url)
  const headers = rows(request.headers, fillText)
  if (auth.type === 'bearer') headers.push({ name: 'Authorization', value: `Bearer ${fillText(auth.token)}` })
  if (auth.type === 'basic') {
    const pair = `${fillText(auth.username)}:${fillText(auth.password)}`
    headers.push({ name: 'Authorization', value: `Basic ${base64(pair)}` })
  }
  if (auth.type === 'apikey' && auth.key) {
    if (auth.addTo === 'header') headers.push({ name: fillText(auth.key), value: fillText(auth.value) })
    else
      url += `${url.includes('?') ? '&' : '?'}${encodeURIComponent(fillText(auth.key))}=${encodeURIComponent(fillText(auth.value))}`
  }
  url = wireUrl(url)
  const cookies = rows(request.cookies, fillText)
  const postData = bodyOf(request, fillText)
  if (postData && !headers.some((h) => h.name.toLowerCase() === 'content-type'))
    headers.push({ name: 'Content-Type', value: postData.mimeType })
  return {
    startedDateTime: started,
    time: 0,
    request: {
      method: request.method,
      url,
      // A request set to HTTP/2 goes as HTTP/2; otherwise the protocol is known only once sent.
      httpVersion: request.httpVersion === '2' || request.httpVersion === 'h2c' ? 'HTTP/2.0' : 'HTTP/1.1',
      cookies,
      headers,
      queryString: queryOf(url),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: postData ? new TextEncoder().encode(postData.text).length : 0,
    },
    response: emptyResponse(0, ''),
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    comment: request.name,
  }
}

function bodyOf(request: RequestSpec, fillText: (text: string) => string) {
  const body = request.body
  switch (body.type) {
    case 'none':
      return undefined
    case 'raw': {
      const mimeType =
        body.language === 'json'
          ? 'application/json'
          : body.language === 'xml'
            ? 'application/xml'
            : 'text/plain'
      return { mimeType, text: fillText(body.text) }
    }
    case 'graphql': {
      const variables = fillText(body.variables).trim()
      let parsed: unknown = undefined
      try {
        parsed = variables ? JSON.parse(variables) : undefined
      } catch {
        parsed = variables
      }
      const payload = { query: fillText(body.query), ...(parsed !== undefined ? { variables: parsed } : {}) }
      return { mimeType: 'application/json', text: JSON.stringify(payload) }
    }
    case 'urlencoded': {
      const params = rows(body.rows, fillText)
      const text = params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`).join('&')
      return { mimeType: 'application/x-www-form-urlencoded', text, params }
    }
    case 'form-data': {
      const params = body.rows
        .filter((row) => row.enabled && row.key !== '')
        .map((row) =>
          row.type === 'file'
            ? {
                name: fillText(row.key),
                fileName: row.fileRef ?? row.fileName ?? '',
                ...(row.contentType ? { contentType: row.contentType } : {}),
              }
            : { name: fillText(row.key), value: fillText(row.value) },
        )
      return { mimeType: 'multipart/form-data', text: '', params }
    }
  }
}

/** The URL as it goes on the wire (HAR URLs are URIs): spaces and the like percent-encoded. */
function wireUrl(url: string): string {
  const { base, query, hash } = splitUrl(url)
  const pairs = query === null ? [] : parseQuery(query)
  const encoded = formatQuery(pairs.map(([k, v]) => [encodeQueryComponent(k), encodeQueryComponent(v)]))
  return `${encodePath(base)}${query === null ? '' : `?${encoded}`}${hash === null ? '' : `#${encodePath(hash)}`}`
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * HAR 1.2 (a browser's "Save all as HAR") → one Sendbox collection, one request per entry in the
 * order recorded: method, URL (its query as parameter rows), headers, and the body as raw text,
 * URL-encoded rows or multipart rows (file rows keep the file name as their path). Headers the
 * transport writes itself (HTTP/2 `:` pseudo-headers, `Content-Length`, `Host`, `Connection`…)
 * are left out. Entries that cannot be sent (WebSocket, `data:` URLs, CONNECT) go to the report.
 */
import { DEFAULT_HEADERS, switchDefaultHeader } from '../default-headers.ts'
import { makeCollection, makeRequest, makeRow } from '../factories.ts'
import { newId } from '../ids.ts'
import {
  HTTP_METHODS,
  type FormDataRow,
  type HttpMethod,
  type KeyValueRow,
  type RequestBody,
} from '../types.ts'
import type { Collection } from '../types.ts'
import { paramsFromUrl } from '../url-params.ts'
import {
  ImportError,
  describe,
  expectObject,
  isObject,
  optionalArray,
  optionalString,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { emptyReport, named, skip, type ImportReport, type ImportResult } from './report.ts'

/** A HAR document: `{ "log": { "entries": [...] } }`. */
export function isHar(json: unknown): boolean {
  return isObject(json) && isObject(json.log) && ('entries' in json.log || 'creator' in json.log)
}

/** Headers the transport computes from the request it sends; a recorded value would be wrong. */
const COMPUTED_HEADERS = new Set([
  'content-length',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
])

export function parseHar(json: unknown): ImportResult<Collection> {
  const root = expectObject(json, '')
  const log = expectObject(root.log, 'log')
  if (log.entries === undefined) throw new ImportError('log.entries', 'missing: not a HAR file')
  if (!Array.isArray(log.entries))
    throw new ImportError('log.entries', `expected a list, found ${describe(log.entries)}`)
  const pages = optionalArray(log.pages, 'log.pages')
  const firstPage = pages.length > 0 ? expectObject(pages[0], 'log.pages[0]') : {}
  const title = optionalString(firstPage.title, 'log.pages[0].title')
  const report = emptyReport()
  const children = log.entries.flatMap((raw, i) => {
    const request = parseEntry(raw, `log.entries[${i}]`, report)
    return request ? [request] : []
  })
  return {
    value: makeCollection({ name: title || 'HAR import', auth: { type: 'none' }, children }),
    report,
  }
}

function parseEntry(raw: unknown, at: string, report: ImportReport) {
  const entry = expectObject(raw, at)
  const request = expectObject(entry.request, `${at}.request`)
  const method = requiredString(request.method, `${at}.request.method`).toUpperCase()
  const url = requiredString(request.url, `${at}.request.url`)
  const headers = parseHeaders(request.headers, `${at}.request.headers`)
  optionalArray(request.queryString, `${at}.request.queryString`)
  const postData =
    request.postData === undefined || request.postData === null
      ? undefined
      : expectObject(request.postData, `${at}.request.postData`)
  const body = postData ? parseBody(postData, `${at}.request.postData`) : { type: 'none' as const }
  const what = named('request', `${method} ${url}`)
  const websocket =
    entry._resourceType === 'websocket' || Array.isArray(entry._webSocketMessages) || /^wss?:/i.test(url)
  if (websocket) return skip(report, at, named('WebSocket request', url), 'not supported')
  // An entry without a URL (Insomnia's own HAR fixtures have one) is kept to be filled in.
  if (url !== '' && !/^https?:\/\//i.test(url))
    return skip(report, at, what, 'only http and https URLs can be sent')
  if (!(HTTP_METHODS as readonly string[]).includes(method))
    return skip(report, at, what, `method ${quoted(method)} is not supported`)
  // A multipart body is rebuilt with a new boundary, so the recorded Content-Type would lie.
  const kept = headers.filter(
    (row) => !(body.type === 'form-data' && row.key.toLowerCase() === 'content-type'),
  )
  const mimeType = optionalString(postData?.mimeType, `${at}.request.postData.mimeType`)
  const hasType = kept.some((row) => row.key.toLowerCase() === 'content-type')
  if (body.type === 'raw' && mimeType && !hasType)
    kept.push(makeRow({ key: 'Content-Type', value: mimeType }))
  // A recording is replayed as it was: a default header it did not carry is switched off
  // (Accept-Encoding stays: it is left out of the rows above as the transport's to write).
  let replayed = kept
  for (const header of DEFAULT_HEADERS) {
    if (header.name === 'Accept-Encoding') continue
    if (!kept.some((row) => row.key.toLowerCase() === header.name.toLowerCase()))
      replayed = switchDefaultHeader(replayed, header.name, false)
  }
  return makeRequest({
    name: requestName(method, url),
    method: method as HttpMethod,
    url,
    params: paramsFromUrl(url, []),
    headers: replayed,
    body,
    auth: { type: 'inherit' },
  })
}

function requiredString(value: unknown, path: string): string {
  if (value === undefined) throw new ImportError(path, 'missing')
  return optionalString(value, path)
}

/** `GET /users/7`: the method and the URL's path, as the browser's network panel names it. */
function requestName(method: string, url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '')
  return `${method} ${path || '/'}`
}

function parseHeaders(value: unknown, path: string): KeyValueRow[] {
  return optionalArray(value, path).flatMap((raw, i) => {
    const header = expectObject(raw, `${path}[${i}]`)
    const name = requiredString(header.name, `${path}[${i}].name`)
    const text = optionalString(header.value, `${path}[${i}].value`)
    if (name.startsWith(':') || COMPUTED_HEADERS.has(name.toLowerCase())) return []
    return [makeRow({ key: name, value: text })]
  })
}

function parseBody(postData: JsonObject, path: string): RequestBody {
  const mimeType = optionalString(postData.mimeType, `${path}.mimeType`).toLowerCase()
  const text = optionalString(postData.text, `${path}.text`)
  const params = optionalArray(postData.params, `${path}.params`)
  if (mimeType.startsWith('multipart/form-data') && params.length > 0) {
    return {
      type: 'form-data',
      rows: params.map((raw, i): FormDataRow => {
        const at = `${path}.params[${i}]`
        const param = expectObject(raw, at)
        const key = requiredString(param.name, `${at}.name`)
        const fileName = optionalString(param.fileName, `${at}.fileName`)
        const contentType = optionalString(param.contentType, `${at}.contentType`)
        const value = optionalString(param.value, `${at}.value`)
        const row: FormDataRow = { id: newId(), key, value, enabled: true, type: 'text' }
        if (fileName) {
          row.type = 'file'
          row.value = ''
          row.fileRef = fileName
          row.fileName = fileName.split(/[\\/]/).pop() || 'file'
        }
        if (contentType) row.contentType = contentType
        return row
      }),
    }
  }
  // Browsers record both `text` and `params`; the text is the exact bytes sent, so it wins.
  if (mimeType.startsWith('application/x-www-form-urlencoded') && params.length > 0 && text === '') {
    return {
      type: 'urlencoded',
      rows: params.map((raw, i) => {
        const at = `${path}.params[${i}]`
        const param = expectObject(raw, at)
        return makeRow({
          key: requiredString(param.name, `${at}.name`),
          value: optionalString(param.value, `${at}.value`),
        })
      }),
    }
  }
  if (text === '' && params.length === 0) return { type: 'none' }
  const language = /[/+]json\b/.test(mimeType) ? 'json' : /[/+]xml\b/.test(mimeType) ? 'xml' : 'text'
  return { type: 'raw', language, text }
}

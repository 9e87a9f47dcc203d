/**
 * A pre-request script's `req.*` changes, applied last, after auth (spec 4.5, beta API). Values go
 * out exactly as set: no `{{variable}}` substitution. The limits of spec 8 are enforced here too, so
 * no script runner can bypass them.
 */
import { removeHeader, setHeader } from './build-request.ts'
import { utf8 } from './encoding.ts'
import type { Auth, RequestBody } from './types.ts'
import type { HeaderList, WireRequest } from './wire.ts'

export interface RequestChanges {
  method?: string
  /** The whole URL, substituted and encoded (Postman's `pm.request.url = ...`). */
  url?: string
  /** Headers set, in order; a later set of the same name replaces the earlier one. */
  setHeaders: HeaderList
  deleteHeaders: string[]
  body?: string
  /**
   * A body Postman's `pm.request.body` replaced (a new mode, rows, `update(...)`): built instead
   * of the request's own, as the request's own is (`{{variables}}` resolved after the script, the
   * Content-Type of its type unless a header sets one). `body` still goes out as set, after it.
   */
  bodySpec?: RequestBody
  /** The request's auth as Postman's `pm.request.auth` left it: applied as the request's own. */
  auth?: Auth
  /**
   * `auth` as Postman's JSON, as the script left it (other types' parameters kept, each with its
   * type): the post-response script's `pm.request.auth` shows it, variables substituted.
   */
  authJson?: object
}

export const CHANGE_LIMITS = {
  headers: 100,
  headerValueBytes: 16 * 1024,
  bodyBytes: 5 * 1024 * 1024,
} as const

/** Headers the transport owns; a script cannot change them. */
export const PROTECTED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
  'proxy-authorization',
  'http2-settings',
])

export function emptyChanges(): RequestChanges {
  return { setHeaders: [], deleteHeaders: [] }
}

/** The first rule a set of changes breaks, as a message for the user; null when none. */
export function checkChanges(changes: RequestChanges): string | null {
  if (changes.setHeaders.length > CHANGE_LIMITS.headers) {
    return `A script may set at most ${CHANGE_LIMITS.headers} headers (${changes.setHeaders.length} were set).`
  }
  for (const [name, value] of changes.setHeaders) {
    if (PROTECTED_HEADERS.has(name.toLowerCase()))
      return `The header "${name}" cannot be changed by a script.`
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) return `"${name}" is not a valid header name.`
    if (/[\r\n\0]/.test(value)) return `The value of header "${name}" contains a line break.`
    if (utf8(value).length > CHANGE_LIMITS.headerValueBytes)
      return `The value of header "${name}" is larger than 16 KB.`
  }
  for (const name of changes.deleteHeaders) {
    if (PROTECTED_HEADERS.has(name.toLowerCase()))
      return `The header "${name}" cannot be changed by a script.`
  }
  if (changes.url !== undefined && !/^https?:\/\/[^/?#]/i.test(changes.url)) {
    return `A script set the URL to "${changes.url}", which is not an http or https URL.`
  }
  const bodies = [changes.body, changes.bodySpec && JSON.stringify(changes.bodySpec)]
  if (bodies.some((body) => body !== undefined && utf8(body).length > CHANGE_LIMITS.bodyBytes)) {
    return 'A script may set a body of at most 5 MB.'
  }
  return null
}

export function applyRequestChanges(request: WireRequest, changes: RequestChanges): WireRequest {
  // Most scripts change nothing of the request: nothing to check or copy then.
  if (isEmpty(changes)) return request
  const problem = checkChanges(changes)
  if (problem) throw new Error(problem)
  const headers: HeaderList = request.headers.map(([name, value]) => [name, value])
  for (const name of changes.deleteHeaders) removeHeader(headers, name)
  for (const [name, value] of changes.setHeaders) setHeader(headers, name, value)
  return {
    method: changes.method ? changes.method.toUpperCase() : request.method,
    url: changes.url ?? request.url,
    headers,
    body: changes.body !== undefined ? utf8(changes.body) : request.body,
  }
}

function isEmpty(changes: RequestChanges): boolean {
  return (
    changes.setHeaders.length === 0 &&
    changes.deleteHeaders.length === 0 &&
    changes.method === undefined &&
    changes.url === undefined &&
    changes.body === undefined &&
    changes.bodySpec === undefined &&
    changes.auth === undefined
  )
}

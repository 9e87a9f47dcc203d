/**
 * Builds the request exactly as it goes on the wire (ARCHITECTURE "Sending a request", step 4):
 * variables, URL and query, headers with the defaults (default-headers.ts), one `Cookie` header from the
 * cookies table, the body per type, then authorization (signature v4, OAuth 1.0 and Hawk last, over
 * the finished request).
 * Script `req.*` changes are applied after this, by `applyRequestChanges`.
 */
import { authAdditions, unsupportedAuthMessage } from './auth/apply-auth.ts'
import { resolveAuth, type AuthSource } from './auth/resolve-auth.ts'
import { buildBody, type FileResolver } from './body.ts'
import { defaultHeadersToSend } from './default-headers.ts'
import { applyPathVariables } from './path-variables.ts'
import type { RequestSpec } from './types.ts'
import {
  encodePath,
  encodeQueryComponent,
  indexOutsideVariables,
  splitOutsideVariables,
  splitUrl,
  withScheme,
} from './url-params.ts'
import type { VariableContext } from './variables.ts'
import type { HeaderList, WireRequest } from './wire.ts'

export { USER_AGENT } from './default-headers.ts'

export interface BuildOptions {
  variables: VariableContext
  /** Folders nearest first, then the collection; the request's own auth is taken from the spec. */
  parentAuth?: AuthSource[]
  /** Settings → Editor → `JSON beim Senden automatisch formatieren`. */
  formatJson?: boolean
  /** Settings → Editor → send default headers (default-headers.ts); User-Agent is sent regardless. */
  defaultHeaders?: boolean
  resolveFile?: FileResolver
  oauthToken?: string
  signingDate?: Date
  boundary?: string
}

export async function buildWireRequest(spec: RequestSpec, options: BuildOptions): Promise<WireRequest> {
  const v = (text: string) => options.variables.replace(text)
  const { auth, source } = resolveAuth([
    { auth: spec.auth, name: spec.name, kind: 'request' },
    ...(options.parentAuth ?? []),
  ])
  if (auth.type === 'unsupported') throw new Error(unsupportedAuthMessage(auth, spec.name, source))
  const additions = authAdditions(auth, { variables: options.variables, oauthToken: options.oauthToken })

  const headers: HeaderList = []
  for (const row of spec.headers) {
    if (!row.enabled || row.key.trim() === '') continue
    const name = v(row.key).trim()
    // As newman: a name written twice alike goes out twice; written in another case, the later
    // row's value replaces the earlier one's.
    const earlier = headers.findIndex(([n]) => n !== name && n.toLowerCase() === name.toLowerCase())
    if (earlier >= 0) headers[earlier] = [headers[earlier]![0], v(row.value)]
    else headers.push([name, v(row.value)])
  }
  // Checked on the substituted names too: a row named `{{h}}` may turn out to be one of them.
  const defaults = defaultHeadersToSend(spec.headers, options.defaultHeaders ?? true)
  const missing = headers.length === 0 ? defaults : defaults.filter((pair) => !hasHeader(headers, pair[0]))
  headers.unshift(...missing)

  const body = await buildBody(spec.body, {
    substitute: v,
    formatJson: options.formatJson ?? false,
    resolveFile: options.resolveFile,
    boundary: options.boundary,
  })
  if (body.contentType) {
    const index = headerIndex(headers, 'content-type')
    if (index < 0) headers.push(['Content-Type', body.contentType])
    else if (spec.body.type === 'form-data' && !/boundary=/i.test(headers[index]![1])) {
      // A hand-written multipart type without our boundary would make the body unreadable.
      headers[index] = [headers[index]![0], body.contentType]
    } else if (
      spec.body.type === 'urlencoded' &&
      !/^application\/x-www-form-urlencoded\b/i.test(headers[index]![1])
    ) {
      // As newman sends a form: another hand-written type gives way to the form's own.
      headers[index] = [headers[index]![0], body.contentType]
    }
  }

  const cookie = spec.cookies
    .filter((row) => row.enabled && row.key.trim() !== '')
    .map((row) => `${v(row.key).trim()}=${v(row.value)}`)
    .join('; ')
  if (cookie !== '') {
    const index = headerIndex(headers, 'cookie')
    if (index < 0) headers.push(['Cookie', cookie])
    else headers[index] = [headers[index]![0], `${headers[index]![1]}; ${cookie}`]
  }

  // A header the user wrote by hand wins over the one the auth helper would add.
  for (const header of additions.headers) if (!hasHeader(headers, header[0])) headers.push(header)

  const url = buildUrl(applyPathVariables(spec.url, spec.pathVariables, v), v, additions.query)
  const request: WireRequest = { method: spec.method, url, headers, body: body.bytes }
  if (auth.type === 'sigv4' || auth.type === 'oauth1' || auth.type === 'hawk') {
    // Loaded when used: most sends never sign, and the shell stays small.
    const { signRequest } = await import('./auth/sign-request.ts')
    await signRequest(auth, request, spec.body.type, options.variables, options.signingDate)
  }
  return request
}

/**
 * Substitutes and encodes the URL; the query keeps the shape the user typed (`a`, `a=`, order).
 * As newman: a bare host gets its `/` (`http://host/`), and a `#...` part stays on the URL the
 * scripts and the report see; the transport never sends it (only path and query go on the wire).
 */
export function buildUrl(
  raw: string,
  substitute: (text: string) => string,
  extraQuery: [string, string][] = [],
): string {
  const { base, query, hash } = splitUrl(raw.trim())
  const parts: string[] = []
  if (query !== null && query !== '') {
    // `{{a&b}}` and `{{a=b}}` are variable names, not separators.
    for (const part of splitOutsideVariables(query, '&')) {
      const eq = indexOutsideVariables(part, '=')
      if (eq < 0) parts.push(encodeQueryComponent(substitute(part)))
      else {
        const key = encodeQueryComponent(substitute(part.slice(0, eq)))
        parts.push(`${key}=${encodeQueryComponent(substitute(part.slice(eq + 1)), true)}`)
      }
    }
  }
  for (const [key, value] of extraQuery)
    parts.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(value, true)}`)
  let url = encodePath(withScheme(substitute(base)))
  if (BARE_AUTHORITY.test(url)) url += '/'
  // An empty query keeps its `?` (`/get?`), as newman sends it.
  if (parts.length > 0 || query !== null) url += `?${parts.join('&')}`
  return hash === null ? url : `${url}#${encodePath(substitute(hash))}`
}

/** `scheme://host[:port]` and nothing after it. */
const BARE_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+$/i

export function hasHeader(headers: HeaderList, name: string): boolean {
  return headerIndex(headers, name.toLowerCase()) >= 0
}

/** The first header named `lower` (lower case), or -1. */
function headerIndex(headers: HeaderList, lower: string): number {
  for (let i = 0; i < headers.length; i++) if (headers[i]![0].toLowerCase() === lower) return i
  return -1
}

/** Replaces every header of that name by one, at the first one's place, or appends it. */
export function setHeader(headers: HeaderList, name: string, value: string): void {
  const lower = name.toLowerCase()
  const first = headerIndex(headers, lower)
  if (first < 0) {
    headers.push([name, value])
    return
  }
  headers[first] = [name, value]
  for (let i = headers.length - 1; i > first; i--)
    if (headers[i]![0].toLowerCase() === lower) headers.splice(i, 1)
}

export function removeHeader(headers: HeaderList, name: string): void {
  const lower = name.toLowerCase()
  for (let i = headers.length - 1; i >= 0; i--)
    if (headers[i]![0].toLowerCase() === lower) headers.splice(i, 1)
}

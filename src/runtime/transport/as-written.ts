/**
 * The request target as the URL text wrote it, not as a WHATWG URL normalises it. The URL builder
 * (model/build-request.ts) has already encoded what must be encoded; newman (postman-request)
 * then sends path and query as they are, so these go out unchanged too:
 * - an empty query (`/get?`) keeps its `?`;
 * - dot segments (`/a/./b`, `/a/../b`) stay;
 * - characters a WHATWG URL would encode in a query (`"`, `'`, `<`, `>`) stay as written;
 * - an explicit default port (`https://host:443/`) stays in the Host header;
 * - `user:password@` becomes Basic authorization (unless the request has its own Authorization).
 * A target the text cannot give as is (a backslash before the query, a space, a control or
 * non-ASCII character, which HTTP/1.1 cannot carry) is the WHATWG URL's instead.
 */

export interface WrittenTarget {
  /** Path and query, as sent on the request line. */
  path: string
  /** The Host header when the text names a default port the URL drops (`host:443`). */
  host?: string
}

/** `scheme://authority` then the rest; the authority ends at the first `/`, `?`, `#` or `\`. */
const PARTS = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#\\]*)(.*)$/is
/** What a request line may carry unchanged (RFC 9112 request-target, visible ASCII). */
const SENDABLE = /^[\x21-\x7e]*$/
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

export function writtenTarget(raw: string, url: URL): WrittenTarget {
  const normalised = { path: `${url.pathname}${url.search}` }
  const parts = PARTS.exec(raw.trim())
  if (!parts || parts[1]!.toLowerCase() !== url.protocol) return normalised
  const authority = parts[2]!
  let rest = parts[3]!
  const hash = rest.indexOf('#')
  if (hash >= 0) rest = rest.slice(0, hash)
  const queryAt = rest.indexOf('?')
  const pathname = queryAt < 0 ? rest : rest.slice(0, queryAt)
  if (pathname.includes('\\') || !SENDABLE.test(rest)) return normalised
  const target: WrittenTarget = { path: rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest }
  const port = /:(\d+)$/.exec(authority.slice(authority.lastIndexOf('@') + 1))?.[1]
  if (port !== undefined && url.port === '' && Number(port) === Number(DEFAULT_PORTS[url.protocol]))
    target.host = `${url.host}:${port}`
  return target
}

/** `Basic …` from the URL's `user:password@`, decoded as newman decodes it; undefined without one. */
export function userinfoAuthorization(url: URL): string | undefined {
  if (url.username === '' && url.password === '') return undefined
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text)
    } catch {
      return text
    }
  }
  const pair = `${decode(url.username)}:${decode(url.password)}`
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`
}

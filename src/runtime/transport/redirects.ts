/**
 * The next request of a redirect, as browsers make it: 303 (and 301/302 after POST) become a
 * GET without body; credentials are not carried to another origin. As newman (postman-request):
 * the next request carries `Referer: <the URL just requested>`, and an absolute `Location` is
 * requested as written (as-written.ts).
 */
import type { HeaderList } from '../../model/wire.ts'
import { writtenTarget, type WrittenTarget } from './as-written.ts'

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
  'transfer-encoding',
])
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'host'])

export interface NextRequest {
  method: string
  url: URL
  /** The request target as the URL text wrote it. */
  written: WrittenTarget
  headers: HeaderList
  body: Uint8Array | null
}

/** Undefined when `location` is missing or leads off HTTP(S): the redirect is then the answer. */
export function redirectTarget(
  status: number,
  location: string | undefined,
  current: NextRequest,
): NextRequest | undefined {
  if (!REDIRECT_STATUSES.has(status) || !location) return undefined
  let url: URL
  try {
    url = new URL(location, current.url)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const toGet =
    (status === 303 && current.method !== 'HEAD') ||
    ((status === 301 || status === 302) && current.method === 'POST')
  const crossOrigin = url.origin !== current.url.origin
  const headers = current.headers.filter(([name]) => {
    const lower = name.toLowerCase()
    if ((toGet && BODY_HEADERS.has(lower)) || lower === 'referer') return false
    return !(crossOrigin && CREDENTIAL_HEADERS.has(lower))
  })
  headers.push(['Referer', referer(current)])
  const written = writtenTarget(/^https?:\/\//i.test(location.trim()) ? location : url.href, url)
  return { method: toGet ? 'GET' : current.method, url, written, headers, body: toGet ? null : current.body }
}

/** The URL just requested, without credentials or fragment, its path and query as sent. */
function referer(current: NextRequest): string {
  const host = current.written.host ?? current.url.host
  return `${current.url.protocol}//${host}${current.written.path}`
}

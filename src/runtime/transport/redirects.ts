/**
 * The next request of a redirect, as browsers make it: 303 (and 301/302 after POST) become a
 * GET without body; credentials are not carried to another origin.
 */
import type { HeaderList } from '../../model/wire.ts'

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
    if (toGet && BODY_HEADERS.has(lower)) return false
    return !(crossOrigin && CREDENTIAL_HEADERS.has(lower))
  })
  return { method: toGet ? 'GET' : current.method, url, headers, body: toGet ? null : current.body }
}

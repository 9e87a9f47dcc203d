/**
 * The file name a downloaded response is saved under: the response's `Content-Disposition` name,
 * else the last segment of the URL path, else `response`. Also the `Content-Disposition` header
 * that hands that name to the browser's download.
 */
import type { HeaderList } from './wire.ts'

export const DEFAULT_DOWNLOAD_NAME = 'response'
const MAX_NAME = 180

export function downloadFileName(headers: HeaderList, url: string): string {
  const disposition = headers.find(([name]) => name.toLowerCase() === 'content-disposition')?.[1]
  const fromHeader = disposition ? nameFromDisposition(disposition) : null
  return clean(fromHeader ?? '') || clean(nameFromUrl(url)) || DEFAULT_DOWNLOAD_NAME
}

/** `filename*` (RFC 6266/5987, UTF-8 or Latin-1) wins over `filename`. */
export function nameFromDisposition(value: string): string | null {
  const extended = /filename\*\s*=\s*([\w!#$&+.^`|~-]+)'[^']*'([^;]+)/i.exec(value)
  if (extended) {
    const [, charset, encoded] = extended
    try {
      if (charset!.toLowerCase() === 'utf-8') return decodeURIComponent(encoded!.trim())
      return encoded!
        .trim()
        .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    } catch {
      // A broken escape: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(value)
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1')
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(value)
  return token ? token[1]! : null
}

function nameFromUrl(url: string): string {
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    path = url.split(/[?#]/, 1)[0] ?? ''
  }
  const last = path.split('/').filter(Boolean).pop() ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/** No directories, control characters or characters file systems refuse; no hidden or dot names. */
function clean(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const safe = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
  return safe.length > MAX_NAME ? safe.slice(0, MAX_NAME) : safe
}

/** `attachment` with an ASCII fallback name and the exact name as `filename*`. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`
}

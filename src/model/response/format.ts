/**
 * Which format a response body is, and what the viewer may offer for it. Auto in the Format
 * selector (spec 2.3) is `detectFormat`: the Content-Type first, the first bytes when it is
 * missing or generic.
 */

export const BODY_FORMATS = ['json', 'xml', 'html', 'javascript', 'css', 'yaml', 'text'] as const
export type BodyFormat = (typeof BODY_FORMATS)[number]

export type PreviewKind = 'html' | 'json-table' | 'image' | 'pdf'

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
}

export function detectFormat(contentType: string | undefined, head: Uint8Array): BodyFormat {
  const type = mediaType(contentType)
  if (type === 'application/json' || type.endsWith('+json') || type === 'application/x-ndjson') return 'json'
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html'
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml'
  if (/^(application|text)\/(x-)?(javascript|ecmascript)$/.test(type)) return 'javascript'
  if (type === 'text/css') return 'css'
  if (/^(application|text)\/(x-)?yaml$/.test(type)) return 'yaml'
  if (type && type !== 'text/plain' && type !== 'application/octet-stream') return 'text'
  return sniffFormat(head)
}

/** Guesses from the first bytes when the server named no specific type. */
export function sniffFormat(head: Uint8Array): BodyFormat {
  const start = new TextDecoder().decode(head.subarray(0, 512)).trimStart()
  if (start.startsWith('{') || start.startsWith('[')) return 'json'
  if (/^<!doctype html|^<html[\s>]/i.test(start)) return 'html'
  if (start.startsWith('<?xml') || /^<[A-Za-z][\w:.-]*[\s>/]/.test(start)) return 'xml'
  if (start.startsWith('---') || /^[\w-]+:\s/.test(start)) return 'yaml'
  return 'text'
}

/**
 * Binary bodies get the Hex view: an image, audio, video, PDF or octet-stream type, or a first
 * chunk with NUL bytes or invalid UTF-8.
 */
export function isBinary(contentType: string | undefined, head: Uint8Array): boolean {
  const type = mediaType(contentType)
  if (/^(image|audio|video|font)\//.test(type) && type !== 'image/svg+xml') return true
  if (type === 'application/pdf' || type === 'application/zip' || type === 'application/gzip') return true
  if (type === 'application/octet-stream' && head.length > 0) return true
  const sample = head.subarray(0, 1024)
  if (sample.includes(0)) return true
  try {
    // A multi-byte character cut at the sample's end is not invalid: allow a short tail.
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, trimPartial(sample)))
    return false
  } catch {
    return true
  }
}

function trimPartial(sample: Uint8Array): number {
  const end = sample.length
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back]!
    if ((byte & 0xc0) === 0xc0) return end - back
    if ((byte & 0x80) === 0) break
  }
  return end
}

export function previewKind(contentType: string | undefined, format: BodyFormat): PreviewKind | null {
  const type = mediaType(contentType)
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf') return 'pdf'
  if (format === 'html') return 'html'
  if (format === 'json') return 'json-table'
  return null
}

/** `1.2 KB`-style sizes, decimal like the network panels of browsers. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 2 : 1)} KB`
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 2 : 1)} MB`
}

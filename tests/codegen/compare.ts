import { escapeLonePercent } from '../../src/model/codegen/request.ts'
/** What a snippet's request must share with the app's own send of the same request. */
import type { EchoRecord } from '../fixtures/echo-server.ts'
import type { LanguageId } from '../../src/model/codegen/options.ts'
import type { HeaderList } from '../../src/model/wire.ts'

/** Headers an HTTP library adds on its own (connection handling, compression, framing). */
const LIBRARY_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
  'keep-alive',
  'te',
])

export interface Expected {
  method: string
  /** Path and query as the app sent them. */
  url: string
  /** The app's wire headers. */
  headers: HeaderList
  bodyBase64: string
  contentType: string
}

const QUERY_KEPT: Record<string, string> = {
  '%60': '`',
  '%7B': '{',
  '%7D': '}',
  '%7C': '|',
  '%5E': '^',
  '%5B': '[',
  '%5D': ']',
}

function sameQueryEscapes(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const query = url
    .slice(at + 1)
    .replace(/%(60|7B|7D|7C|5E|5B|5D)/giu, (m) => QUERY_KEPT[m.toUpperCase()] ?? m)
  return `${url.slice(0, at)}?${query}`
}

/** Differences, one line each; empty when the snippet sent the same request. */
/**
 * `quotedStringNames`: the library writes a field name as an RFC 2616 quoted-string (a `\` as `\\`,
 * as Requests' urllib3 and Ruby's Net::HTTP do) where the app writes it as browsers do, raw; a
 * server reading quoted-strings gets the same name from both.
 */
export function differences(expected: Expected, got: EchoRecord, quotedStringNames = false): string[] {
  const out: string[] = []
  if (got.method !== expected.method) out.push(`method ${got.method} ≠ ${expected.method}`)
  // The app sends a bare `%` as typed; snippets write it `%25` (see normaliseUrl). In the query
  // the app keeps `` ` { } | ^ [ ] `` raw as newman does, where most libraries escape them: the
  // same characters reach a server that decodes the query.
  const url = sameQueryEscapes(escapeLonePercent(expected.url))
  const gotUrl = sameQueryEscapes(got.url)
  if (gotUrl !== url) out.push(`url ${got.url} ≠ ${escapeLonePercent(expected.url)}`)
  const values = (list: HeaderList, name: string) =>
    list.filter(([key]) => key.toLowerCase() === name).map(([, v]) => v.trim())
  const names = new Set(expected.headers.map(([name]) => name.toLowerCase()))
  for (const name of names) {
    if (LIBRARY_HEADERS.has(name)) continue
    const want = values(expected.headers, name)
    const have = values(got.headers, name)
    if (name === 'content-type' && expected.contentType.startsWith('multipart/form-data')) {
      if (!have[0]?.startsWith('multipart/form-data; boundary=')) out.push(`content-type ${have.join(' | ')}`)
    } else if (
      JSON.stringify(want) !== JSON.stringify(have) &&
      !(want.length > 1 && have.join(', ') === want.join(', '))
    )
      out.push(`header ${name}: ${JSON.stringify(have)} ≠ ${JSON.stringify(want)}`)
  }
  for (const [name] of got.headers) {
    const lower = name.toLowerCase()
    if (!names.has(lower) && !LIBRARY_HEADERS.has(lower) && lower !== 'accept' && lower !== 'expect')
      out.push(`extra header ${name}`)
  }
  if (expected.contentType.startsWith('multipart/form-data')) {
    const want = parseMultipart(Buffer.from(expected.bodyBase64, 'base64'), expected.contentType)
    let have = parseMultipart(
      Buffer.from(got.bodyBase64, 'base64'),
      values(got.headers, 'content-type')[0] ?? '',
    )
    if (quotedStringNames && typeof have !== 'string')
      have = have.map((part) => ({ ...part, disposition: part.disposition.replaceAll('\\\\', '\\') }))
    if (JSON.stringify(want) !== JSON.stringify(have))
      out.push(`multipart ${JSON.stringify(have)} ≠ ${JSON.stringify(want)}`)
  } else if (got.bodyBase64 !== expected.bodyBase64)
    out.push(
      `body ${JSON.stringify(got.body)} ≠ ${JSON.stringify(Buffer.from(expected.bodyBase64, 'base64').toString())}`,
    )
  return out
}

export interface Part {
  disposition: string
  contentType: string | null
  dataBase64: string
}

/** A strict multipart reader: each part's Content-Disposition, Content-Type and bytes. */
export function parseMultipart(body: Buffer, contentType: string): Part[] | string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  if (!match) return `no boundary in ${contentType}`
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`)
  const parts: Part[] = []
  let at = body.indexOf(delimiter)
  if (at < 0) return 'no delimiter'
  for (;;) {
    at += delimiter.length
    if (body.subarray(at, at + 2).toString() === '--') return parts
    at += 2 // CRLF after the delimiter
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), at)
    if (next < 0) return 'unterminated part'
    const chunk = body.subarray(at, next)
    const split = chunk.indexOf('\r\n\r\n')
    const head = chunk.subarray(0, split).toString('utf8').split('\r\n')
    const header = (name: string) =>
      head
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim() ?? null
    parts.push({
      disposition: (header('content-disposition') ?? '').replace(/;\s+/g, '; '),
      contentType: header('content-type'),
      dataBase64: chunk.subarray(split + 4).toString('base64'),
    })
    at = next + 2
  }
}

/**
 * URL normalisation a client library does on its own, which a snippet cannot turn off: Requests
 * (urllib3) and Mono's System.Uri decode the escape of an unreserved character (`%41`, `%7e`) into
 * the character, as RFC 3986 allows; Mono also turns `%27` in a query back into `'` (.NET does not).
 * The only URL differences the matrix accepts, and only for those two.
 */
export function normalisedBy(language: LanguageId, expected: Expected): Expected {
  if (language !== 'python' && language !== 'csharp') return expected
  const unreserved = (text: string) =>
    text.replace(/%([0-9a-f]{2})/gi, (whole, hex: string) => {
      const ch = String.fromCharCode(parseInt(hex, 16))
      return /[A-Za-z0-9\-._~]/.test(ch) ? ch : whole
    })
  const [path, query] = expected.url.split(/\?(.*)/s)
  if (query === undefined) return { ...expected, url: unreserved(path!) }
  const search = language === 'csharp' ? unreserved(query).replaceAll('%27', "'") : unreserved(query)
  return { ...expected, url: `${unreserved(path!)}?${search}` }
}

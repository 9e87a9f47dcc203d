/**
 * A pasted cURL command → the fields of a request (spec 4.1). The shell parsing itself is done by
 * a parser passed in (curlconverter's `parse()` in the app and in tests), so this stays a pure
 * mapping: the model never loads wasm or touches the platform.
 */
import { makeRow } from '../factories.ts'
import { HTTP_METHODS, type Auth, type FormDataRow, type HttpMethod, type KeyValueRow } from '../types.ts'
import type { RequestBody, RequestSpec } from '../types.ts'
import { pathVariableRows } from '../path-variables.ts'
import { paramsFromUrl } from '../url-params.ts'
import { visible } from './import-error.ts'

export { looksLikeCurl } from './curl-detect.ts'

/** The part of curlconverter's parsed request this mapping reads; its words print as text. */
interface Word {
  toString(): string
}
export interface ParsedCurl {
  urls: { url: Word; method: Word; auth?: [Word, Word] }[]
  headers: { headers: [Word, Word | null][] }
  cookies?: [Word, Word][]
  authType?: string
  oauth2Bearer?: Word
  data?: Word
  /** Set when the body comes from a file (`-d @file`): the file's name. */
  dataReadsFile?: string
  multipartUploads?: { name: Word; content?: Word; contentFile?: Word; filename?: Word; contentType?: Word }[]
}
export type CurlParser = (command: string) => ParsedCurl[]

export type CurlFields = Pick<
  RequestSpec,
  'method' | 'url' | 'params' | 'headers' | 'cookies' | 'body' | 'auth' | 'pathVariables'
>

export class CurlImportError extends Error {
  override name = 'CurlImportError'
}

export function curlToRequest(command: string, parse: CurlParser): CurlFields {
  let parsed: ParsedCurl[]
  try {
    parsed = parse(command)
  } catch (error) {
    throw new CurlImportError(visible(firstLine((error as Error).message)))
  }
  const request = parsed[0]
  const target = request?.urls[0]
  if (!request || !target) throw new CurlImportError('No URL in the command')

  const method = target.method.toString().toUpperCase()
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new CurlImportError(`Method ${visible(method)} is not supported`)
  }
  const url = target.url.toString()

  const headers: KeyValueRow[] = []
  let contentType = ''
  for (const [name, value] of request.headers.headers) {
    if (value === null) continue
    const key = name.toString()
    const lower = key.toLowerCase()
    if (lower === 'cookie' && request.cookies) continue
    if (lower === 'content-type') contentType = value.toString()
    headers.push(makeRow({ key, value: value.toString() }))
  }
  const cookies = (request.cookies ?? []).map(([k, v]) => makeRow({ key: k.toString(), value: v.toString() }))

  const body = bodyOf(request, contentType)
  // curl adds the boundary to a hand-written multipart type; the builder does the same with its own.
  const keptHeaders =
    body.type === 'form-data' ? headers.filter((row) => row.key.toLowerCase() !== 'content-type') : headers
  return {
    method: method as HttpMethod,
    url,
    params: paramsFromUrl(url, []),
    // A `:name` segment stays in the URL as typed; its row in the table starts without a value.
    pathVariables: pathVariableRows(url, []),
    headers: keptHeaders,
    cookies,
    body,
    auth: authOf(request, target.auth),
  }
}

function bodyOf(request: ParsedCurl, contentType: string): RequestBody {
  if (request.multipartUploads && request.multipartUploads.length > 0) {
    const rows = request.multipartUploads.map((part): FormDataRow => {
      const base = { ...makeRow({ key: part.name.toString() }) }
      if (part.contentFile !== undefined) {
        const fileName = (part.filename ?? part.contentFile).toString().split(/[/\\]/).pop() || 'file'
        return {
          ...base,
          type: 'file',
          fileName,
          ...(part.contentType ? { contentType: part.contentType.toString() } : {}),
        }
      }
      return { ...base, type: 'text', value: part.content?.toString() ?? '' }
    })
    return { type: 'form-data', rows }
  }
  if (request.data === undefined) return { type: 'none' }
  if (request.dataReadsFile !== undefined) {
    throw new CurlImportError(
      `the body is read from the file ${request.dataReadsFile}, which is not on this device; paste the command with the data written out`,
    )
  }
  // The body goes out exactly as curl sends it: repeated -d joined with & and nothing encoded,
  // with the Content-Type the command gives (curl's own for -d is among the parsed headers).
  const text = request.data.toString()
  const type = contentType.toLowerCase()
  if (type.includes('json')) return { type: 'raw', language: 'json', text }
  if (type.includes('xml')) return { type: 'raw', language: 'xml', text }
  return { type: 'raw', language: looksLikeJson(text) ? 'json' : 'text', text }
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim()
  if (!/^[[{]/.test(trimmed)) return false
  try {
    JSON.parse(trimmed)
    return true
  } catch {
    return false
  }
}

function authOf(request: ParsedCurl, basic: [Word, Word] | undefined): Auth {
  if (request.oauth2Bearer !== undefined) return { type: 'bearer', token: request.oauth2Bearer.toString() }
  if (basic && (request.authType === undefined || request.authType === 'basic')) {
    return { type: 'basic', username: basic[0].toString(), password: basic[1].toString() }
  }
  return { type: 'inherit' }
}

function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? ''
}

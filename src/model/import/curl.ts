/**
 * A pasted cURL command → the fields of a request (spec 4.1). The shell parsing itself is done by
 * a parser passed in (curlconverter's `parse()` in the app and in tests), so this stays a pure
 * mapping: the model never loads wasm or touches the platform.
 */
import { makeRow } from '../factories.ts'
import { HTTP_METHODS, type Auth, type FormDataRow, type HttpMethod, type KeyValueRow } from '../types.ts'
import type { RequestBody, RequestSpec } from '../types.ts'
import { paramsFromUrl } from '../url-params.ts'
import { visible } from './import-error.ts'

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
  multipartUploads?: { name: Word; content?: Word; contentFile?: Word; filename?: Word; contentType?: Word }[]
}
export type CurlParser = (command: string) => ParsedCurl[]

export type CurlFields = Pick<
  RequestSpec,
  'method' | 'url' | 'params' | 'headers' | 'cookies' | 'body' | 'auth'
>

export class CurlImportError extends Error {
  override name = 'CurlImportError'
}

/** Does the pasted text look like a cURL command (rather than a URL)? */
export function looksLikeCurl(text: string): boolean {
  return /^\s*curl(\.exe)?\s/i.test(text)
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
  const implied = IMPLIED_TYPES[body.type] ?? ''
  const keptHeaders = headers.filter(
    (row) =>
      row.key.toLowerCase() !== 'content-type' ||
      !(body.type === 'form-data' || (implied !== '' && row.value.toLowerCase().startsWith(implied))),
  )
  return {
    method: method as HttpMethod,
    url,
    params: paramsFromUrl(url, []),
    headers: keptHeaders,
    cookies,
    body,
    auth: authOf(request, target.auth),
  }
}

const IMPLIED_TYPES: Partial<Record<RequestBody['type'], string>> = {
  urlencoded: 'application/x-www-form-urlencoded',
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
  const text = request.data.toString()
  const type = contentType.toLowerCase()
  if (type.includes('json')) return { type: 'raw', language: 'json', text }
  if (type.includes('xml')) return { type: 'raw', language: 'xml', text }
  if ((type === '' || type.startsWith('application/x-www-form-urlencoded')) && isFormText(text)) {
    return { type: 'urlencoded', rows: formRows(text) }
  }
  return { type: 'raw', language: looksLikeJson(text) ? 'json' : 'text', text }
}

/** `a=1&b=two` with every pair having a key: the body a plain `-d` sends. */
function isFormText(text: string): boolean {
  if (text === '' || /[\r\n]/.test(text)) return false
  return text.split('&').every((pair) => /^[^=]+=/.test(pair) && !/\s/.test(pair.split('=')[0]!))
}

/** The table holds decoded values; the builder encodes them again when sending. */
function formRows(text: string): KeyValueRow[] {
  return text.split('&').map((pair) => {
    const eq = pair.indexOf('=')
    return makeRow({ key: decodeForm(pair.slice(0, eq)), value: decodeForm(pair.slice(eq + 1)) })
  })
}

function decodeForm(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
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

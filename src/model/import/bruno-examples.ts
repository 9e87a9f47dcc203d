/**
 * Saved responses (examples) in Bruno's two formats, both directions:
 * - a `.bru` file's `example { … }` blocks, as @usebruno/lang reads and writes them
 *   (`request: { url, method, headers, body:<mode> }`, `response: { headers, status: { code, text },
 *   body: { type, content } }`);
 * - OpenCollection's `examples` list (`response.body.data`, rows `{ name, value, disabled }`).
 * An example that is not an object is reported and skipped; its description (Sendbox examples have
 * none) is reported too.
 */
import { newId } from '../ids.ts'
import type { NameValue, SavedRequest, SavedResponse } from '../types.ts'
import { isObject, type JsonObject } from './import-error.ts'
import { named, skip, type ImportReport } from './report.ts'

/** The language a body is shown in (Bruno's `body.type`, Postman's preview language). */
export function bodyLanguage(headers: readonly NameValue[]): 'json' | 'xml' | 'html' | 'text' {
  const type = headers.find((row) => row.key.toLowerCase() === 'content-type')?.value ?? ''
  if (/json/i.test(type)) return 'json'
  if (/xml/i.test(type)) return 'xml'
  if (/html/i.test(type)) return 'html'
  return 'text'
}

function text(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** `[{ name, value, enabled | disabled }]` → the enabled rows. */
function nameValues(value: unknown): NameValue[] {
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (row): row is JsonObject =>
        isObject(row) && typeof row.name === 'string' && row.enabled !== false && row.disabled !== true,
    )
    .map((row) => ({ key: row.name as string, value: text(row.value) }))
}

/** Which field holds a body's text: Bruno's `body[mode]`, OpenCollection's `body.data`. */
function requestBody(body: unknown): string | undefined {
  if (!isObject(body)) return undefined
  if (typeof body.data === 'string') return body.data
  const mode = typeof body.mode === 'string' ? body.mode : ''
  const value = body[mode]
  if (typeof value === 'string') return value
  if (mode === 'graphql' && isObject(value) && typeof value.query === 'string') return value.query
  return undefined
}

function savedRequest(raw: unknown): SavedRequest | undefined {
  if (!isObject(raw)) return undefined
  const body = requestBody(raw.body)
  return {
    method: text(raw.method).toUpperCase() || 'GET',
    url: text(raw.url),
    headers: nameValues(raw.headers),
    ...(body !== undefined ? { body } : {}),
  }
}

/** Bruno's or OpenCollection's examples of one request → `SavedResponse`s. */
export function readBrunoExamples(
  value: unknown,
  path: string,
  owner: string,
  report: ImportReport,
): SavedResponse[] {
  if (!Array.isArray(value)) return []
  const examples: SavedResponse[] = []
  value.forEach((raw, i) => {
    const at = `${path}[${i}]`
    if (!isObject(raw)) {
      skip(report, at, `example ${i + 1} of ${owner}`, 'it is not an object')
      return
    }
    const name = text(raw.name) || `Example ${i + 1}`
    if (text(isObject(raw.description) ? raw.description.content : raw.description).trim())
      skip(report, `${at}.description`, named('description of example', name), 'examples have no description')
    const response = isObject(raw.response) ? raw.response : {}
    const code = Number(response.status)
    const body = isObject(response.body) ? response.body : {}
    const request = savedRequest(raw.request)
    examples.push({
      id: newId(),
      name,
      status: Number.isInteger(code) && code >= 100 && code <= 999 ? code : 200,
      ...(text(response.statusText) ? { statusText: text(response.statusText) } : {}),
      headers: nameValues(response.headers),
      body: text(body.content ?? body.data),
      ...(request ? { request } : {}),
    })
  })
  return examples
}

const row = (pair: NameValue) => ({ name: pair.key, value: pair.value, enabled: true })

/** `SavedResponse`s → the `examples` of @usebruno/lang's request JSON (`jsonToBru` writes them). */
export function writeBrunoExamples(
  examples: readonly SavedResponse[] | undefined,
  fallback: { method: string; url: string },
): unknown[] {
  return (examples ?? []).map((example) => {
    // Bruno writes a request block for every example: one saved without it gets the request's own.
    const sent = example.request ?? { method: fallback.method, url: fallback.url, headers: [] }
    const mode = sent.body === undefined || sent.body === '' ? 'none' : bodyMode(sent.headers)
    return {
      name: example.name,
      request: {
        url: sent.url,
        method: sent.method.toLowerCase(),
        headers: sent.headers.map(row),
        params: [],
        body: mode === 'none' ? { mode } : { mode, [mode]: sent.body },
      },
      response: {
        status: example.status,
        ...(example.statusText ? { statusText: example.statusText } : {}),
        headers: example.headers.map(row),
        body: { type: bodyLanguage(example.headers), content: example.body },
      },
    }
  })
}

function bodyMode(headers: readonly NameValue[]): 'json' | 'xml' | 'text' {
  const language = bodyLanguage(headers)
  return language === 'json' || language === 'xml' ? language : 'text'
}

/**
 * Postman's saved responses (`item.response[]`) → `SavedResponse`s: name, code and status,
 * headers (a list, or "Name: value" lines), body, and the `originalRequest` they were sent with.
 * A response that is not an object is reported and skipped; the request keeps the others.
 */
import { newId } from '../ids.ts'
import type { NameValue, SavedRequest, SavedResponse } from '../types.ts'
import { isObject, optionalArray, optionalText, type JsonObject } from './import-error.ts'
import { skip, type ImportReport } from './report.ts'

export function parsePostmanExamples(
  value: unknown,
  path: string,
  report: ImportReport,
  owner: string,
): SavedResponse[] {
  const examples: SavedResponse[] = []
  for (const [i, raw] of optionalArray(value, path).entries()) {
    const at = `${path}[${i}]`
    if (!isObject(raw)) {
      skip(report, at, `saved response ${i + 1} of ${owner}`, 'it is not an object')
      continue
    }
    const code = Number(raw.code)
    const original = raw.originalRequest
    const request = isObject(original)
      ? savedRequest(original)
      : typeof original === 'string' && original
        ? { method: 'GET', url: original, headers: [] }
        : undefined
    examples.push({
      id: typeof raw.id === 'string' && raw.id ? raw.id : newId(),
      name: text(raw.name) || `Example ${i + 1}`,
      status: Number.isInteger(code) && code >= 100 && code <= 999 ? code : 200,
      ...(text(raw.status) ? { statusText: text(raw.status) } : {}),
      headers: nameValues(raw.header),
      body: text(raw.body),
      ...(request ? { request } : {}),
    })
  }
  return examples
}

function text(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : optionalText(value, '')
}

/** A header list, or "Name: value" lines; rows without a key are dropped, disabled ones too. */
export function nameValues(value: unknown): NameValue[] {
  if (typeof value === 'string')
    return value
      .split(/\r?\n/)
      .filter((line) => line.includes(':'))
      .map((line) => ({
        key: line.slice(0, line.indexOf(':')).trim(),
        value: line.slice(line.indexOf(':') + 1).trim(),
      }))
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (row): row is JsonObject =>
        isObject(row) && typeof row.key === 'string' && row.key !== '' && row.disabled !== true,
    )
    .map((row) => ({ key: row.key as string, value: text(row.value) }))
}

function savedRequest(raw: JsonObject): SavedRequest {
  const url = raw.url
  const body = isObject(raw.body) ? raw.body : undefined
  const bodyText = body && typeof body.raw === 'string' ? body.raw : undefined
  return {
    method: typeof raw.method === 'string' && raw.method ? raw.method.toUpperCase() : 'GET',
    url: typeof url === 'string' ? url : isObject(url) ? rawUrl(url) : '',
    headers: nameValues(raw.header),
    ...(bodyText !== undefined ? { body: bodyText } : {}),
  }
}

function rawUrl(url: JsonObject): string {
  if (typeof url.raw === 'string') return url.raw
  const host = Array.isArray(url.host) ? url.host.join('.') : text(url.host)
  const path = Array.isArray(url.path) ? url.path.join('/') : text(url.path)
  const protocol = text(url.protocol)
  return `${protocol ? `${protocol}://` : ''}${host}${path ? `/${path}` : ''}`
}

/**
 * Path variables (`/users/:id`): a `:name` segment of the URL's path is a variable whose value
 * lives in the request's `Path Variables` table (`RequestSpec.pathVariables`). The URL decides
 * which rows exist (a row's key is locked to its segment); the table holds values and
 * descriptions. A segment's name runs up to a dot (`:id.json` is `id` followed by `.json`), as
 * Postman reads it. An empty value sends `:name` as written, as Postman does.
 */
import { newId } from './ids.ts'
import type { KeyValueRow } from './types.ts'
import { splitUrl } from './url-params.ts'

interface Segment {
  /** Where the segment starts in the URL. */
  start: number
  text: string
}

/** The URL's path segments after the host (`{{baseUrl}}` counts as the host), with positions. */
function pathSegments(url: string): Segment[] {
  const { base } = splitUrl(url)
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(base)
  let at = scheme ? scheme[0].length : 0
  // A URL that starts with `/` has no host; any other has one up to its first `/`.
  if (base[at] !== '/') {
    const slash = base.indexOf('/', at)
    if (slash < 0) return []
    at = slash
  }
  const segments: Segment[] = []
  while (at < base.length && base[at] === '/') {
    const next = base.indexOf('/', at + 1)
    const end = next < 0 ? base.length : next
    segments.push({ start: at + 1, text: base.slice(at + 1, end) })
    at = end
  }
  return segments
}

/** The variable a segment names (`:id` and `:id.json` name `id`), or null. */
export function segmentVariable(segment: string): string | null {
  if (!segment.startsWith(':')) return null
  const dot = segment.indexOf('.')
  const name = segment.slice(1, dot < 0 ? undefined : dot)
  return name === '' ? null : name
}

/** The names of the URL's path variables, in order, each once. */
export function pathVariableNames(url: string): string[] {
  const names: string[] = []
  for (const { text } of pathSegments(url)) {
    const name = segmentVariable(text)
    if (name !== null && !names.includes(name)) names.push(name)
  }
  return names
}

/**
 * The URL was edited: the table follows. A name still in the URL keeps its row; a new name takes
 * over the row of a name that left the URL (in order: a rename keeps the value and description);
 * rows of names no longer there go.
 */
export function syncPathVariables(url: string, rows: readonly KeyValueRow[] = []): KeyValueRow[] {
  const names = pathVariableNames(url)
  const byKey = new Map(rows.map((row) => [row.key, row]))
  const left = rows.filter((row) => !names.includes(row.key))
  return names.map((key) => {
    const kept = byKey.get(key)
    if (kept) return kept
    const renamed = left.shift()
    return renamed ? { ...renamed, key } : { id: newId(), key, value: '', enabled: true }
  })
}

/** The table's row was removed: its segments leave the URL (with the `/` before each). */
export function withoutPathVariable(url: string, key: string): string {
  let result = url
  for (const segment of pathSegments(url).reverse()) {
    if (segmentVariable(segment.text) !== key) continue
    result = result.slice(0, segment.start - 1) + result.slice(segment.start + segment.text.length)
  }
  return result
}

// A path segment carries these as they are (RFC 3986 pchar); `/`, `?`, `#`, spaces and the rest
// are encoded so a value cannot change the URL's structure. Escapes already typed are kept.
const SEGMENT_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/

/** A path variable's value as one path segment on the wire. */
export function encodePathSegment(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (SEGMENT_SAFE.test(ch) || (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3)))) {
      out += ch
      continue
    }
    const code = text.codePointAt(i)!
    if (code > 0xffff) i++
    out += encodeURIComponent(String.fromCodePoint(code))
  }
  return out
}

/**
 * The URL with each `:name` segment replaced by its row's value, `{{variables}}` substituted and
 * encoded as one segment. A name without a row, or whose value is empty, stays `:name`.
 */
export function applyPathVariables(
  url: string,
  rows: readonly KeyValueRow[] | undefined,
  substitute: (text: string) => string = (text) => text,
  encode: (text: string) => string = encodePathSegment,
): string {
  if (!rows || rows.length === 0) return url
  const values = new Map(rows.filter((row) => row.value !== '').map((row) => [row.key, row.value]))
  if (values.size === 0) return url
  let result = url
  for (const segment of pathSegments(url).reverse()) {
    const name = segmentVariable(segment.text)
    const value = name === null ? undefined : values.get(name)
    if (value === undefined) continue
    const suffix = segment.text.slice(name!.length + 1)
    const sent = encode(substitute(value)) + suffix
    result = result.slice(0, segment.start) + sent + result.slice(segment.start + segment.text.length)
  }
  return result
}

/** Rows for imported `name → value` pairs, in the URL's order; names the URL lacks are dropped. */
export function pathVariableRows(
  url: string,
  pairs: readonly { key: string; value: string; description?: string }[],
): KeyValueRow[] {
  const given = new Map(pairs.map((pair) => [pair.key, pair]))
  return pathVariableNames(url).map((key) => {
    const pair = given.get(key)
    return {
      id: newId(),
      key,
      value: pair?.value ?? '',
      enabled: true,
      ...(pair?.description ? { description: pair.description } : {}),
    }
  })
}

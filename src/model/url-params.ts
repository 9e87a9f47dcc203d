/**
 * The URL field and the parameters table are two views of one query string (spec 2.1). The rows
 * hold keys and values exactly as typed (still percent-encoded, `{{vars}}` intact), so that
 * URL → table → URL gives back what the user wrote. The table shows them decoded and encodes what
 * is typed into it (param-text.ts); what is still unencoded is encoded once, when sending.
 */
import { newId } from './ids.ts'
import type { KeyValueRow } from './types.ts'

export interface SplitUrl {
  /** Everything before `?`. */
  base: string
  /** Between `?` and `#`, without either; null when there is no `?`. */
  query: string | null
  /** After `#`, without it; null when there is none. */
  hash: string | null
}

export function splitUrl(url: string): SplitUrl {
  let rest = url
  let hash: string | null = null
  const hashAt = indexOutsideVariables(rest, '#')
  if (hashAt >= 0) {
    hash = rest.slice(hashAt + 1)
    rest = rest.slice(0, hashAt)
  }
  const queryAt = indexOutsideVariables(rest, '?')
  if (queryAt < 0) return { base: rest, query: null, hash }
  return { base: rest.slice(0, queryAt), query: rest.slice(queryAt + 1), hash }
}

/** `{{a?b}}` is a variable name, not the start of a query. */
export function indexOutsideVariables(text: string, char: string): number {
  if (!text.includes('{{')) return text.indexOf(char)
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('{{', i)) {
      depth++
      i++
    } else if (depth > 0 && text.startsWith('}}', i)) {
      depth--
      i++
    } else if (depth === 0 && text[i] === char) return i
  }
  return -1
}

/** `text` cut at every `separator` that is not inside a `{{variable}}`. */
export function splitOutsideVariables(text: string, separator: string): string[] {
  if (!text.includes('{{')) return text.split(separator)
  const parts: string[] = []
  let rest = text
  for (
    let at = indexOutsideVariables(rest, separator);
    at >= 0;
    at = indexOutsideVariables(rest, separator)
  ) {
    parts.push(rest.slice(0, at))
    rest = rest.slice(at + 1)
  }
  parts.push(rest)
  return parts
}

/** Query text → key/value pairs as typed. `a` and `a=` both give an empty value. */
export function parseQuery(query: string): [string, string][] {
  if (query === '') return []
  return query.split('&').map((part) => {
    const eq = part.indexOf('=')
    return eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]
  })
}

/** Pairs → query text. A pair with an empty value is written `key=` unless its key is empty too. */
export function formatQuery(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => (value === '' && key !== '' ? `${key}=` : `${key}=${value}`)).join('&')
}

/**
 * The URL was edited: rebuild the table. Enabled rows take the URL's pairs in order (keeping their
 * ids so the UI keeps focus); disabled rows are not in the URL and stay, after the enabled ones.
 */
export function paramsFromUrl(url: string, rows: KeyValueRow[]): KeyValueRow[] {
  const { query } = splitUrl(url)
  const pairs = query === null ? [] : parseQuery(query)
  const enabled = rows.filter((row) => row.enabled && (row.key !== '' || row.value !== ''))
  const disabled = rows.filter((row) => !row.enabled)
  const fromUrl = pairs.map(([key, value], i): KeyValueRow => {
    const previous = enabled[i]
    return previous ? { ...previous, key, value } : { id: newId(), key, value, enabled: true }
  })
  return [...fromUrl, ...disabled]
}

/**
 * The table was edited: rewrite the URL's query from the enabled rows; base and hash stay. A key
 * the URL has without `=` (`?flag`) keeps that shape while its value stays empty, as do the rows
 * in `bare` (an importer's keys that had no value at all).
 */
export function urlFromParams(
  url: string,
  rows: KeyValueRow[],
  bare: ReadonlySet<string> = new Set(),
): string {
  const { base, query, hash } = splitUrl(url)
  const before = query === null || query === '' ? [] : query.split('&')
  const written = rows.filter((row) => row.enabled && (row.key !== '' || row.value !== ''))
  const parts = written.map((row, i) => {
    const wasBare = before[i] === row.key || (!before.includes(`${row.key}=`) && before.includes(row.key))
    if (row.value === '' && row.key !== '' && (wasBare || bare.has(row.id))) return row.key
    return `${row.key}=${row.value}`
  })
  let result = base
  if (parts.length > 0) result += `?${parts.join('&')}`
  if (hash !== null) result += `#${hash}`
  return result
}

// Characters a query component may carry as they are: what newman sends unencoded (RFC 3986
// unreserved and sub-delims but `'`, and `[ ] { } | ^ \``, which WHATWG URLs leave alone in a query
// too). `'` is encoded, as newman and WHATWG URLs encode it in a query.
// `&`, `=` and `#` are encoded so a key or a variable's value cannot change the structure (a value
// may keep `=`: it cannot split anything there); `+` is kept as typed, as other clients do, because
// servers read it as a space or a plus by their own rules.
const QUERY_SAFE = /[A-Za-z0-9\-._~!$()*+,;:@/?[\]{}|^`]/
/** Text the loop below would give back unchanged: safe characters and valid escapes only. */
const KEY_AS_IS = /^(?:[A-Za-z0-9\-._~!$()*+,;:@/?[\]{}|^`]|%[0-9A-Fa-f]{2})*$/
const VALUE_AS_IS = /^(?:[A-Za-z0-9\-._~!$()*+,;:@/?[\]{}|^`=]|%[0-9A-Fa-f]{2})*$/

/**
 * Encode a query key or value for the wire: keep valid `%XX` escapes the user typed, encode
 * everything else that is not safe. Already-encoded text is therefore not encoded twice.
 */
export function encodeQueryComponent(text: string, isValue = false): string {
  // Most keys and values need nothing encoded: checked in one pass, they are sent as they are.
  if ((isValue ? VALUE_AS_IS : KEY_AS_IS).test(text)) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      out += ch
    } else if (QUERY_SAFE.test(ch) || (isValue && ch === '=')) {
      out += ch
    } else {
      const code = text.codePointAt(i)!
      const char = String.fromCodePoint(code)
      if (code > 0xffff) i++
      // encodeURIComponent leaves `'` alone.
      out += char === "'" ? '%27' : encodeURIComponent(char)
    }
  }
  return out
}

/**
 * The path part as sent: controls, spaces, non-ASCII and `" < > \` { }` encoded (the set newman and
 * WHATWG URLs encode in a path), everything else kept as typed, escapes and a lone `%` included.
 */
export function encodePath(text: string): string {
  return text.replace(/[^\x21-\x7e]|["<>`{}]/gu, (ch) => encodeURIComponent(ch))
}

/** A URL without a scheme is sent over http, as other API clients do. */
export function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`
}

/**
 * The parameters table shows keys and values decoded; the URL holds them encoded (spec 2.1, issue
 * "parameter values are not encoded"). Rows keep the URL's text as typed, so URL → table → URL gives
 * back what the user wrote; only a cell the user edits in the table is encoded again, the way a
 * browser form encodes a field (`application/x-www-form-urlencoded`: space as `+`, everything but
 * `A-Z a-z 0-9 * - . _` percent-encoded as UTF-8). `{{variables}}` stay as written both ways.
 */
import { makeRow } from './factories.ts'
import type { KeyValueRow } from './types.ts'

const VARIABLE = /\{\{.*?\}\}/g
const FORM_SAFE = /[A-Za-z0-9*\-._]/

/** Applies `convert` to the text between `{{variables}}`, leaving the variables untouched. */
function outsideVariables(text: string, convert: (part: string) => string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(VARIABLE)) {
    out += convert(text.slice(last, match.index)) + match[0]
    last = match.index + match[0].length
  }
  return out + convert(text.slice(last))
}

function encodeChar(char: string): string {
  if (char === ' ') return '+'
  if (FORM_SAFE.test(char)) return char
  try {
    // encodeURIComponent leaves ! ' ( ) ~ alone; a form encodes them.
    return encodeURIComponent(char).replace(
      /[!'()~]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    )
  } catch {
    // A lone surrogate cannot be UTF-8: a browser form sends U+FFFD in its place.
    return '%EF%BF%BD'
  }
}

/** A key or value typed into the table, as it goes into the URL's query. */
export function encodeParam(text: string): string {
  return outsideVariables(text, (part) => Array.from(part, encodeChar).join(''))
}

/** A key or value of the URL's query, as the table shows it; a broken escape stays as written. */
export function decodeParam(raw: string): string {
  return outsideVariables(raw, (part) =>
    part.replaceAll('+', ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    }),
  )
}

/** The rows as the table shows them. */
export function paramRowsForTable(rows: KeyValueRow[]): KeyValueRow[] {
  return rows.map((row) => ({ ...row, key: decodeParam(row.key), value: decodeParam(row.value) }))
}

/**
 * The table was edited: its rows (decoded) back to rows that hold URL text. A cell whose decoded
 * text did not change keeps the text it had (`%20` stays `%20`); an edited cell is encoded.
 */
export function paramRowsFromTable(edited: KeyValueRow[], previous: KeyValueRow[]): KeyValueRow[] {
  const before = new Map(previous.map((row) => [row.id, row]))
  const keep = (old: string | undefined, typed: string) =>
    old !== undefined && decodeParam(old) === typed ? old : encodeParam(typed)
  return edited.map((row) => {
    const old = before.get(row.id)
    return { ...row, key: keep(old?.key, row.key), value: keep(old?.value, row.value) }
  })
}

/** A form body as text (`a=1&b=two+words`) → rows of decoded keys and values. */
export function rowsFromFormText(text: string): KeyValueRow[] {
  if (text === '') return []
  return text.split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const [key, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)]
    return makeRow({ key: decodeParam(key), value: decodeParam(value) })
  })
}

/** Rows → a form body as text, encoded as a browser form would; disabled and empty rows left out. */
export function formTextFromRows(rows: KeyValueRow[]): string {
  return rows
    .filter((row) => row.enabled && row.key !== '')
    .map((row) => `${encodeParam(row.key)}=${encodeParam(row.value)}`)
    .join('&')
}

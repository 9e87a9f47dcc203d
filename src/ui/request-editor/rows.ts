/**
 * Table rules of spec 2.1 as plain functions: the always-empty last row that becomes real when
 * typed into, removal, and bulk editing as text. The components only call these.
 */
import { makeRow } from '../../model/factories.ts'
import type { KeyValueRow } from '../../model/types.ts'

/** Typing into the empty last row (index === rows.length) appends a real row. */
export function editRow<R extends KeyValueRow>(
  rows: R[],
  index: number,
  patch: Partial<R>,
  fresh: () => R,
): R[] {
  if (index >= rows.length) return [...rows, { ...fresh(), ...patch }]
  return rows.map((row, i) => (i === index ? { ...row, ...patch } : row))
}

export function removeRow<R extends KeyValueRow>(rows: R[], index: number): R[] {
  return rows.filter((_, i) => i !== index)
}

/** `key: value` lines; a disabled row is written behind `//`. */
export function rowsToText(rows: KeyValueRow[]): string {
  return rows
    .filter((row) => row.key !== '' || row.value !== '')
    .map((row) => `${row.enabled ? '' : '//'}${row.key}: ${row.value}`)
    .join('\n')
}

/** The reverse of `rowsToText`; rows keep their ids where the key at that position is unchanged. */
export function textToRows(text: string, previous: KeyValueRow[] = []): KeyValueRow[] {
  const rows: KeyValueRow[] = []
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '') continue
    const disabled = raw.trimStart().startsWith('//')
    const line = disabled ? raw.trimStart().slice(2) : raw
    const colon = line.indexOf(':')
    const key = (colon < 0 ? line : line.slice(0, colon)).trim()
    const value = colon < 0 ? '' : line.slice(colon + 1).trim()
    const old = previous[rows.length]
    rows.push(
      old && old.key === key
        ? { ...old, key, value, enabled: !disabled }
        : makeRow({ key, value, enabled: !disabled }),
    )
  }
  return rows
}

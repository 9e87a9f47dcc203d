/**
 * How a request's tables are stored (schema 5): params, headers, cookies and a form body's rows.
 * Each row is its own key in the entity map, `<table>.<row id>` (`body.rows.<row id>` for a
 * form body), holding the row's plain shape with its text emptied and a `pos`; its value and
 * description are Y.Texts beside it (`<table>.<row id>.value`, text-fields.ts).
 *
 * One key per row, and no container to create: two people adding rows to one table at the same
 * time both keep theirs (even to a table that had none), two removing different rows both
 * remove them, and the same row edited twice is last-writer-wins for its shape while its text
 * merges. Order is `pos` (a number; ties broken by id, so every peer reads the same order): a
 * row added between two others gets a `pos` between theirs.
 *
 * Older docs keep a table as one plain array under `<table>` (and a form body's rows inside
 * `body`); the v5 migration moves them out, and readers still read such an array (its rows
 * after those stored by key), so a peer that has not migrated yet loses nothing.
 */
import * as Y from 'yjs'
import type { KeyValueRow } from '../types.ts'
import { clone } from './clone.ts'
import { mergeText, setText } from './text-diff.ts'
import type { EntityMap } from './workspace-doc.ts'

type StoredRow = KeyValueRow & { pos: number }
const TEXT_PROPS = ['value', 'description'] as const

const isRowKey = (prefix: string, key: string) =>
  key.startsWith(`${prefix}.`) && !key.slice(prefix.length + 1).includes('.')

function isStoredRow(value: unknown): value is StoredRow {
  return typeof value === 'object' && value !== null && !(value instanceof Y.AbstractType) && 'id' in value
}

/** The rows stored by key, in order, with `pos`; their text not filled in. */
function storedRows(entity: EntityMap, prefix: string): StoredRow[] {
  const rows: StoredRow[] = []
  for (const [key, value] of entity.entries())
    if (isRowKey(prefix, key) && isStoredRow(value)) rows.push(value)
  return rows.sort((a, b) => a.pos - b.pos || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

function fillText(entity: EntityMap, prefix: string, row: KeyValueRow): KeyValueRow {
  const filled = clone(row) as KeyValueRow & { pos?: number }
  delete filled.pos
  for (const prop of TEXT_PROPS) {
    const text = entity.get(`${prefix}.${row.id}.${prop}`)
    if (text instanceof Y.Text) filled[prop] = text.toString()
    else if (typeof text === 'string') filled[prop] = text
  }
  return filled
}

/**
 * The rows of a table: those stored by key, then those of an older doc's plain array (`legacy`)
 * that are not stored by key.
 */
export function readRows(entity: EntityMap, prefix: string, legacy?: readonly KeyValueRow[]): KeyValueRow[] {
  const rows = storedRows(entity, prefix)
  const seen = new Set(rows.map((row) => row.id))
  const all: KeyValueRow[] = [...rows, ...(legacy ?? []).filter((row) => !seen.has(row.id))]
  return all.map((row) => fillText(entity, prefix, row))
}

const shapeOfRow = (row: KeyValueRow): KeyValueRow => {
  const shape = clone(row)
  shape.value = ''
  if (shape.description !== undefined) shape.description = ''
  return shape
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Moves an older doc's plain array of rows out into keys (the v5 migration; idempotent). */
export function upgradeRows(entity: EntityMap, prefix: string, legacy: readonly KeyValueRow[]): void {
  legacy.forEach((row, pos) => {
    if (!entity.has(`${prefix}.${row.id}`)) entity.set(`${prefix}.${row.id}`, { ...shapeOfRow(row), pos })
    for (const prop of TEXT_PROPS) {
      const path = `${prefix}.${row.id}.${prop}`
      const text = row[prop]
      if (text !== undefined && !entity.has(path)) entity.set(path, new Y.Text(text))
    }
  })
}

function removeRow(entity: EntityMap, prefix: string, id: string): void {
  for (const key of [`${prefix}.${id}`, ...TEXT_PROPS.map((prop) => `${prefix}.${id}.${prop}`)])
    if (entity.has(key)) entity.delete(key)
}

function writeText(
  entity: EntityMap,
  path: string,
  text: string | undefined,
  base: string | undefined,
): void {
  if (text === undefined) return
  const current = entity.get(path)
  if (!(current instanceof Y.Text)) entity.set(path, new Y.Text(text))
  else if (base === undefined) setText(current, text)
  else mergeText(current, base, text)
}

/** A `pos` strictly between `low` and `high` (either may be absent), or undefined when none is left. */
function between(low: number | undefined, high: number | undefined): number | undefined {
  if (low === undefined) return high === undefined ? 0 : high - 1
  if (high === undefined) return low + 1
  const mid = (low + high) / 2
  return mid > low && mid < high ? mid : undefined
}

/**
 * Makes a table read `rows`. With `base` (the rows the edit started from), a 3-way merge: only
 * what the edit changed is written, so rows others added or changed meanwhile stay, and a row
 * the edit changed comes back even if someone removed it. Without, `base` is what is stored.
 */
export function writeRows(
  entity: EntityMap,
  prefix: string,
  rows: readonly KeyValueRow[],
  base?: readonly KeyValueRow[],
): void {
  const from = new Map((base ?? readRows(entity, prefix)).map((row) => [row.id, row]))
  const mine = new Set(rows.map((row) => row.id))
  for (const id of from.keys()) if (!mine.has(id)) removeRow(entity, prefix, id)

  const current = new Map(storedRows(entity, prefix).map((row) => [row.id, row]))
  const changed = (row: KeyValueRow) => {
    const old = from.get(row.id)
    return old === undefined || !same(old, row)
  }
  const reshaped = (row: KeyValueRow) => {
    const old = from.get(row.id)
    return old === undefined || !same(shapeOfRow(old), shapeOfRow(row))
  }
  // Rows gone from the doc stay gone (someone removed them) unless the edit added them or changed
  // their key or switch: a removal wins over a concurrent edit of a row's text alone.
  const wanted = rows.filter((row) => current.has(row.id) || reshaped(row))
  // The edit reordered rows both sides keep: every row of the edit gets a new `pos`.
  const kept = wanted.filter((row) => from.has(row.id) && current.has(row.id)).map((row) => row.id)
  const storedOrder = [...current.keys()].filter((id) => mine.has(id) && from.has(id))
  let renumber = kept.some((id, i) => storedOrder[i] !== id)

  const positions = new Map<string, number>()
  if (!renumber) {
    const known = (index: number) => {
      const id = wanted[index]!.id
      return positions.get(id) ?? current.get(id)?.pos
    }
    wanted.forEach((row, index) => {
      let pos = current.get(row.id)?.pos
      if (pos === undefined) {
        let high: number | undefined
        for (let i = index + 1; i < wanted.length && high === undefined; i++)
          high = current.get(wanted[i]!.id)?.pos
        pos = between(index > 0 ? known(index - 1) : undefined, high)
      }
      if (pos === undefined) renumber = true
      else positions.set(row.id, pos)
    })
  }
  // Positions ran out between two rows, or the edit reordered: number the edit's rows 0, 1, 2, ...
  if (renumber) wanted.forEach((row, index) => positions.set(row.id, index))

  for (const row of wanted) {
    const stored = current.get(row.id)
    // The row's shape keeps the texts as they were written: should someone else remove the row
    // meanwhile (and its Y.Texts with it), the row this write brings back still reads complete.
    const next = { ...clone(row), pos: positions.get(row.id)! }
    const old = from.get(row.id)
    if (
      !stored ||
      ((reshaped(row) || stored.pos !== next.pos) && !same(shapeOfRow(stored), shapeOfRow(next)))
    )
      entity.set(`${prefix}.${row.id}`, next)
    if (changed(row))
      for (const prop of TEXT_PROPS) writeText(entity, `${prefix}.${row.id}.${prop}`, row[prop], old?.[prop])
  }
}

/** A new table's entries: each row's shape by key, and its texts (always made with the row). */
export function rowEntries(prefix: string, rows: readonly KeyValueRow[]): [string, unknown][] {
  const entries: [string, unknown][] = []
  rows.forEach((row, pos) => {
    entries.push([`${prefix}.${row.id}`, { ...shapeOfRow(row), pos }])
    for (const prop of TEXT_PROPS) {
      const text = row[prop]
      if (text !== undefined) entries.push([`${prefix}.${row.id}.${prop}`, new Y.Text(text)])
    }
  })
  return entries
}

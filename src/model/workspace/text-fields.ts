/**
 * The typed text of a request or container, as Y.Text in its entity map (schema 4), so that two
 * people editing one field keep both their characters (text-diff.ts).
 *
 * Each text leaf has a path, which is also its key in the entity map: `name` and `url` are the
 * field's own key; nested ones are `scripts.preRequest`, `body.text`, `body.query`,
 * `headers.<row id>.value`, `params.<row id>.description`, ... The field's own key keeps the
 * rest of the value as plain JSON with those leaves emptied (its "shape"): a table's rows and
 * their order, a body's type. Readers fill the leaves back in, so the rest of the app sees the
 * same plain values as before. A leaf without a Y.Text (older docs, the device's drafts) reads
 * as what the shape holds.
 */
import * as Y from 'yjs'
import type { KeyValueRow, RequestBody, Scripts } from '../types.ts'
import { clone } from './clone.ts'
import { mergeText, setText } from './text-diff.ts'
import { readRows, rowEntries, upgradeRows, writeRows } from './row-tables.ts'
import type { EntityMap } from './workspace-doc.ts'

/** Fields that are one text as a whole: their key holds the Y.Text itself, no shape. */
export const WHOLE_TEXT_FIELDS = new Set(['name', 'url'])
const TABLES = new Set(['params', 'headers', 'cookies', 'pathVariables'])
const FORM_ROWS = 'body.rows'

/**
 * The texts every new request (and container) stores from its creation, empty or not (schema 5):
 * a Y.Text first created by two people at once would be two Y.Texts for one key, and one
 * person's characters would be lost. A table row's texts are created with the row.
 */
export const REQUEST_TEXTS = [
  'name',
  'url',
  'scripts.preRequest',
  'scripts.postResponse',
  'body.text',
  'body.query',
  'body.variables',
] as const
export const CONTAINER_TEXTS = ['name', 'scripts.preRequest', 'scripts.postResponse'] as const
const KEPT_TEXTS = new Set<string>(REQUEST_TEXTS)

const isForm = (body: RequestBody | undefined): body is Extract<RequestBody, { rows: KeyValueRow[] }> =>
  body?.type === 'urlencoded' || body?.type === 'form-data'
/** A body without its form rows (stored by key, row-tables.ts). */
function withoutRows(body: RequestBody): RequestBody {
  return isForm(body) ? { ...body, rows: [] } : body
}

type Leaf = [path: string, text: string]

function rowLeaves(prefix: string, rows: readonly KeyValueRow[]): Leaf[] {
  const leaves: Leaf[] = []
  for (const row of rows) {
    leaves.push([`${prefix}.${row.id}.value`, row.value])
    if (row.description !== undefined) leaves.push([`${prefix}.${row.id}.description`, row.description])
  }
  return leaves
}

/** The text leaves of a field's value, by path. */
export function textLeaves(key: string, value: unknown): Leaf[] {
  if (WHOLE_TEXT_FIELDS.has(key)) return [[key, String(value ?? '')]]
  if (key === 'scripts') {
    const scripts = value as Scripts
    return [
      ['scripts.preRequest', scripts.preRequest],
      ['scripts.postResponse', scripts.postResponse],
    ]
  }
  if (TABLES.has(key)) return rowLeaves(key, value as KeyValueRow[])
  if (key === 'body') {
    const body = value as RequestBody
    if (body.type === 'raw') return [['body.text', body.text]]
    if (body.type === 'graphql')
      return [
        ['body.query', body.query],
        ['body.variables', body.variables],
      ]
    if (body.type === 'urlencoded' || body.type === 'form-data') return rowLeaves('body.rows', body.rows)
  }
  return []
}

/** Sets the leaf at `path` (from `textLeaves`) in a plain value; `path` starts with the field. */
function setLeaf(value: unknown, path: string, text: string): void {
  const parts = path.split('.').slice(1)
  if (parts[0] === 'rows' || parts.length === 2) {
    // `<table>.<row id>.<prop>` or `body.rows.<row id>.<prop>`
    const [rowId, prop] = parts[0] === 'rows' ? [parts[1]!, parts[2]!] : [parts[0]!, parts[1]!]
    const rows = (parts[0] === 'rows' ? (value as { rows: KeyValueRow[] }).rows : value) as KeyValueRow[]
    const row = rows.find((r) => r.id === rowId) as unknown as Record<string, string> | undefined
    if (row) row[prop] = text
    return
  }
  ;(value as Record<string, string>)[parts[0]!] = text
}

/** The value without its text: each leaf emptied. */
export function shapeOf(key: string, value: unknown): unknown {
  const shape = clone(value)
  for (const [path] of textLeaves(key, value)) setLeaf(shape, path, '')
  return shape
}

export function textOf(stored: unknown): string | undefined {
  if (stored instanceof Y.Text) return stored.toString()
  return typeof stored === 'string' ? stored : undefined
}

/** A field's plain value: the stored shape (or `fallback`) with its leaves filled from their Y.Text. */
export function readField(entity: EntityMap, key: string, fallback: unknown): unknown {
  if (WHOLE_TEXT_FIELDS.has(key)) return textOf(entity.get(key)) ?? fallback
  const stored = entity.get(key)
  if (TABLES.has(key)) return readRows(entity, key, Array.isArray(stored) ? stored : undefined)
  const value = clone(stored === undefined ? fallback : stored)
  if (key === 'body' && isForm(value as RequestBody)) {
    const body = value as { rows: KeyValueRow[] }
    body.rows = readRows(entity, FORM_ROWS, body.rows)
    return body
  }
  for (const [path] of textLeaves(key, value)) {
    const text = entity.get(path)
    if (text instanceof Y.Text) setLeaf(value, path, text.toString())
  }
  return value
}

/** A new Y.Text holding `text`. */
export function newText(text: string): Y.Text {
  const made = new Y.Text()
  if (text) made.insert(0, text)
  return made
}

/** The entries a new entity stores for a field: its shape (unless `isDefault`) and its leaves. */
export function fieldEntries(
  key: string,
  value: unknown,
  isDefault: (shape: unknown) => boolean,
): [string, unknown][] {
  if (WHOLE_TEXT_FIELDS.has(key)) return [[key, newText(String(value ?? ''))]]
  const entries: [string, unknown][] = []
  const shape = shapeOf(key, value)
  if (!isDefault(shape)) entries.push([key, shape])
  for (const [path, text] of textLeaves(key, value)) if (text) entries.push([path, newText(text)])
  return entries
}

/**
 * The entries a new entity stores for a field (schema 5): its shape (unless `isDefault`), every
 * text leaf even when empty, and table rows by key (row-tables.ts).
 */
export function createEntries(
  key: string,
  value: unknown,
  isDefault: (shape: unknown) => boolean,
): [string, unknown][] {
  if (TABLES.has(key)) return rowEntries(key, value as KeyValueRow[])
  if (WHOLE_TEXT_FIELDS.has(key)) return [[key, newText(String(value ?? ''))]]
  const rows = key === 'body' && isForm(value as RequestBody) ? (value as { rows: KeyValueRow[] }).rows : []
  const plain = key === 'body' ? withoutRows(value as RequestBody) : value
  const entries: [string, unknown][] = []
  const shape = shapeOf(key, plain)
  if (!isDefault(shape)) entries.push([key, shape])
  for (const [path, text] of textLeaves(key, plain)) entries.push([path, newText(text)])
  return [...entries, ...rowEntries(FORM_ROWS, rows)]
}

/** Moves an older doc's table arrays (and form rows) out into row keys; see row-tables.ts. */
export function upgradeTables(entity: EntityMap): void {
  for (const key of TABLES) {
    const stored = entity.get(key)
    if (!Array.isArray(stored)) continue
    upgradeRows(entity, key, stored as KeyValueRow[])
    entity.delete(key)
  }
  const body = entity.get('body') as RequestBody | undefined
  if (isForm(body) && body.rows.length > 0) {
    upgradeRows(entity, FORM_ROWS, body.rows)
    entity.set('body', withoutRows(body))
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Writes a field into an entity: the shape only when it changes (and, given the value the edit
 * started from, only when the edit changed it: a table's rows someone else added stay), each leaf
 * as the smallest edit of its Y.Text (3-way against `base` when given), and leaves that no longer
 * exist deleted. `fallback` is what an absent key reads as; `isDefault` says not to store a shape.
 */
export function writeField(
  entity: EntityMap,
  key: string,
  value: unknown,
  options: { fallback: unknown; isDefault: (shape: unknown) => boolean; base?: unknown },
): void {
  let { base } = options
  if (base !== undefined && same(value, base)) return
  const baseLeaves = new Map(base === undefined ? [] : textLeaves(key, base))
  const writeLeaf = (path: string, text: string) => {
    const current = entity.get(path)
    if (current instanceof Y.Text) {
      const from = baseLeaves.get(path)
      if (from === undefined) setText(current, text)
      else mergeText(current, from, text)
    } else {
      entity.set(path, newText(text))
    }
  }
  if (WHOLE_TEXT_FIELDS.has(key)) return writeLeaf(key, String(value ?? ''))
  if (TABLES.has(key) || key === 'body') upgradeTables(entity)
  if (TABLES.has(key))
    return writeRows(entity, key, value as KeyValueRow[], base as KeyValueRow[] | undefined)
  if (key === 'body') {
    const rowsOf = (body: unknown) =>
      isForm(body as RequestBody) ? (body as { rows: KeyValueRow[] }).rows : []
    writeRows(entity, FORM_ROWS, rowsOf(value), base === undefined ? undefined : rowsOf(base))
    value = withoutRows(value as RequestBody)
    if (base !== undefined) base = withoutRows(base as RequestBody)
  }

  const stored = entity.get(key)
  const currentShape = shapeOf(key, stored === undefined ? options.fallback : stored)
  const myShape = shapeOf(key, value)
  const keepShape = base !== undefined && same(myShape, shapeOf(key, base))
  const shape = keepShape ? currentShape : myShape
  if (!same(shape, currentShape) || (stored !== undefined && !same(stored, currentShape))) {
    if (options.isDefault(shape)) entity.delete(key)
    else entity.set(key, shape)
  }
  const live = new Set(textLeaves(key, shape).map(([path]) => path))
  for (const [path, text] of textLeaves(key, value)) if (live.has(path)) writeLeaf(path, text)
  // A leaf stored in the shape by an older schema, now kept as Y.Text, or a leaf that went away
  // (the texts every request keeps are emptied instead; form rows are written above).
  for (const path of [...entity.keys()]) {
    if (!path.startsWith(`${key}.`) || live.has(path) || path.startsWith(`${FORM_ROWS}.`)) continue
    const text = entity.get(path)
    if (KEPT_TEXTS.has(path) && text instanceof Y.Text) setText(text, '')
    else entity.delete(path)
  }
}

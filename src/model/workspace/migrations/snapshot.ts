/**
 * Plain JSON snapshots of a doc (the shape `doc.toJSON()` gives) loaded back into Y types.
 * The migration fixtures are written this way; the same loader restores a backup.
 */
import * as Y from 'yjs'

/** How a root's JSON maps to Y types. */
export type RootShape =
  | 'map' // Y.Map of plain values
  | 'entities' // Y.Map of Y.Maps; an entity's `children` is a Y.Array
  | 'array' // Y.Array of plain values
  | 'map-of-arrays' // Y.Map of Y.Arrays of plain values

export const WORKSPACE_SHAPE: Record<string, RootShape> = {
  meta: 'map',
  collections: 'entities',
  folders: 'entities',
  requests: 'entities',
  environments: 'entities',
  collectionOrder: 'array',
  environmentOrder: 'array',
  variables: 'map',
  workspaceVariableRows: 'map',
  workspaceVariableOrder: 'array',
  globalVariableRows: 'map',
  globalVariableOrder: 'array',
}

export const DEVICE_SHAPE: Record<string, RootShape> = {
  meta: 'map',
  state: 'map',
  tabs: 'entities',
  tabOrder: 'array',
  settings: 'map',
  secrets: 'map',
  history: 'array',
  runs: 'map-of-arrays',
  oauth: 'map',
}

export function loadSnapshot(
  doc: Y.Doc,
  json: Record<string, unknown>,
  shape: Record<string, RootShape>,
): void {
  doc.transact(() => {
    for (const [name, value] of Object.entries(json)) {
      const kind = shape[name]
      if (kind === 'array') {
        doc.getArray(name).push(value as unknown[])
        continue
      }
      const map = doc.getMap<unknown>(name)
      for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
        if (kind === 'map') map.set(key, isTableJson(field) ? table(field) : field)
        else if (kind === 'map-of-arrays') map.set(key, Y.Array.from(field as object[]))
        else if (kind === 'entities') map.set(key, entity(field as Record<string, unknown>))
        else throw new Error(`Unknown root "${name}" in a snapshot`)
      }
    }
  })
}

function entity(fields: Record<string, unknown>): Y.Map<unknown> {
  const map = new Y.Map<unknown>()
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'children' && Array.isArray(value)) map.set(key, Y.Array.from(value))
    else if (isTableJson(value)) map.set(key, table(value))
    else map.set(key, value)
  }
  return map
}

interface TableJson {
  rows: Record<string, object>
  order: string[]
}

/** A variable table (`variable-store.ts`) as `toJSON` writes it. */
function isTableJson(value: unknown): value is TableJson {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as TableJson).order) &&
    typeof (value as TableJson).rows === 'object'
  )
}

function table(json: TableJson): Y.Map<unknown> {
  const rows = new Y.Map<unknown>()
  for (const [id, row] of Object.entries(json.rows)) rows.set(id, row)
  const map = new Y.Map<unknown>()
  map.set('rows', rows)
  map.set('order', Y.Array.from(json.order))
  return map
}

/** The JSON snapshot of a doc, with every root of the shape read as its type. */
export function toSnapshot(doc: Y.Doc, shape: Record<string, RootShape>): Record<string, unknown> {
  const json: Record<string, unknown> = {}
  for (const [name, kind] of Object.entries(shape)) {
    const root = kind === 'array' ? doc.getArray(name) : doc.getMap(name)
    if ((root instanceof Y.Array ? root.length : (root as Y.Map<unknown>).size) > 0)
      json[name] = root.toJSON()
  }
  return json
}

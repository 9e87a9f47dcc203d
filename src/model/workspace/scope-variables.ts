/**
 * The workspace and global variable tables. Each is two root types of the doc
 * (`workspaceVariableRows` / `workspaceVariableOrder`, `globalVariableRows` / `globalVariableOrder`):
 * a root type exists on every peer by its name, so two peers that each add a first variable
 * offline both keep it when they meet. (Up to now the tables were Y.Maps in the `variables` root
 * map, made on first write: two such first writes made two tables for one key, and one of them,
 * with its rows, was lost when the peers met.)
 *
 * Docs that have such a table keep it: reading merges its rows with the root types' (a row in
 * both: the root's), the root order first; writing edits each row where it lives, new rows go to
 * the root types and the order is kept there. Nothing is copied, so a peer that still writes the
 * old table, or two peers opening the same old doc at once, cannot lose or duplicate a row.
 */
import type * as Y from 'yjs'
import type { Id, Variable } from '../types.ts'
import { clone } from './clone.ts'
import { orderedIds } from './tree-index.ts'
import { FIELDS, parts, writeTable, type TableParts } from './variable-store.ts'

export type ScopeName = 'workspace' | 'global'
export const SCOPE_NAMES: readonly ScopeName[] = ['workspace', 'global']

/** The root types' names of each scope's table. */
export const scopeRootNames = (scope: ScopeName) =>
  ({ rows: `${scope}VariableRows`, order: `${scope}VariableOrder` }) as const

export function scopeTable(doc: Y.Doc, scope: ScopeName): TableParts {
  const names = scopeRootNames(scope)
  return { rows: doc.getMap<Variable>(names.rows), order: doc.getArray<Id>(names.order) }
}

/** The table an older doc made on first write, if it has one. */
function legacyTable(doc: Y.Doc, scope: ScopeName): TableParts | undefined {
  return parts(doc.getMap('variables').get(scope))
}

/** Rows by id (the root's win) and their order. */
function merged(table: TableParts, legacy: TableParts): { rows: Map<Id, Variable>; order: Id[] } {
  const rows = new Map<Id, Variable>([...legacy.rows.entries(), ...table.rows.entries()])
  const order = { toArray: () => [...table.order.toArray(), ...legacy.order.toArray()] }
  return { rows, order: orderedIds(order, rows) }
}

export function readScopeVariables(doc: Y.Doc, scope: ScopeName): Variable[] {
  const table = scopeTable(doc, scope)
  const legacy = legacyTable(doc, scope)
  if (!legacy) return orderedIds(table.order, table.rows).map((id) => clone(table.rows.get(id)!))
  const { rows, order } = merged(table, legacy)
  return order.map((id) => clone(rows.get(id)!))
}

/** Writes only what differs, each row where it is kept; call inside a transaction. */
export function writeScopeVariables(doc: Y.Doc, scope: ScopeName, variables: Variable[]): void {
  const table = scopeTable(doc, scope)
  const legacy = legacyTable(doc, scope)
  if (!legacy) {
    writeTable(table, variables)
    return
  }
  const wanted = new Set(variables.map((variable) => variable.id))
  for (const rows of [table.rows, legacy.rows])
    for (const id of [...rows.keys()]) if (!wanted.has(id)) rows.delete(id)
  for (const variable of variables) {
    const home = legacy.rows.has(variable.id) && !table.rows.has(variable.id) ? legacy.rows : table.rows
    const current = home.get(variable.id)
    if (!current || FIELDS.some((field) => current[field] !== variable[field]))
      home.set(variable.id, clone(variable))
  }
  const current = merged(table, legacy).order
  const next = variables.map((variable) => variable.id)
  if (current.length !== next.length || current.some((id, i) => id !== next[i])) {
    table.order.delete(0, table.order.length)
    table.order.push(next)
  }
}

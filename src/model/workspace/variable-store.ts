/**
 * How a variable table is stored: a Y.Map `{ rows: Y.Map<id, Variable>, order: Y.Array<id> }`.
 * One row per key, so two people adding or editing different variables of one table at the
 * same time both keep their edit; the same row is last-writer-wins. Secret rows are stored
 * with an empty value (the caller strips it; see `withoutSecretValues`).
 */
import * as Y from 'yjs'
import type { Id, Variable } from '../types.ts'
import { clone } from './clone.ts'
import { orderedIds } from './tree-index.ts'

export type VariableTable = Y.Map<unknown>
/** A table's two parts, wherever they are kept (scope-variables.ts keeps them as root types). */
export interface TableParts {
  rows: Y.Map<Variable>
  order: Y.Array<Id>
}

/** The fields of a row a write compares. */
export const FIELDS = ['key', 'value', 'enabled', 'secret'] as const

export function makeTable(variables: Variable[]): VariableTable {
  const rows = new Y.Map<Variable>()
  for (const variable of variables) rows.set(variable.id, clone(variable))
  const table = new Y.Map<unknown>()
  table.set('rows', rows)
  table.set('order', Y.Array.from(variables.map((variable) => variable.id)))
  return table
}

/** The parts of a stored table (a Y.Map), or the parts themselves. */
export function parts(table: unknown): TableParts | undefined {
  if (isParts(table)) return table
  if (!(table instanceof Y.Map)) return undefined
  const rows = table.get('rows')
  const order = table.get('order')
  return rows instanceof Y.Map && order instanceof Y.Array ? { rows, order } : undefined
}

function isParts(value: unknown): value is TableParts {
  const candidate = value as Partial<TableParts> | undefined
  return candidate?.rows instanceof Y.Map && candidate.order instanceof Y.Array
}

export function readTable(table: unknown): Variable[] {
  const found = parts(table)
  if (!found) return []
  return orderedIds(found.order, found.rows).map((id) => clone(found.rows.get(id)!))
}

/** Writes only what differs: changed rows, removed rows, and the order if it changed. */
export function writeTable(table: VariableTable | TableParts, variables: Variable[]): void {
  const found = parts(table)
  if (!found) throw new Error('Not a variable table')
  const { rows, order } = found
  const wanted = new Set(variables.map((variable) => variable.id))
  for (const id of [...rows.keys()]) if (!wanted.has(id)) rows.delete(id)
  for (const variable of variables) {
    const current = rows.get(variable.id)
    if (!current || FIELDS.some((field) => current[field] !== variable[field]))
      rows.set(variable.id, clone(variable))
  }
  const currentOrder = orderedIds(order, rows)
  const nextOrder = variables.map((variable) => variable.id)
  if (currentOrder.length !== nextOrder.length || currentOrder.some((id, i) => id !== nextOrder[i])) {
    order.delete(0, order.length)
    order.push(nextOrder)
  }
}

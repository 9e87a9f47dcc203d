/**
 * The iteration's data row as scripts see it: Postman's `pm.iterationData` (a VariableScope:
 * get, has, toObject, toJSON, set, unset, clear, replaceIn) and Bruno's
 * `bru.runner.iterationData`. Values come back as the row holds them (a CSV number is a number).
 * Changes last for the script that makes them: as in newman, they never reach the request's
 * `{{variables}}`, later scripts or later requests.
 */
import type { IterationRow, IterationValue } from '../../../model/iteration-data/index.ts'
import { valueText } from '../../../model/iteration-data/index.ts'
import type { ScriptRun } from '../run-state.ts'
import { api } from './bridge.ts'
import { toText } from './values.ts'

/** A script's own copy of the row, made when it first changes it. */
const changed = new WeakMap<ScriptRun, IterationRow>()

function rowOf(run: ScriptRun): IterationRow {
  return changed.get(run) ?? run.input.iteration?.data ?? {}
}

function ownRow(run: ScriptRun): IterationRow {
  let row = changed.get(run)
  if (!row) changed.set(run, (row = { ...(run.input.iteration?.data ?? {}) }))
  return row
}

function typeOf(value: IterationValue): string {
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string'
    ? typeof value
    : 'any'
}

/** `runOf` gives the run a call answers for (the sandbox's current run, or beta's own). */
export function iterationDataScope(runOf: () => ScriptRun) {
  return api({
    get: (key: unknown) => {
      const row = rowOf(runOf())
      const name = String(key)
      return Object.hasOwn(row, name) ? row[name] : undefined
    },
    has: (key: unknown) => Object.hasOwn(rowOf(runOf()), String(key)),
    toObject: () => ({ ...rowOf(runOf()) }),
    toJSON: () => ({
      values: Object.entries(rowOf(runOf())).map(([key, value]) => ({ type: typeOf(value), value, key })),
    }),
    set: (key: unknown, value: unknown) => {
      ownRow(runOf())[String(key)] = value as IterationValue
    },
    unset: (key: unknown) => {
      delete ownRow(runOf())[String(key)]
    },
    clear: () => {
      const row = ownRow(runOf())
      for (const key of Object.keys(row)) delete row[key]
    },
    replaceIn: (text: unknown) => {
      const row = rowOf(runOf())
      return toText(text).replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) =>
        Object.hasOwn(row, name) ? valueText(row[name]) : whole,
      )
    },
  })
}

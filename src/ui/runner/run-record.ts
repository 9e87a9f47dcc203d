/**
 * A run as the runner shows it, keeps it on the device and exports it: its rows (made where the
 * run loop runs, runtime/report/run-row.ts), its counts and summary; filters and the report.
 */
import type { Id } from '../../model/types.ts'
import type { JsonReport } from '../../runtime/report/json-report.ts'
import type { RunRow } from '../../runtime/report/run-row.ts'
import type { DoneOutcome } from '../../runtime/send.ts'

export {
  KEPT_BODY_BYTES,
  LIVE_BODY_BYTES,
  keptRow,
  makeRow,
  type RunRow,
} from '../../runtime/report/run-row.ts'

export interface RunRecord {
  id: string
  /** The collection or folder that was run. */
  containerId: Id
  name: string
  startedAt: string
  durationMs: number
  iterations: number
  passed: number
  failed: number
  stopped: boolean
  summary: JsonReport['summary']
  rows: RunRow[]
}

/** The row as the response viewer takes a result. */
export function rowOutcome(row: RunRow): DoneOutcome | undefined {
  if (!row.request || !row.response) return undefined
  const tests = row.execution.tests.map((t) => ({ name: t.name, passed: t.passed, error: t.error }))
  const scriptError = row.execution.scriptError
  return {
    outcome: 'done',
    request: row.request,
    response: row.response,
    tests,
    testsTimedOut: false,
    scriptError: scriptError === null ? null : { kind: 'script', message: scriptError, origin: '' },
  }
}

export type RowFilter = 'all' | 'passed' | 'failed'

/** Indices of the rows a filter keeps (null: all of them, no copy). */
export function filterRows(rows: readonly RunRow[], filter: RowFilter): number[] | null {
  if (filter === 'all') return null
  const out: number[] = []
  for (let i = 0; i < rows.length; i++) if (rows[i]!.failed === (filter === 'failed')) out.push(i)
  return out
}

/** The json report of the CLI contract (each execution carries its 0-based iteration, as there). */
export function reportOf(record: Omit<RunRecord, 'id' | 'containerId'>): JsonReport {
  return {
    collection: record.name,
    startedAt: record.startedAt,
    durationMs: record.durationMs,
    summary: record.summary,
    executions: record.rows.map((row) => row.execution),
  }
}

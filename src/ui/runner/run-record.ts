/**
 * One result row of a run, as the runner shows it, keeps it on the device and exports it: the
 * CLI's json execution (the export's shape) beside the request as sent and the response, bodies
 * cut to a size a run can hold for every request. A row is made once when its request is done and
 * never changes, so the live run and a past run read the same rows.
 */
import type { Id } from '../../model/types.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { JsonExecution, JsonReport } from '../../runtime/report/json-report.ts'
import { isFailure } from '../../runtime/run-collection.ts'
import type { DoneOutcome, SendResult } from '../../runtime/send.ts'

/** Bytes of each body a live run keeps for its rows; a kept (past) run keeps fewer. */
export const LIVE_BODY_BYTES = 64 * 1024
export const KEPT_BODY_BYTES = 8 * 1024

export interface RunRow {
  /** 1-based. */
  iteration: number
  requestId: Id
  method: string
  execution: JsonExecution
  failed: boolean
  request?: WireRequest
  /** With `body` cut to the row's limit; `sizes.responseBody` is the whole body's size. */
  response?: WireResponse
}

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

const cut = (bytes: Uint8Array, limit: number): Uint8Array =>
  bytes.length > limit ? bytes.slice(0, limit) : bytes.slice()

function plainRequest(request: WireRequest, limit: number): WireRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers.map(([name, value]): [string, string] => [name, value]),
    body: request.body ? cut(request.body, limit) : null,
  }
}

function plainResponse(response: WireResponse, limit: number): WireResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    headers: response.headers.map(([name, value]): [string, string] => [name, value]),
    body: cut(response.arrival?.body ?? response.body, limit),
    eventStream: false,
    cookies: response.cookies.map((cookie) => ({ ...cookie })),
    timings: { ...response.timings },
    sizes: { ...response.sizes },
    url: response.url,
  }
}

export function makeRow(
  iteration: number,
  requestId: Id,
  method: string,
  execution: JsonExecution,
  result: SendResult,
): RunRow {
  const row: RunRow = { iteration, requestId, method, execution, failed: isFailure(result) }
  if (result.outcome !== 'not-sent') row.request = plainRequest(result.request, LIVE_BODY_BYTES)
  if (result.outcome === 'done') row.response = plainResponse(result.response, LIVE_BODY_BYTES)
  return row
}

/** A row as a past run keeps it: bodies cut shorter. */
export function keptRow(row: RunRow): RunRow {
  return {
    ...row,
    ...(row.request ? { request: plainRequest(row.request, KEPT_BODY_BYTES) } : {}),
    ...(row.response ? { response: plainResponse(row.response, KEPT_BODY_BYTES) } : {}),
  }
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

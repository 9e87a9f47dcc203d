/**
 * One result row of an app collection run: the CLI's json execution (the export's shape) beside
 * the request as sent and the response, bodies cut to a size a run can hold for every request.
 * A row is made once when its request is done and never changes; it is plain data, so it crosses
 * from the script worker to the page as it is (app-run/), and the live run and a past run read
 * the same rows.
 */
import type { Id } from '../../model/types.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import { isFailure } from '../run-steps.ts'
import type { SendResult } from '../send.ts'
import type { JsonExecution } from './json-report.ts'

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

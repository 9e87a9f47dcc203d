/**
 * The one place a finished send is written down: the history (every send, failed ones included,
 * capped at 100 by the data layer) and, for a saved request, its run history with the response
 * (body capped at RUN_BODY_LIMIT) and test results, so an older run can be opened as it was.
 */
import type * as Y from 'yjs'
import type { Id, RequestSpec } from '../../model/types.ts'
import * as data from '../../model/workspace/api.ts'
import type { SendResult } from '../../runtime/send.ts'

export function recordSend(
  device: Y.Doc,
  draft: RequestSpec,
  savedId: Id | null,
  result: SendResult,
  now = Date.now(),
): void {
  const done = result.outcome === 'done' ? result : null
  const error = result.outcome === 'done' ? result.scriptError?.message : result.error
  data.addHistoryEntry(device, {
    time: now,
    method: draft.method,
    url: result.outcome === 'not-sent' ? draft.url : result.request.url,
    ...(savedId ? { requestId: savedId } : {}),
    ...(done ? { status: done.response.status, durationMs: done.response.timings.total } : {}),
    ...(!done && error !== undefined ? { error } : {}),
    outcome: result.outcome,
  })
  if (!savedId) return
  data.addRun(device, savedId, {
    time: now,
    outcome: result.outcome,
    ...(done
      ? {
          status: done.response.status,
          durationMs: done.response.timings.total,
          response: data.storedResponse(done.response),
        }
      : {}),
    tests: result.tests.map((t) => ({ name: t.name, passed: t.passed, error: t.error })),
    ...(error !== undefined ? { error } : {}),
  })
}

/** A finished realtime connection: its URL, start, duration and message counts (no run history). */
export function recordConnection(
  device: Y.Doc,
  draft: RequestSpec,
  savedId: Id | null,
  connection: {
    url: string
    startedAt: number
    durationMs: number
    received: number
    sent: number
    reconnects?: number
    error?: string
  },
): void {
  data.addHistoryEntry(device, {
    time: connection.startedAt,
    method: 'GET',
    kind: draft.kind,
    url: connection.url,
    ...(savedId ? { requestId: savedId } : {}),
    durationMs: connection.durationMs,
    outcome: connection.error === undefined ? 'done' : 'failed',
    ...(connection.error !== undefined ? { error: connection.error } : {}),
    messages: {
      received: connection.received,
      sent: connection.sent,
      ...(connection.reconnects ? { reconnects: connection.reconnects } : {}),
    },
  })
}

/** A connection that ended (WebSocket): its URL, when it opened, how long and how many messages. */
export interface ConnectionSummary {
  kind: RequestSpec['kind']
  url: string
  openedAt: number
  durationMs: number
  sent: number
  received: number
  status?: number
  error?: string
}

export function recordEndedConnection(device: Y.Doc, savedId: Id | null, summary: ConnectionSummary): void {
  data.addHistoryEntry(device, {
    time: summary.openedAt,
    method: summary.kind === 'websocket' ? 'WS' : summary.kind.toUpperCase(),
    url: summary.url,
    kind: summary.kind,
    ...(savedId ? { requestId: savedId } : {}),
    ...(summary.status !== undefined ? { status: summary.status } : {}),
    durationMs: summary.durationMs,
    messages: { sent: summary.sent, received: summary.received },
    outcome: summary.error === undefined ? 'done' : 'failed',
    ...(summary.error !== undefined ? { error: summary.error } : {}),
  })
}

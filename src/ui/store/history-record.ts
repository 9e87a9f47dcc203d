/**
 * The one place a finished send is written down: the history (every send, failed ones included,
 * capped at 100 by the data layer) and, for a saved request, its run history with the response
 * (body capped at RUN_BODY_LIMIT) and test results, so an older run can be opened as it was.
 */
import type * as Y from 'yjs'
import { kindInfo } from '../../model/request-kinds.ts'
import type { Id, RequestKind, RequestSpec } from '../../model/types.ts'
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
    ...(done
      ? {
          status: done.response.status,
          durationMs: done.response.timings.total,
          httpVersion: done.response.httpVersion,
        }
      : {}),
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

/**
 * An ended connection or call of a connection kind (WebSocket, SSE, gRPC): where it went, when it
 * opened, how long it lasted and how many messages went each way. No run history.
 */
export interface ConnectionSummary {
  kind: RequestKind
  url: string
  openedAt: number
  /** Absent when nothing went out (`not-sent`). */
  durationMs?: number
  /** Messages each way; absent when nothing went out. */
  sent?: number
  received?: number
  reconnects?: number
  /** The handshake's HTTP status or the call's status code. */
  status?: number
  error?: string
  /** Default: `failed` with an error, else `done`. */
  outcome?: 'done' | 'failed' | 'not-sent'
}

/** The one way a connection kind writes its history entry; the method is its kind's (request-kinds.ts). */
export function recordConnection(device: Y.Doc, savedId: Id | null, summary: ConnectionSummary): void {
  const { sent, received, reconnects, error } = summary
  data.addHistoryEntry(device, {
    time: summary.openedAt,
    method: kindInfo(summary.kind).historyMethod ?? 'GET',
    url: summary.url,
    kind: summary.kind,
    ...(savedId ? { requestId: savedId } : {}),
    ...(summary.status !== undefined ? { status: summary.status } : {}),
    ...(summary.durationMs !== undefined ? { durationMs: summary.durationMs } : {}),
    ...(sent !== undefined || received !== undefined
      ? { messages: { sent: sent ?? 0, received: received ?? 0, ...(reconnects ? { reconnects } : {}) } }
      : {}),
    outcome: summary.outcome ?? (error === undefined ? 'done' : 'failed'),
    ...(error !== undefined ? { error } : {}),
  })
}

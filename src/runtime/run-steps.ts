/**
 * The per-request decisions of a collection run (run-collection.ts): which kinds a run does not
 * send, what counts as a failure and where setNextRequest goes.
 */
import type { Folder, RequestKind, RequestSpec } from '../model/types.ts'
import type { SendResult } from './send.ts'

export interface PlannedRequest {
  request: RequestSpec
  /** Folders nearest first (the collection is not included). */
  folders: Folder[]
  /** Folder names from the top, then the request name. */
  path: string[]
}

/** How a collection run treats a request of a kind: sent, run as a gRPC call, or skipped with why. */
export type RunAs =
  | { by: 'send' }
  | { by: 'grpc' }
  /** A stream has no single response to test: skipped, with the error and the notice printed. */
  | { by: 'skip'; error: string; notice: string }

const SSE_NOT_RUN =
  'Server-Sent Events request not run: a collection run does not open event streams; connect to it in the app'

/** One entry per kind: a new kind is a compile error here until the run knows what to do with it. */
export const RUN_AS = {
  http: { by: 'send' },
  graphql: { by: 'send' },
  grpc: { by: 'grpc' },
  sse: { by: 'skip', error: SSE_NOT_RUN, notice: SSE_NOT_RUN },
  socketio: {
    by: 'skip',
    error: 'Socket.IO requests are not run by a collection run',
    notice: 'Socket.IO requests are not run by a collection run: open this one in the app',
  },
  websocket: {
    by: 'skip',
    error: 'WebSocket requests are not run by a collection run',
    notice: 'WebSocket requests are not run by a collection run: open this one in the app',
  },
} as const satisfies Record<RequestKind, RunAs>

/** A kind a run does not send: skipped, with the reason. */
export function notRun(request: RequestSpec): SendResult | null {
  const reason: RunAs = RUN_AS[request.kind]
  if (reason.by !== 'skip') return null
  return {
    outcome: 'not-sent',
    error: reason.error,
    skipped: true,
    notices: [reason.notice],
    scriptError: null,
    tests: [],
    testsTimedOut: false,
  }
}

/**
 * newman's setNextRequest: the request of that name (the first in run order) or id runs next, and
 * the iteration goes on from there; null, or a name the run does not hold, ends the iteration
 * (`planned.length`).
 */
export function nextIndex(planned: PlannedRequest[], index: number, next: string | null | undefined): number {
  if (next === undefined) return index + 1
  if (next === null) return planned.length
  const byName = planned.findIndex((plan) => plan.request.name === next)
  const found = byName >= 0 ? byName : planned.findIndex((plan) => plan.request.id === next)
  return found >= 0 ? found : planned.length
}

const GRPC_NOT_HERE = 'gRPC requests run in `sendbox run` or through the Sendbox server'
export const grpcNotHere = (): Promise<SendResult> =>
  Promise.resolve({
    outcome: 'not-sent',
    error: GRPC_NOT_HERE,
    tests: [],
    testsTimedOut: false,
    scriptError: null,
  })

/** A failed test, a script error, a request not sent or failed (a skipped request is none). */
export function isFailure(result: SendResult): boolean {
  if (result.outcome === 'not-sent' && result.skipped) return false
  if (result.outcome !== 'done') return true
  return result.scriptError !== null || result.testsTimedOut || result.tests.some((test) => !test.passed)
}

/** Waits `ms`, or less when `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}

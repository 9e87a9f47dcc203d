/**
 * The caller's signal and the timeout of one send as one `Cancel` whose reason is the
 * TransportError to report. Every pending timeout shares one Node timer, armed for the earliest
 * deadline: a collection run made and cleared a timer per request before (its list insert and
 * removal cost more than the request's entry here; README). The timer holds the process open only
 * while a deadline is pending, as each request's own timer did.
 */
import { Cancel } from './exchange.ts'
import { TransportError, type SendOptions } from './types.ts'

export interface Deadline {
  signal: Cancel | undefined
  /** The request is over: its timeout and the caller's signal no longer apply. */
  stop: () => void
  /** Only the timeout ends (a running event stream still answers to the caller's signal). */
  stopTimer: () => void
}

interface Pending {
  at: number
  timeoutMs: number
  cancel: Cancel
}

const pending = new Set<Pending>()
let timer: ReturnType<typeof setTimeout> | undefined
/** When `timer` fires; Infinity when there is none. */
let armedFor = Infinity

export function deadline(options: SendOptions): Deadline {
  const outer = options.signal
  const timeoutMs = options.timeoutMs ?? 0
  if (!outer && !(timeoutMs > 0)) return NONE
  const cancel = new Cancel()
  let entry: Pending | undefined
  if (timeoutMs > 0) {
    entry = { at: performance.now() + timeoutMs, timeoutMs, cancel }
    pending.add(entry)
    if (entry.at < armedFor) arm(entry.at)
    else if (!timer!.hasRef()) timer!.ref()
  }
  const stopTimer = () => {
    if (entry === undefined) return
    pending.delete(entry)
    entry = undefined
    if (pending.size === 0) timer?.unref()
  }
  if (!outer) return { signal: cancel, stop: stopTimer, stopTimer }
  const onAbort = () => cancel.abort(new TransportError('Request cancelled', 'aborted'))
  if (outer.aborted) onAbort()
  else outer.addEventListener('abort', onAbort, { once: true })
  return {
    signal: cancel,
    stopTimer,
    stop: () => {
      stopTimer()
      outer.removeEventListener('abort', onAbort)
    },
  }
}

const NONE: Deadline = { signal: undefined, stop: () => {}, stopTimer: () => {} }

const MAX_DELAY = 2 ** 31 - 1

function arm(at: number): void {
  clearTimeout(timer)
  armedFor = at
  // Node fires a longer delay after 1 ms (with a warning); a deadline further off is re-armed.
  timer = setTimeout(expire, Math.min(MAX_DELAY, Math.max(0, Math.ceil(at - performance.now()))))
}

function expire(): void {
  timer = undefined
  armedFor = Infinity
  const now = performance.now()
  let next = Infinity
  for (const entry of pending) {
    if (entry.at <= now) {
      pending.delete(entry)
      entry.cancel.abort(new TransportError(`No response within ${entry.timeoutMs} ms (timeout)`, 'timeout'))
    } else if (entry.at < next) next = entry.at
  }
  // A timer can fire a fraction of a millisecond before performance.now() reaches its time.
  if (next < Infinity) arm(next)
}

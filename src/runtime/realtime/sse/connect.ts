/**
 * A Server-Sent Events connection: each attempt is one pass through the send pipeline (variables,
 * auth, the pre-request script, the chosen transport), asked for a streamed body. Events are read
 * with the shared parser; when the stream drops, the connection waits the server's `retry:` time
 * and tries again with `Last-Event-ID`. A refusal (non-2xx, not `text/event-stream`, a request that
 * cannot be built or a first connection that fails) ends it with a message instead.
 */
import { EventStreamParser } from '../../../model/response/sse.ts'
import type { HeaderList, WireRequest, WireResponse } from '../../../model/wire.ts'
import type { send as sendPipeline, SendDeps, SendInput } from '../../send.ts'
import type { Transport, TransportError } from '../../transport/types.ts'
import { sseMessages } from './messages.ts'

/** The delay before reconnecting until the server sends `retry:` (browsers use a few seconds). */
export const DEFAULT_RETRY_MS = 3000
/** Failed reconnect attempts in a row (no response at all) before giving up. */
export const MAX_FAILED_RECONNECTS = 5

export type SseEntry =
  | { type: 'event'; at: number; id: string; event: string; data: string }
  | { type: 'open'; at: number; url: string; status: number }
  | { type: 'reconnect'; at: number; delayMs: number; lastEventId: string; reason: string }
  | { type: 'error'; at: number; message: string; code?: TransportError['code'] }
  | { type: 'closed'; at: number; reason: string }

export type SseState = 'connecting' | 'open' | 'waiting' | 'closed'

export interface SseSummary {
  url: string
  startedAt: number
  durationMs: number
  events: number
  reconnects: number
  /** Set when the connection ended by a refusal or failure rather than `Disconnect`. */
  error?: string
}

export interface SseConnectDeps extends Omit<SendDeps, 'onEvent' | 'signal' | 'handOff'> {
  /**
   * The send pipeline (src/runtime/send.ts), passed in rather than imported so the app's lazily
   * loaded SSE editor does not pull it out of the shell's chunk.
   */
  send: typeof sendPipeline
  onEntry(entry: SseEntry): void
  onState?(state: SseState): void
  now?: () => number
}

export interface SseConnection {
  /** `Disconnect`: stops reading and any reconnect. */
  close(): void
  done: Promise<SseSummary>
}

export function connectSse(input: SendInput, deps: SseConnectDeps): SseConnection {
  const controller = new AbortController()
  const done = run(input, deps, controller.signal)
  return { close: () => controller.abort(), done }
}

function headerValue(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1]
}

/** The request as it goes out: the event-stream Accept and, when continuing, `Last-Event-ID`. */
export function streamRequest(wire: WireRequest, lastEventId: string): WireRequest {
  const headers = wire.headers.filter(([name]) => name.toLowerCase() !== 'last-event-id')
  const accept = headerValue(headers, 'accept')
  const out =
    accept === undefined || accept.trim() === '*/*'
      ? headers.filter(([n]) => n.toLowerCase() !== 'accept')
      : headers
  if (out !== headers || accept === undefined) out.push(['Accept', 'text/event-stream'])
  if (lastEventId !== '') out.push(['Last-Event-ID', lastEventId])
  return { ...wire, headers: out }
}

/** Why a response is not an event stream to read, or null when it is one. */
export function refusal(response: WireResponse): string | null {
  if (response.status < 200 || response.status > 299 || response.status === 204)
    return sseMessages.badStatus(response.status, response.statusText)
  const type = headerValue(response.headers, 'content-type') ?? ''
  if (!/^text\/event-stream\b/i.test(type.trim())) return sseMessages.wrongType(type)
  return null
}

async function run(input: SendInput, deps: SseConnectDeps, signal: AbortSignal): Promise<SseSummary> {
  const now = deps.now ?? Date.now
  const startedAt = now()
  const parser = new EventStreamParser()
  const summary: SseSummary = { url: input.request.url, startedAt, durationMs: 0, events: 0, reconnects: 0 }
  const state = (s: SseState) => deps.onState?.(s)
  const end = (error?: string): SseSummary => {
    state('closed')
    summary.durationMs = now() - startedAt
    if (error !== undefined) summary.error = error
    else deps.onEntry({ type: 'closed', at: now(), reason: sseMessages.disconnected })
    return summary
  }
  const fail = (message: string, code?: TransportError['code']) => {
    deps.onEntry({ type: 'error', at: now(), message, ...(code ? { code } : {}) })
    return end(message)
  }
  let everOpen = false
  let failedInRow = 0
  for (;;) {
    state('connecting')
    // Only the stream's own request carries the stream headers, not a script's sendRequest.
    let armed = false
    const transport: Transport = {
      capabilities: deps.transport.capabilities,
      send: (wire, options) =>
        deps.transport.send(armed ? streamRequest(wire, parser.lastEventId) : wire, options),
    }
    const result = await deps.send(input, {
      ...deps,
      transport,
      options: { ...deps.options, responseBody: 'stream' },
      signal,
      onEvent: (event) => {
        if (event.type !== 'sending') return
        armed = true
        summary.url = event.request.url
      },
    })
    if (signal.aborted) return end()
    let reason: string
    if (result.outcome === 'not-sent') return fail(sseMessages.notSent(result.error))
    if (result.outcome === 'failed') {
      const message = sseMessages.failed(result.error)
      if (!everOpen || ++failedInRow > MAX_FAILED_RECONNECTS) return fail(message, result.code)
      reason = message
    } else {
      const refused = refusal(result.response)
      if (refused) {
        void result.response.bodyStream?.cancel().catch(() => {})
        return fail(refused)
      }
      everOpen = true
      failedInRow = 0
      state('open')
      deps.onEntry({ type: 'open', at: now(), url: result.request.url, status: result.response.status })
      parser.reset()
      reason = await read(result.response, parser, signal, (event) => {
        summary.events++
        deps.onEntry({ type: 'event', at: now(), ...event })
      })
      if (signal.aborted) return end()
    }
    const delayMs = parser.retry ?? DEFAULT_RETRY_MS
    summary.reconnects++
    deps.onEntry({ type: 'reconnect', at: now(), delayMs, lastEventId: parser.lastEventId, reason })
    state('waiting')
    if (!(await sleep(delayMs, signal))) return end()
  }
}

/** Reads the body until it ends; returns why it ended (for the reconnect line). */
async function read(
  response: WireResponse,
  parser: EventStreamParser,
  signal: AbortSignal,
  onEvent: (event: { id: string; event: string; data: string }) => void,
): Promise<string> {
  const stream = response.bodyStream
  if (!stream) {
    for (const event of parser.push(new TextDecoder().decode(response.body))) onEvent(event)
    return sseMessages.streamEnded
  }
  const reader = stream.getReader()
  const stop = () => void reader.cancel().catch(() => {})
  signal.addEventListener('abort', stop, { once: true })
  const decoder = new TextDecoder()
  let slice = performance.now()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return sseMessages.streamEnded
      const events = parser.push(decoder.decode(value, { stream: true }))
      for (let i = 0; i < events.length; i++) {
        onEvent(events[i]!)
        // A big chunk (a page that fell behind reads many events at once) is handed on in slices,
        // each its own task: reads chain as microtasks, so without this it is one long task.
        if ((i & 127) === 127 && performance.now() - slice > SLICE_MS) {
          await nextTask()
          slice = performance.now()
          if (signal.aborted) return sseMessages.disconnected
        }
      }
      if (performance.now() - slice > SLICE_MS) {
        await nextTask()
        slice = performance.now()
      }
    }
  } catch (error) {
    return sseMessages.streamLost((error as Error).message)
  } finally {
    signal.removeEventListener('abort', stop)
  }
}

/** How long reading runs before it lets the page (or process) do other work. */
const SLICE_MS = 8

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Resolves true after `ms`, or false at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      resolve(true)
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      resolve(false)
    }
    signal.addEventListener('abort', stop, { once: true })
  })
}

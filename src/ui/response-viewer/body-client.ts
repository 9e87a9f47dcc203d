/**
 * The page's side of the body worker: one worker per open viewer holding the only copy of the
 * body, and line documents opened on it per format and view. Answers arrive as promises;
 * progress as a Solid signal, so the view re-renders as the line count grows.
 *
 * The body is transferred to the worker, not cloned: a 100 MB response would otherwise exist
 * twice and its clone would block the page for a few hundred ms. The worker hands it back when
 * the view closes, so the next view of the same response (another tab, the Body tab again)
 * takes it from there. The page keeps the first KB for format detection and an excerpt for
 * Explain (`bodyInfo`).
 *
 * A body still arriving (`response.arrival`) reaches the worker in batches of a MB, each copied
 * into a buffer that is transferred there and back (the transport keeps its own copy for the
 * scripts and history), so the first screen is formatted while the rest is on its way. Once the
 * send has settled (post-response script and history done), the page's copy is freed: the
 * worker's is the one copy again.
 */
import { createSignal, type Accessor } from 'solid-js'
import { unwrap } from 'solid-js/store'
import type { LineView } from '../../model/response/document.ts'
import type { BodyFormat } from '../../model/response/format.ts'
import type { JsonTable } from '../../model/response/json-table.ts'
import type { BodyArrival } from '../../model/response/arrival.ts'
import type { WireResponse } from '../../model/wire.ts'
import type { BodyReply, BodyRequest } from './body-protocol.ts'

/** Bytes of a body still arriving; null once the whole body is there. */
export type Loading = { received: number; expected: number | null } | null

export interface LineSource {
  count: Accessor<number>
  complete: Accessor<boolean>
  loading: Accessor<Loading>
  lines(from: number, count: number): Promise<string[]>
  search(query: string, max: number): Promise<{ lines: number[]; total: number }>
  close(): void
}

export interface BodyWorker {
  open(format: BodyFormat, view: LineView): LineSource
  table(limit: number): Promise<{ table: JsonTable | null; error: string | null }>
  /** A copy of the whole body (Copy, HTML, image and PDF previews). */
  bytes(): Promise<Uint8Array>
  loading: Accessor<Loading>
  /** The send is over: the page's copy of the body may go to the worker. */
  settle(): void
  dispose(): void
}

/** Pieces of an arriving body are sent on to the worker once this much has gathered. */
const BATCH_BYTES = 1024 * 1024
/** Batch buffers the worker handed back, kept for the next batches. */
const MAX_SPARES = 4

/** Bytes of the body kept on the page for Explain (which sends at most this much anyway). */
export const EXCERPT_BYTES = 64 * 1024

export interface BodyInfo {
  length: number
  /** The first `EXCERPT_BYTES` bytes. */
  excerpt: Uint8Array
}

const infos = new WeakMap<object, BodyInfo>()
/** Where the next worker of a response takes its body from: the page, or the last worker. */
const handOver = new WeakMap<object, Promise<Uint8Array>>()

/**
 * What identifies a response's body: its arrival when it had one (the view of the arriving
 * response and that of the final result are different objects), else the response itself,
 * outside the store's proxy, whose reads may be stale for fields the transport set later.
 */
const keyOf = (response: WireResponse): object => response.arrival ?? unwrap(response)
const bodyOf = (response: WireResponse): Uint8Array => response.arrival?.body ?? unwrap(response).body

/** Length and excerpt of a response's body, whether or not a worker holds the body now. */
export function bodyInfo(response: WireResponse): BodyInfo {
  let info = infos.get(keyOf(response))
  if (info) return info
  const arrival = response.arrival
  const body = bodyOf(response)
  info = arrival
    ? { length: arrival.received, excerpt: arrival.excerpt(EXCERPT_BYTES) }
    : { length: body.length, excerpt: body.slice(0, EXCERPT_BYTES) }
  // What has arrived so far is kept only once the body is whole.
  if (!arrival || arrival.done) infos.set(keyOf(response), info)
  return info
}

function owns(body: Uint8Array): boolean {
  return body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
}

export function makeBodyWorker(response: WireResponse): BodyWorker {
  bodyInfo(response)
  const worker = new Worker(new URL('./body-worker.ts', import.meta.url), { type: 'module' })
  const pending = new Map<number, (reply: BodyReply) => void>()
  const progress = new Map<number, (count: number, complete: boolean) => void>()
  let nextId = 1
  let released: ((body: Uint8Array) => void) | null = null
  const key = keyOf(response)
  const arrival = handOver.has(key) ? undefined : response.arrival
  const [loading, setLoading] = createSignal<Loading>(
    arrival && !arrival.done ? { received: arrival.received, expected: arrival.expected } : null,
  )
  let stopListening = () => undefined as void
  const spares: ArrayBuffer[] = []
  let ready: Promise<void>
  if (arrival) {
    ready = Promise.resolve()
    worker.postMessage({ type: 'begin', expected: arrival.expected } satisfies BodyRequest)
    stopListening = listen(arrival, worker, spares, setLoading)
  } else {
    const taken = handOver.get(key) ?? Promise.resolve(bodyOf(response))
    handOver.set(key, new Promise((resolve) => (released = resolve)))
    // Messages wait for the body and keep their order (each `then` runs in the order it was added).
    ready = taken.then((body) => {
      worker.postMessage({ type: 'body', body } satisfies BodyRequest, owns(body) ? [body.buffer] : [])
    })
  }
  const post = (message: BodyRequest) => void ready.then(() => worker.postMessage(message))
  worker.onmessage = (event: MessageEvent<BodyReply>) => {
    const reply = event.data
    if (reply.type === 'progress') return progress.get(reply.doc)?.(reply.count, reply.complete)
    if (reply.type === 'spare') return void (spares.length < MAX_SPARES && spares.push(reply.buffer))
    pending.get(reply.req)?.(reply)
    pending.delete(reply.req)
  }
  const ask = <T extends BodyReply>(make: (req: number) => BodyRequest): Promise<T> => {
    const req = nextId++
    return new Promise((resolve) => {
      pending.set(req, (reply) => resolve(reply as T))
      post(make(req))
    })
  }
  const bytes = (type: 'bytes' | 'release') =>
    ask<Extract<BodyReply, { type: 'bytes' }>>((req) => ({ type, req })).then((r) => r.body)

  return {
    open(format, view) {
      const doc = nextId++
      const [count, setCount] = createSignal(0)
      const [complete, setComplete] = createSignal(false)
      progress.set(doc, (n, done) => {
        setCount(n)
        setComplete(done)
      })
      post({ type: 'open', doc, format, view })
      return {
        count,
        complete,
        loading,
        lines: (from, n) =>
          ask<Extract<BodyReply, { type: 'lines' }>>((req) => ({
            type: 'lines',
            doc,
            req,
            from,
            count: n,
          })).then((r) => r.lines),
        search: (query, max) =>
          ask<Extract<BodyReply, { type: 'search' }>>((req) => ({
            type: 'search',
            doc,
            req,
            query,
            max,
          })).then((r) => ({ lines: r.lines, total: r.total })),
        close() {
          progress.delete(doc)
          post({ type: 'close', doc })
        },
      }
    },
    table: (limit) =>
      ask<Extract<BodyReply, { type: 'table' }>>((req) => ({ type: 'table', req, limit })).then((r) => ({
        table: r.table,
        error: r.error,
      })),
    bytes: () => bytes('bytes'),
    loading,
    settle() {
      if (!arrival || released) return
      // After the task that settled the send: history reads the body in it.
      setTimeout(() => {
        const body = arrival.body
        if (released || !body || !owns(body) || body.length === 0) return
        // The worker has every byte: it is the one copy from now on, and hands it on when it goes.
        handOver.set(key, new Promise((resolve) => (released = resolve)))
        // Frees the page's copy at once (the response's `body` is left empty, as after a transfer).
        ;(body.buffer as ArrayBuffer).transfer(0)
      }, 0)
    },
    dispose() {
      stopListening()
      // Without the page's copy the worker holds nothing the next view needs: it reads the arrival.
      if (!released) return worker.terminate()
      const release = released
      // The worker answers after whatever it is doing (a search finishes first); then it goes.
      void bytes('release').then((body) => {
        release(body)
        worker.terminate()
      })
    },
  }
}

/**
 * Passes an arriving body on to the worker in batches: each piece is copied at once (it is valid
 * only during the call) into a batch buffer that is transferred and comes back for a later batch,
 * so a 100 MB body leaves no 100 MB of garbage.
 */
function listen(
  arrival: BodyArrival,
  worker: Worker,
  spares: ArrayBuffer[],
  setLoading: (loading: Loading) => void,
): () => void {
  let batch: Uint8Array<ArrayBuffer> | null = null
  let batched = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (!batch || batched === 0) return
    const bytes = new Uint8Array(batch.buffer, 0, batched)
    batch = null
    batched = 0
    worker.postMessage({ type: 'chunk', bytes } satisfies BodyRequest, [bytes.buffer])
    if (!arrival.done) setLoading({ received: arrival.received, expected: arrival.expected })
  }
  return arrival.listen({
    chunk(bytes) {
      for (let at = 0; at < bytes.length;) {
        batch ??= new Uint8Array(spares.pop() ?? new ArrayBuffer(BATCH_BYTES))
        const take = Math.min(bytes.length - at, batch.length - batched)
        batch.set(bytes.subarray(at, at + take), batched)
        batched += take
        at += take
        // A fast body goes on in MB batches…
        if (batched === batch.length) flush()
      }
      // …a slow one still shows what came within a moment.
      if (batched > 0) timer ??= setTimeout(flush, 16)
    },
    end(failed) {
      flush()
      worker.postMessage({ type: 'end', failed } satisfies BodyRequest)
      setLoading(null)
    },
  })
}

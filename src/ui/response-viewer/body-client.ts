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
 */
import { createSignal, type Accessor } from 'solid-js'
import type { LineView } from '../../model/response/document.ts'
import type { BodyFormat } from '../../model/response/format.ts'
import type { JsonTable } from '../../model/response/json-table.ts'
import type { WireResponse } from '../../model/wire.ts'
import type { BodyReply, BodyRequest } from './body-protocol.ts'

export interface LineSource {
  count: Accessor<number>
  complete: Accessor<boolean>
  lines(from: number, count: number): Promise<string[]>
  search(query: string, max: number): Promise<{ lines: number[]; total: number }>
  close(): void
}

export interface BodyWorker {
  open(format: BodyFormat, view: LineView): LineSource
  table(limit: number): Promise<{ table: JsonTable | null; error: string | null }>
  /** A copy of the whole body (Copy, HTML, image and PDF previews). */
  bytes(): Promise<Uint8Array>
  dispose(): void
}

/** Bytes of the body kept on the page for Explain (which sends at most this much anyway). */
export const EXCERPT_BYTES = 64 * 1024

export interface BodyInfo {
  length: number
  /** The first `EXCERPT_BYTES` bytes. */
  excerpt: Uint8Array
}

const infos = new WeakMap<WireResponse, BodyInfo>()
/** Where the next worker of a response takes its body from: the page, or the last worker. */
const handOver = new WeakMap<WireResponse, Promise<Uint8Array>>()

/** Length and excerpt of a response's body, whether or not a worker holds the body now. */
export function bodyInfo(response: WireResponse): BodyInfo {
  let info = infos.get(response)
  if (!info) {
    info = { length: response.body.length, excerpt: response.body.slice(0, EXCERPT_BYTES) }
    infos.set(response, info)
  }
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
  let released: (body: Uint8Array) => void = () => undefined
  const taken = handOver.get(response) ?? Promise.resolve(response.body)
  handOver.set(response, new Promise((resolve) => (released = resolve)))
  // Messages wait for the body and keep their order (each `then` runs in the order it was added).
  const ready = taken.then((body) => {
    worker.postMessage({ type: 'body', body } satisfies BodyRequest, owns(body) ? [body.buffer] : [])
  })
  const post = (message: BodyRequest) => void ready.then(() => worker.postMessage(message))
  worker.onmessage = (event: MessageEvent<BodyReply>) => {
    const reply = event.data
    if (reply.type === 'progress') return progress.get(reply.doc)?.(reply.count, reply.complete)
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
    dispose() {
      // The worker answers after whatever it is doing (a search finishes first); then it goes.
      void bytes('release').then((body) => {
        released(body)
        worker.terminate()
      })
    },
  }
}

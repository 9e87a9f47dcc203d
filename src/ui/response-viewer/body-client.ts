/**
 * The page's side of the body worker: one worker per viewer holding one copy of the body, and
 * line documents opened on it per format and view. Answers arrive as promises; progress as a
 * Solid signal, so the view re-renders as the line count grows.
 */
import { createSignal, type Accessor } from 'solid-js'
import type { LineView } from '../../model/response/document.ts'
import type { BodyFormat } from '../../model/response/format.ts'
import type { JsonTable } from '../../model/response/json-table.ts'
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
  dispose(): void
}

export function makeBodyWorker(body: Uint8Array): BodyWorker {
  const worker = new Worker(new URL('./body-worker.ts', import.meta.url), { type: 'module' })
  const pending = new Map<number, (reply: BodyReply) => void>()
  const progress = new Map<number, (count: number, complete: boolean) => void>()
  let nextId = 1
  const post = (message: BodyRequest) => worker.postMessage(message)
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
  // A structured clone, not a transfer: the response keeps its own body for copy and scripts.
  post({ type: 'body', body })

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
    dispose: () => worker.terminate(),
  }
}

/**
 * Formats, indexes and searches a response body off the main thread. Indexing runs in slices
 * with a yield between them, so line requests for the first screen are answered while a 100 MB
 * body is still being indexed.
 */
import { makeLineDocument } from '../../model/response/document.ts'
import { foldNeedle } from '../../model/response/bytes.ts'
import { jsonTable } from '../../model/response/json-table.ts'
import type { LineDocument } from '../../model/response/lines.ts'
import type { BodyReply, BodyRequest } from './body-protocol.ts'

/** Bytes indexed per slice: about 10–20 ms of work, then the worker reads its messages. */
const SLICE = 2 * 1024 * 1024

let body: Uint8Array = new Uint8Array(0)
const docs = new Map<number, LineDocument>()

const reply = (message: BodyReply) => postMessage(message)

function index(id: number) {
  const doc = docs.get(id)
  if (!doc) return
  const complete = doc.advance(SLICE)
  reply({ type: 'progress', doc: id, count: doc.count, complete })
  if (!complete) setTimeout(() => index(id), 0)
}

onmessage = (event: MessageEvent<BodyRequest>) => {
  const message = event.data
  switch (message.type) {
    case 'body':
      body = message.body
      docs.clear()
      break
    case 'open':
      docs.set(message.doc, makeLineDocument(body, message.format, message.view))
      index(message.doc)
      break
    case 'close':
      docs.delete(message.doc)
      break
    case 'lines': {
      const doc = docs.get(message.doc)
      reply({
        type: 'lines',
        req: message.req,
        from: message.from,
        lines: doc?.lines(message.from, message.count) ?? [],
      })
      break
    }
    case 'search': {
      const doc = docs.get(message.doc)
      if (!doc || !message.query) return reply({ type: 'search', req: message.req, lines: [], total: 0 })
      // Search needs the whole index; finish it first (this worker is the only one waiting).
      while (!doc.advance(SLICE * 16));
      const found = doc.search(foldNeedle(message.query), message.max)
      reply({ type: 'search', req: message.req, ...found })
      break
    }
    case 'bytes': {
      const copy = body.slice()
      postMessage({ type: 'bytes', req: message.req, body: copy } satisfies BodyReply, [copy.buffer])
      break
    }
    case 'release': {
      const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
      postMessage({ type: 'bytes', req: message.req, body } satisfies BodyReply, whole ? [body.buffer] : [])
      body = new Uint8Array(0)
      docs.clear()
      break
    }
    case 'table': {
      try {
        const value: unknown = JSON.parse(new TextDecoder().decode(body))
        reply({ type: 'table', req: message.req, table: jsonTable(value, message.limit), error: null })
      } catch (error) {
        reply({ type: 'table', req: message.req, table: null, error: (error as Error).message })
      }
      break
    }
  }
}

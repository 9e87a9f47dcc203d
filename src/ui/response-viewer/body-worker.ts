/**
 * Formats, indexes and searches a response body off the main thread. Indexing runs in slices
 * with a yield between them, so line requests for the first screen are answered while a 100 MB
 * body is still being indexed, or still arriving (`begin`, `chunk`…, `end`): then the documents
 * grow with each piece, and what needs the whole body (search, the table, a copy) waits for it.
 */
import { formatsAsItArrives, makeLineDocument } from '../../model/response/document.ts'
import { foldNeedle } from '../../model/response/bytes.ts'
import { jsonTable } from '../../model/response/json-table.ts'
import type { LineDocument } from '../../model/response/lines.ts'
import type { BodyReply, BodyRequest } from './body-protocol.ts'
import { GrowingBody } from './growing-body.ts'

/** Bytes indexed per slice: about 10–20 ms of work, then the worker reads its messages. */
const SLICE = 2 * 1024 * 1024

const body = new GrowingBody()
const docs = new Map<number, LineDocument>()
/** Documents opened before their format can be laid out (XML, HTML, CSS wait for the whole body). */
const waiting = new Map<number, Extract<BodyRequest, { type: 'open' }>>()
const indexing = new Set<number>()
/** Work that needs the whole body, run once it is in. */
let whenWhole: (() => void)[] = []

const reply = (message: BodyReply) => postMessage(message)

function index(id: number) {
  const doc = docs.get(id)
  if (!doc) return indexing.delete(id)
  const before = doc.count
  const complete = doc.advance(SLICE)
  reply({ type: 'progress', doc: id, count: doc.count, complete })
  // Caught up with what has arrived: the next piece starts indexing again.
  if (complete || (doc.count === before && !body.whole)) return indexing.delete(id)
  setTimeout(() => index(id), 0)
}

function startIndexing(id: number) {
  if (indexing.has(id)) return
  indexing.add(id)
  setTimeout(() => index(id), 0)
}

function open(message: Extract<BodyRequest, { type: 'open' }>) {
  if (!body.whole && !formatsAsItArrives(message.format, message.view)) {
    waiting.set(message.doc, message)
    return reply({ type: 'progress', doc: message.doc, count: 0, complete: false })
  }
  docs.set(message.doc, makeLineDocument(body.bytes, message.format, message.view, body.whole))
  startIndexing(message.doc)
}

function grown() {
  for (const [id, doc] of docs) {
    doc.grow(body.bytes, body.whole)
    startIndexing(id)
  }
  if (!body.whole) return
  for (const message of waiting.values()) open(message)
  waiting.clear()
  const run = whenWhole
  whenWhole = []
  for (const task of run) task()
}

/** Runs `task` now if the whole body is here, else once it is. */
const withWhole = (task: () => void) => (body.whole ? task() : whenWhole.push(task))

function search(message: Extract<BodyRequest, { type: 'search' }>) {
  const doc = docs.get(message.doc)
  if (!doc || !message.query) return reply({ type: 'search', req: message.req, lines: [], total: 0 })
  // Search needs the whole index; finish it first (this worker is the only one waiting).
  while (!doc.advance(SLICE * 16));
  // The view places the hits by the line count: it has the whole count before them.
  reply({ type: 'progress', doc: message.doc, count: doc.count, complete: true })
  reply({ type: 'search', req: message.req, ...doc.search(foldNeedle(message.query), message.max) })
}

function table(message: Extract<BodyRequest, { type: 'table' }>) {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(body.bytes))
    reply({ type: 'table', req: message.req, table: jsonTable(value, message.limit), error: null })
  } catch (error) {
    reply({ type: 'table', req: message.req, table: null, error: (error as Error).message })
  }
}

onmessage = (event: MessageEvent<BodyRequest>) => {
  const message = event.data
  switch (message.type) {
    case 'body':
      body.replace(message.body)
      docs.clear()
      return grown()
    case 'begin':
      return body.begin(message.expected)
    case 'chunk':
      body.append(message.bytes)
      postMessage({ type: 'spare', buffer: message.bytes.buffer } satisfies BodyReply, [message.bytes.buffer])
      return grown()
    case 'end':
      body.end()
      return grown()
    case 'open':
      return open(message)
    case 'close':
      docs.delete(message.doc)
      waiting.delete(message.doc)
      return
    case 'lines': {
      const doc = docs.get(message.doc)
      const lines = doc?.lines(message.from, message.count) ?? []
      return reply({ type: 'lines', req: message.req, from: message.from, lines })
    }
    case 'search':
      return withWhole(() => search(message))
    case 'table':
      return withWhole(() => table(message))
    case 'bytes':
      return withWhole(() => {
        const copy = body.bytes.slice()
        postMessage({ type: 'bytes', req: message.req, body: copy } satisfies BodyReply, [copy.buffer])
      })
    case 'release': {
      const whole = body.bytes
      const owned = whole.byteOffset === 0 && whole.byteLength === whole.buffer.byteLength
      postMessage(
        { type: 'bytes', req: message.req, body: whole } satisfies BodyReply,
        owned ? [whole.buffer] : [],
      )
      body.replace(new Uint8Array(0))
      docs.clear()
      return
    }
  }
}

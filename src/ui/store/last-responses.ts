/**
 * Each open tab's last result, kept on the device so a reload shows it again. A plain IndexedDB
 * object store, not the device Y.Doc: bodies are large and replaced on every send, and a CRDT
 * would keep every one of them in its history. Bodies are capped at LAST_BODY_LIMIT bytes; a
 * longer one keeps its first bytes and says so (`kept`), as the per-request history does.
 */
import type { Id } from '../../model/types.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { SendResult } from '../../runtime/send.ts'

/** Bytes of a response body kept per tab. */
export const LAST_BODY_LIMIT = 1024 * 1024

export const RESPONSES_DB = 'sendbox-last-responses'
const STORE = 'responses'

/** What was cut from the stored body: shown as a note above the restored response. */
export interface KeptBody {
  keptBytes: number
  sizeBytes: number
}

export interface LastResponse {
  tabId: Id
  result: SendResult
  /** Set when the body was longer than LAST_BODY_LIMIT. */
  cut?: KeptBody
}

const capBytes = (bytes: Uint8Array, limit: number): Uint8Array => bytes.slice(0, limit)

function plainRequest(request: WireRequest, limit: number): WireRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers.map(([name, value]): [string, string] => [name, value]),
    body: request.body ? capBytes(request.body, limit) : null,
  }
}

/**
 * A copy of a result IndexedDB can store, with the body capped, or null when there is nothing
 * to keep: an event stream has no body to show again. Call it before the viewer takes the body.
 */
export function keepable(tabId: Id, result: SendResult, limit = LAST_BODY_LIMIT): LastResponse | null {
  if (result.outcome === 'not-sent') return { tabId, result: structuredClone(result) }
  const request = plainRequest(result.request, limit)
  if (result.outcome === 'failed') {
    const { outcome, error, code, testsTimedOut } = result
    return {
      tabId,
      result: { outcome, request, error, code, tests: structuredClone(result.tests), testsTimedOut },
    }
  }
  const source = result.response
  if (source.eventStream) return null
  const body = source.arrival?.body ?? source.body
  const response: WireResponse = {
    status: source.status,
    statusText: source.statusText,
    httpVersion: source.httpVersion,
    ...(source.pseudoHeaders ? { pseudoHeaders: structuredClone(source.pseudoHeaders) } : {}),
    headers: structuredClone(source.headers),
    body: capBytes(body, limit),
    eventStream: false,
    cookies: structuredClone(source.cookies),
    timings: structuredClone(source.timings),
    sizes: structuredClone(source.sizes),
    url: source.url,
  }
  const kept: LastResponse = {
    tabId,
    result: {
      outcome: 'done',
      request,
      response,
      tests: structuredClone(result.tests),
      testsTimedOut: result.testsTimedOut,
      scriptError: structuredClone(result.scriptError),
    },
  }
  if (body.length > limit) kept.cut = { keptBytes: limit, sizeBytes: body.length }
  return kept
}

export interface ResponseStore {
  /** The stored results of these tabs; results of tabs no longer open are deleted. */
  load(openTabs: Id[]): Promise<LastResponse[]>
  save(entry: LastResponse): Promise<void>
  remove(tabId: Id): Promise<void>
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}

/** The IndexedDB store; `factory` is the page's `indexedDB` (fake-indexeddb in Node tests). */
export function makeResponseStore(factory: IDBFactory, name = RESPONSES_DB): ResponseStore {
  let opened: Promise<IDBDatabase> | undefined
  const db = () => {
    opened ??= new Promise((resolve, reject) => {
      const open = factory.open(name, 1)
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'tabId' })
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    return opened
  }
  return {
    async load(openTabs) {
      const tx = (await db()).transaction(STORE, 'readwrite')
      const store = tx.objectStore(STORE)
      const all = (await request(store.getAll())) as LastResponse[]
      const open = new Set(openTabs)
      for (const entry of all) if (!open.has(entry.tabId)) store.delete(entry.tabId)
      await done(tx)
      return all.filter((entry) => open.has(entry.tabId))
    },
    async save(entry) {
      const tx = (await db()).transaction(STORE, 'readwrite')
      tx.objectStore(STORE).put(entry)
      await done(tx)
    },
    async remove(tabId) {
      const tx = (await db()).transaction(STORE, 'readwrite')
      tx.objectStore(STORE).delete(tabId)
      await done(tx)
    },
  }
}

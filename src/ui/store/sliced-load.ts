/**
 * Loading a document from y-indexeddb a stored update per task. y-indexeddb applies every stored
 * update in one transaction: a 10,000-request workspace blocks the page for as long as its whole
 * state takes to integrate. Here y-indexeddb keeps its database, its writes and its compaction,
 * but its own load is skipped (it reads from past the last key) and the stored updates are
 * applied here, yielding to the page between them. Stored as slices (`state-slices.ts`, written
 * by the worker after an open found a large update), no task is longer than a slice.
 *
 * Depends on y-indexeddb 9's internals (pinned): `_dbref` (the first key its load reads) and
 * `_storeUpdate` (its update handler).
 */
import * as Y from 'yjs'
import { IndexeddbPersistence } from 'y-indexeddb'
import { needsSlicing, SLICE_BYTES } from './slice-size.ts'

interface Internals {
  _dbref: number
  _storeUpdate?: (update: Uint8Array, origin: unknown) => void
}

export interface SlicedLoad {
  persistence: IndexeddbPersistence
  /** Resolves when every stored update is applied; says whether one was large enough to slice. */
  loaded: Promise<{ large: boolean }>
}

/** A task's worth of integration before the page gets a turn. */
const TASK_MS = 8

export function loadInSlices(name: string, doc: Y.Doc, sliceBytes = SLICE_BYTES): SlicedLoad {
  const persistence = new IndexeddbPersistence(name, doc)
  const internal = persistence as unknown as Internals
  // Its load opens the database first, so this is read before it fetches: it fetches nothing,
  // and stores the (empty) state of the doc as it does on every open.
  internal._dbref = Number.MAX_SAFE_INTEGER
  // While the stored state is applied, Yjs would encode each update for y-indexeddb's listener,
  // which ignores it (its own origin): detached until the load is done.
  const handler = internal._storeUpdate
  if (handler) doc.off('update', handler)
  const loaded = persistence.whenSynced.then(async () => {
    try {
      const updates = await readUpdates(persistence.db!)
      let since = performance.now()
      for (const update of updates) {
        if (performance.now() - since > TASK_MS) {
          await yieldToPage()
          since = performance.now()
        }
        Y.applyUpdate(doc, update, persistence)
      }
      return { large: needsSlicing(updates, sliceBytes) }
    } finally {
      if (handler) doc.on('update', handler)
    }
  })
  return { persistence, loaded }
}

function readUpdates(db: IDBDatabase): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction('updates', 'readonly').objectStore('updates').getAll()
    request.onsuccess = () => resolve(request.result as Uint8Array[])
    request.onerror = () => reject(request.error ?? new Error('could not read the stored updates'))
  })
}

interface Scheduler {
  yield?: () => Promise<void>
}

/** A turn for input and rendering (`scheduler.yield` keeps this task's place at the front). */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))
}

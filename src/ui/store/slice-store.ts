/**
 * Rewrites a y-indexeddb database's stored updates as slices (`state-slices.ts`) when one of them
 * is large: the state a release before slicing saved as one update, or y-indexeddb's compaction
 * (after 500 updates it stores the whole state as one). Runs in a worker (`slice-worker.ts`), so
 * the decoding and encoding never block the page.
 *
 * One IndexedDB transaction deletes the updates that were read and adds their slices: a browser
 * killed meanwhile leaves either. Updates added since the read (edits, other tabs) stay as they
 * are; when an update that was read is gone (y-indexeddb compacted meanwhile), nothing is written
 * and the next open tries again.
 */
import * as Y from 'yjs'
import { needsSlicing, SLICE_BYTES } from './slice-size.ts'
import { sliceUpdate } from './state-slices.ts'

const STORE = 'updates'

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB request failed`))
  })
}

function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    let created = false
    const request = factory.open(name)
    // Never creates the database: only y-indexeddb does (with its stores).
    request.onupgradeneeded = () => {
      created = true
      request.transaction?.abort()
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => (created ? resolve(undefined) : reject(request.error))
  })
}

/** Whether the stored updates were rewritten as slices. */
export async function sliceStoredState(
  factory: IDBFactory,
  name: string,
  maxBytes = SLICE_BYTES,
): Promise<boolean> {
  const db = await openExisting(factory, name)
  if (!db) return false
  try {
    if (!db.objectStoreNames.contains(STORE)) return false
    const read = db.transaction(STORE, 'readonly').objectStore(STORE)
    const [keys, updates] = await Promise.all([done(read.getAllKeys()), done(read.getAll())])
    if (!needsSlicing(updates as Uint8Array[], maxBytes)) return false
    const slices = sliceUpdate(Y.mergeUpdates(updates as Uint8Array[]), maxBytes)
    const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' })
    const store = tx.objectStore(STORE)
    const present = new Set((await done(store.getAllKeys())).map(Number))
    if (!keys.every((key) => present.has(Number(key)))) {
      tx.abort()
      return false
    }
    for (const key of keys) store.delete(key)
    for (const slice of slices) store.add(slice)
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error('could not store the slices'))
      tx.onabort = () => reject(tx.error ?? new Error('storing the slices was aborted'))
    })
    return true
  } finally {
    db.close()
  }
}

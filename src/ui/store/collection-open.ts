/**
 * Opening a workspace as a root doc plus one doc per collection (docs/collection-docs.md), a lazy
 * chunk: the split on open, the root's stored state compacted once the split let go of the
 * collections (else every open would still integrate them, deleted), and the `WorkspaceDocs`
 * that loads a collection's doc when it is needed.
 *
 * The default; localStorage `sendbox-collection-docs` = `'0'` switches it off, and the app then
 * opens the one doc as before.
 */
import * as Y from 'yjs'
import { archiveRoot, collectionDbName, WorkspaceDocs } from '../../model/workspace/api.ts'
import type { Durability } from './durable-commit.ts'
import { makeCollectionStorage, splitOnOpen, type CollectionStorage } from './collection-storage.ts'
import { keepArchive, makeCollectionGate, type CollectionGate } from './offline-reconcile.ts'
import { sliceSoon } from './slice-start.ts'
import { encodeStateAsSlices } from './state-slices.ts'

export const COLLECTION_DOCS_SWITCH = 'sendbox-collection-docs'

export interface OpenCollections {
  collections: WorkspaceDocs
  storage: CollectionStorage
  /** Collections split here and not reconciled with the server's yet (`offline-reconcile.ts`). */
  gate(readOnly: boolean): Promise<CollectionGate | null>
}

export async function openCollections(
  root: Y.Doc,
  rootDb: { name: string; db: IDBDatabase | null },
  durability: Durability,
  journal: Storage,
): Promise<OpenCollections> {
  const storage = makeCollectionStorage(rootDb.name, durability, journal, undefined, sliceSoon)
  const split = await splitOnOpen(root, storage, durability, (splitRoot, ids) =>
    keepArchive(rootDb.name, archiveRoot(splitRoot), ids),
  )
  if (split.size > 0 && rootDb.db) await compactStored(rootDb.db, root)
  // The split stored each collection in one update: sliced in the background, so their next loads
  // never block the page (the compacted root, a tombstone per item it gave away, is stored sliced).
  if (split.size > 0)
    setTimeout(() => [...split.keys()].forEach((id) => sliceSoon(collectionDbName(rootDb.name, id))), 0)
  const collections = new WorkspaceDocs(root, {
    openDoc: (id) => storage.open(id),
    stored: () => durability.settled(),
  })
  for (const [id, doc] of split) collections.adopt(id, doc)
  const stopFetching = fetchUnstored(collections, rootDb.name)
  const close = storage.close
  storage.close = () => {
    stopFetching()
    close()
  }
  const gate = (readOnly: boolean) =>
    makeCollectionGate({
      rootDb: rootDb.name,
      collections,
      replaceStored: (id, doc) => storage.replace(id, doc, compactStored),
      readOnly,
    })
  return { collections, storage, gate }
}

/**
 * Collections this device has never stored (made by someone else, arriving in the index by sync)
 * are loaded one per idle callback, so their rooms sync and their docs are on the disk: offline
 * later they open with their requests. Collections stored here already load only when needed.
 */
export function fetchUnstored(
  collections: WorkspaceDocs,
  rootDb: string,
  whenIdle: (callback: () => void) => void = (callback) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(callback) : setTimeout(callback, 0),
  listDatabases: () => Promise<string[]> = async () =>
    (await indexedDB.databases()).map((db) => db.name ?? ''),
): () => void {
  let stopped = false
  let running = false
  let stored: Set<string> | null = null
  const next = async () => {
    stored ??= new Set(await listDatabases())
    return collections
      .collections(true)
      .find((entry) => !collections.loaded(entry.id) && !stored!.has(collectionDbName(rootDb, entry.id)))
  }
  const loadNext = () => {
    if (stopped || running) return
    running = true
    void next()
      .then((entry) => (entry ? collections.load(entry.id).then(() => true) : false))
      .then((more) => {
        running = false
        if (more) whenIdle(loadNext)
      })
      .catch((error: unknown) => {
        running = false
        console.warn(error)
      })
  }
  whenIdle(loadNext)
  // A collection made elsewhere later: its index entry arrives with the root.
  const stop = collections.subscribe((_change, doc) => {
    if (doc === collections.root) whenIdle(loadNext)
  })
  return () => {
    stopped = true
    stop()
  }
}

/**
 * Replaces a database's stored updates by the doc's state, in one strict transaction: it commits
 * whole or not at all, and writes made after it (IndexedDB orders them) stay. Stored as slices, so
 * the next open integrates it a slice per task, with no wait for the slicing worker (a page
 * reloaded soon after a split would otherwise load the compacted root in one long task).
 */
export function compactStored(db: IDBDatabase, doc: Y.Doc): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('updates', 'readwrite', { durability: 'strict' })
    const store = tx.objectStore('updates')
    const keys = store.getAllKeys()
    keys.onsuccess = () => {
      const last = keys.result.at(-1)
      for (const slice of encodeStateAsSlices(doc)) store.add(slice)
      if (last !== undefined) store.delete(IDBKeyRange.upperBound(last))
    }
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error ?? new Error('compacting the stored updates was aborted'))
  })
}

/**
 * Offline edits and the split, on the app's side (docs/collection-docs.md, section 4, "Offline
 * edits and the split"). A lazy chunk, loaded with the sync.
 *
 * When this device splits a one-doc workspace (`splitOnOpen`), it keeps the root as it split it
 * (`archiveRoot`) and the ids of the collections it split, in a database of their own, committed
 * strictly before the root lets go of anything. When the workspace syncs, each of those
 * collections reaches its room through `reconcileCollection` instead of attaching its own doc:
 * the root synced first (the server splits a room when its root loads), the server's doc of the
 * collection is read into a fresh Y.Doc; if the server holds the collection, this device's own
 * edits are replayed onto it (`replayOfflineEdits`) and the fresh doc becomes the collection's
 * doc (its stored state replaced, its connection kept); if not, the device's own doc is the first
 * copy and is attached as it is. The archive goes once no collection is left to reconcile.
 */
import * as Y from 'yjs'
import {
  holdsCollection,
  LOCAL_ORIGIN,
  replayOfflineEdits,
  type WorkspaceDocs,
} from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { SyncConnection } from './sync-connection.ts'
import type { FromReconcileWorker, ToReconcileWorker } from './reconcile-replay.ts'

/** `<root's IndexedDB name>/split-archive`: one store, `archive` (an update) and `pending` (ids). */
export const archiveDbName = (rootDb: string): string => `${rootDb}/split-archive`
const STORE = 'kept'

function openArchiveDb(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error(`could not open ${name}`))
  })
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode, { durability: 'strict' })
    const request = body(tx.objectStore(STORE))
    tx.oncomplete = () => resolve(request ? request.result : undefined)
    tx.onabort = () => reject(tx.error ?? new Error('the split archive transaction was aborted'))
  })
}

/** Whether a database exists, without creating it (`indexedDB.open` would). */
async function exists(name: string): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true
  return (await indexedDB.databases()).some((db) => db.name === name)
}

/**
 * Keeps the root as this device split it and the collections it split, committed strictly: the
 * hook `splitOnOpen` calls between the copy and `finishSplit`. Collections already waiting from
 * an earlier split stay on the list (the archive is the latest root, which still holds them).
 */
export async function keepArchive(rootDb: string, archive: Uint8Array, ids: Id[]): Promise<void> {
  const db = await openArchiveDb(archiveDbName(rootDb))
  try {
    await run(db, 'readwrite', (store) => {
      const read = store.get('pending')
      read.onsuccess = () => {
        const before = Array.isArray(read.result) ? (read.result as Id[]) : []
        store.put(archive, 'archive')
        store.put([...new Set([...before, ...ids])], 'pending')
      }
    })
  } finally {
    db.close()
  }
}

/** The collections still to reconcile (empty when no archive is kept). */
export async function pendingCollections(rootDb: string): Promise<Id[]> {
  const name = archiveDbName(rootDb)
  if (!(await exists(name))) return []
  const db = await openArchiveDb(name)
  try {
    const pending = await run(db, 'readonly', (store) => store.get('pending'))
    return Array.isArray(pending) ? (pending as Id[]) : []
  } finally {
    db.close()
  }
}

/** The root as this device split it, as a Y.Doc (read only when a replay needs it). */
export async function loadArchive(rootDb: string): Promise<Y.Doc> {
  const db = await openArchiveDb(archiveDbName(rootDb))
  let update: unknown
  try {
    update = await run(db, 'readonly', (store) => store.get('archive'))
  } finally {
    db.close()
  }
  const doc = new Y.Doc({ gc: false })
  // A task of its own after the read: the decode of a large root is never in the same task.
  await new Promise((resolve) => setTimeout(resolve, 0))
  if (update instanceof Uint8Array) Y.applyUpdate(doc, update)
  return doc
}

/** Takes a collection off the list; the archive's database goes with the last one. */
export async function settleCollection(rootDb: string, collectionId: Id): Promise<void> {
  const name = archiveDbName(rootDb)
  if (!(await exists(name))) return
  const db = await openArchiveDb(name)
  let left: Id[] = []
  try {
    await run(db, 'readwrite', (store) => {
      const read = store.get('pending')
      read.onsuccess = () => {
        const before = Array.isArray(read.result) ? (read.result as Id[]) : []
        left = before.filter((id) => id !== collectionId)
        store.put(left, 'pending')
      }
    })
  } finally {
    db.close()
  }
  if (left.length === 0) await deleteDatabase(name)
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`))
    request.onblocked = () => resolve()
  })
}

/** Resolves once the connection is synced; rejects if the server closes the room for good. */
export function whenSynced(connection: SyncConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const status = connection.status()
      if (status.closed) {
        stop()
        reject(new Error(`room closed: ${status.closed.reason}`))
      } else if (status.state === 'synced') {
        stop()
        resolve()
      }
    }
    const stop = connection.subscribe(check)
    check()
  })
}

export interface ReconcileContext {
  rootDb: string
  collections: Pick<WorkspaceDocs, 'adopt' | 'syncIndex'>
  /** Replaces a collection's stored state by `doc`'s and keeps storing `doc` from now on. */
  replaceStored(collectionId: Id, doc: Y.Doc): Promise<void>
  /** A `Can view` join: the server's copy is taken as it is, nothing is replayed. */
  readOnly?: boolean
  /**
   * Writes this device's edits onto the server's doc. By default in a worker (the archive is
   * loaded there, off the page), on the page where workers are not available or fail.
   */
  replay?: Replay
}

/** Writes onto `server` what this device changed in the collection (`replayOfflineEdits`). */
export type Replay = (server: Y.Doc, collectionId: Id, local: Y.Doc) => Promise<void>

/** The replay on the page: the archive loaded here, in a task of its own. */
export function replayOnPage(rootDb: string): Replay & { done(): void } {
  let archive: Promise<Y.Doc> | null = null
  const replay = async (server: Y.Doc, collectionId: Id, local: Y.Doc) => {
    archive ??= loadArchive(rootDb)
    replayOfflineEdits(server, collectionId, { archive: await archive, local })
  }
  return Object.assign(replay, { done: () => void (archive = null) })
}

/** The replay in a worker (`reconcile-worker.ts`), on the page if the worker cannot do it. */
export function replayInWorker(rootDb: string): Replay & { done(): void } {
  const onPage = replayOnPage(rootDb)
  let worker: Worker | null = null
  let failed = typeof Worker === 'undefined'
  const ask = (message: ToReconcileWorker) =>
    new Promise<Uint8Array>((resolve, reject) => {
      worker ??= new Worker(new URL('./reconcile-worker.ts', import.meta.url), {
        type: 'module',
        name: 'reconcile',
      })
      worker.onmessage = (event: MessageEvent<FromReconcileWorker>) =>
        'error' in event.data ? reject(new Error(event.data.error)) : resolve(event.data.update)
      worker.onerror = (event) => reject(new Error(event.message))
      worker.postMessage(message)
    })
  const replay = async (server: Y.Doc, collectionId: Id, local: Y.Doc) => {
    if (!failed) {
      try {
        const message = {
          rootDb,
          collectionId,
          local: Y.encodeStateAsUpdate(local),
          server: Y.encodeStateAsUpdate(server),
        }
        Y.applyUpdate(server, await ask(message), LOCAL_ORIGIN)
        return
      } catch (error) {
        console.warn('sendbox: replaying offline edits on the page instead of a worker', error)
        failed = true
        worker?.terminate()
        worker = null
      }
    }
    await onPage(server, collectionId, local)
  }
  return Object.assign(replay, {
    done() {
      worker?.terminate()
      worker = null
      onPage.done()
    },
  })
}

/** The gate `connectCollectionsSync` asks before a collection doc is attached to its room. */
export interface CollectionGate {
  pending(collectionId: Id): boolean
  /** The collections still waiting (loaded by the sync, so the archive can go). */
  waiting(): Id[]
  /** Reconciles the collection and answers the connection that syncs its doc from now on. */
  reconcile(
    collectionId: Id,
    local: Y.Doc,
    room: { connect(doc: Y.Doc): SyncConnection; rootSynced: Promise<void> },
  ): Promise<SyncConnection>
}

/** A gate over the collections this device split and has not reconciled yet. */
export async function makeCollectionGate(context: ReconcileContext): Promise<CollectionGate | null> {
  const pending = new Set(await pendingCollections(context.rootDb))
  if (pending.size === 0) return null
  const ownReplay = context.replay ? null : replayInWorker(context.rootDb)
  const replay = context.replay ?? ownReplay!
  return {
    pending: (collectionId) => pending.has(collectionId),
    waiting: () => [...pending],
    async reconcile(collectionId, local, room) {
      await room.rootSynced
      const fresh = new Y.Doc()
      const connection = room.connect(fresh)
      await whenSynced(connection)
      if (!holdsCollection(fresh, collectionId)) {
        // The first copy of it anywhere: this device's doc syncs as it is.
        connection.destroy()
        fresh.destroy()
        pending.delete(collectionId)
        await settleCollection(context.rootDb, collectionId)
        return room.connect(local)
      }
      if (!context.readOnly) await replay(fresh, collectionId, local)
      // The fresh doc, replayed edits included, replaces the local copy on the disk (strictly)
      // before it is the collection's doc: the local copy never comes back into it.
      await context.replaceStored(collectionId, fresh)
      context.collections.adopt(collectionId, fresh)
      // A rename or a deletion may have been replayed.
      if (!context.readOnly) context.collections.syncIndex(collectionId)
      pending.delete(collectionId)
      await settleCollection(context.rootDb, collectionId)
      if (pending.size === 0) ownReplay?.done()
      return connection
    },
  }
}

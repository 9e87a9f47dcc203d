/**
 * One IndexedDB database per collection doc (docs/collection-docs.md): `<root's name>/c/<id>`,
 * loaded a stored update per task like the root (`sliced-load.ts`), its last edits kept through a
 * page close (`pending-writes.ts`), shared with the app's other tabs (`cross-tab.ts`), and its
 * local changes committed strictly (`durable-commit.ts`, per database). `splitOnOpen` turns a
 * one-doc workspace into a root and collection docs: copied, the copies committed, then removed
 * from the root, so a browser killed at any point loses nothing and the next open finishes it.
 */
import * as Y from 'yjs'
import type { IndexeddbPersistence } from 'y-indexeddb'
import {
  collectionDbName,
  copyIntoCollectionDocs,
  copyLandedCollections,
  finishSplit,
  isSplit,
  migrateRoot,
  planSplit,
  removeLanded,
} from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import { loadInSlices } from './sliced-load.ts'
import { guardPendingWrites, type KeyValueStorage } from './pending-writes.ts'
import type { Durability } from './durable-commit.ts'
import { channelName, shareAcrossTabs, type Channel } from './cross-tab.ts'

export interface CollectionStorage {
  /** Opens a collection's doc from its database (once; later calls get the same doc). */
  open(collectionId: Id): Promise<Y.Doc>
  /**
   * Makes `doc` the collection's stored doc: its database's updates replaced by `doc`'s state
   * (`compact`, given the database), then stored, tracked and kept as the collection's doc.
   */
  replace(
    collectionId: Id,
    doc: Y.Doc,
    compact: (db: IDBDatabase, doc: Y.Doc) => Promise<void>,
  ): Promise<void>
  /** Keeps the last edits of every open collection doc on the page's way out. */
  flush(): void
  close(): void
}

interface Opened {
  doc: Y.Doc
  persistence: IndexeddbPersistence
  stop(): void
  flush(): void
}

export function makeCollectionStorage(
  rootDb: string,
  durability: Durability,
  journal: KeyValueStorage,
  channel: (name: string) => Channel | null = (name) => new BroadcastChannel(name) as unknown as Channel,
  /** Called with a database that held a large update: sliced for its next load (`slice-start.ts`). */
  sliceLater: (name: string) => void = () => {},
): CollectionStorage {
  const opened = new Map<Id, Promise<Opened>>()
  const openOne = async (collectionId: Id, doc = new Y.Doc()): Promise<Opened> => {
    const name = collectionDbName(rootDb, collectionId)
    const load = loadInSlices(name, doc)
    if ((await load.loaded).large) sliceLater(name)
    const guard = guardPendingWrites(load.persistence, name, journal)
    const port = channel(channelName(name))
    const shared = port ? shareAcrossTabs(doc, port) : null
    shared?.announce()
    const untrack = durability.track(doc, load.persistence)
    return {
      doc,
      persistence: load.persistence,
      flush: guard.flush,
      stop() {
        untrack()
        guard.stop()
        shared?.stop()
        void load.persistence.destroy()
      },
    }
  }
  const all: Opened[] = []
  return {
    async open(collectionId) {
      let pending = opened.get(collectionId)
      if (!pending) {
        pending = openOne(collectionId).then((one) => (all.push(one), one))
        opened.set(collectionId, pending)
      }
      return (await pending).doc
    },
    async replace(collectionId, doc, compact) {
      const old = await opened.get(collectionId)
      if (old) {
        const db = old.persistence.db
        const compacted = db ? compact(db, doc) : Promise.resolve()
        old.stop()
        all.splice(all.indexOf(old), 1)
        await compacted
      }
      const pending = openOne(collectionId, doc).then((one) => (all.push(one), one))
      opened.set(collectionId, pending)
      await pending
    },
    flush: () => all.forEach((one) => one.flush()),
    close() {
      all.splice(0).forEach((one) => one.stop())
      opened.clear()
    },
  }
}

/**
 * Splits a one-doc root on open (docs/collection-docs.md, section 4); a root that is split already
 * is only checked for its version. Returns the collection docs it wrote, by id (none when split).
 */
export async function splitOnOpen(
  root: Y.Doc,
  storage: Pick<CollectionStorage, 'open'>,
  durability: Pick<Durability, 'settled'>,
  /** Keeps what a later replay of offline edits needs (`offline-reconcile.ts`), before the root lets go. */
  keep?: (root: Y.Doc, collectionIds: Id[]) => Promise<void>,
): Promise<Map<Id, Y.Doc>> {
  migrateRoot(root)
  const docs = new Map<Id, Y.Doc>()
  const split = isSplit(root)
  // A split root may still hold collections: an import whose copy was cut short by a closed
  // page, or one written by a peer that keeps one doc. They go to their docs as an import's do.
  const ids = [...planSplit(root).members.keys()]
  if (split && ids.length === 0) return docs
  for (const id of ids) docs.set(id, await storage.open(id))
  if (split) copyLandedCollections(root, (id) => docs.get(id)!)
  else copyIntoCollectionDocs(root, (id) => docs.get(id)!)
  // The copies are on the disk before the root lets go of anything.
  await durability.settled()
  if (!split && ids.length > 0) await keep?.(root, ids)
  if (split) removeLanded(root)
  else finishSplit(root)
  await durability.settled()
  return docs
}

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
import { WorkspaceDocs } from '../../model/workspace/api.ts'
import type { Durability } from './durable-commit.ts'
import { makeCollectionStorage, splitOnOpen, type CollectionStorage } from './collection-storage.ts'

export const COLLECTION_DOCS_SWITCH = 'sendbox-collection-docs'

export interface OpenCollections {
  collections: WorkspaceDocs
  storage: CollectionStorage
}

export async function openCollections(
  root: Y.Doc,
  rootDb: { name: string; db: IDBDatabase | null },
  durability: Durability,
  journal: Storage,
): Promise<OpenCollections> {
  const storage = makeCollectionStorage(rootDb.name, durability, journal)
  const split = await splitOnOpen(root, storage, durability)
  if (split.size > 0 && rootDb.db) await compactStored(rootDb.db, root)
  const collections = new WorkspaceDocs(root, {
    openDoc: (id) => storage.open(id),
    stored: () => durability.settled(),
  })
  for (const [id, doc] of split) collections.adopt(id, doc)
  return { collections, storage }
}

/**
 * Replaces a database's stored updates by the doc's state, in one strict transaction: it commits
 * whole or not at all, and writes made after it (IndexedDB orders them) stay.
 */
export function compactStored(db: IDBDatabase, doc: Y.Doc): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('updates', 'readwrite', { durability: 'strict' })
    const store = tx.objectStore('updates')
    const keys = store.getAllKeys()
    keys.onsuccess = () => {
      const last = keys.result.at(-1)
      store.add(Y.encodeStateAsUpdate(doc))
      if (last !== undefined) store.delete(IDBKeyRange.upperBound(last))
    }
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error ?? new Error('compacting the stored updates was aborted'))
  })
}

/**
 * `WorkspaceDocs` loading only what is needed: an item's collection found by loading collections
 * one at a time (a tab from before tabs remembered it, a runner target), a duplicate's id known at
 * once, and expired deletions purged per loaded collection, a purged collection leaving the index.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import { createRequest, deleteItem, initWorkspace, readCollection, readRequest } from './api.ts'
import { WorkspaceDocs } from './collection-docs.ts'
import { readIndexEntry } from './collection-index.ts'
import { DELETED_RETENTION_MS } from './deleted.ts'
import { splitWorkspace } from './split.ts'
import { roots } from './workspace-doc.ts'

/** A split workspace of three collections, a request in each; none of them loaded. */
async function threeCollections() {
  const one = new Y.Doc()
  initWorkspace(one)
  const { createCollection } = await import('./api.ts')
  const ids = ['A', 'B', 'C'].map((name) => createCollection(one, { name }))
  const requests = ids.map((id, i) => createRequest(one, { parentId: id }, { name: `R${i}` }))
  const store = new Map<Id, Y.Doc>()
  splitWorkspace(one, (id) => store.get(id) ?? store.set(id, new Y.Doc()).get(id)!)
  const opened: Id[] = []
  const docs = new WorkspaceDocs(one, {
    openDoc: async (id) => {
      opened.push(id)
      return store.get(id) ?? store.set(id, new Y.Doc()).get(id)!
    },
  })
  return { docs, ids, requests, opened, store, root: one }
}

describe('WorkspaceDocs, loading on demand', () => {
  it('locates an item by loading collections in order until one holds it', async () => {
    const { docs, ids, requests, opened } = await threeCollections()
    expect(await docs.locate(requests[1]!)).toBe(ids[1])
    expect(opened).toEqual([ids[0], ids[1]])
    // Loaded ones are looked in first; a hint goes before the order.
    expect(await docs.locate(requests[0]!)).toBe(ids[0])
    expect(await docs.locate(requests[2]!, ids[2])).toBe(ids[2])
    expect(opened).toEqual([ids[0], ids[1], ids[2]])
    expect(await docs.locate('nowhere')).toBeUndefined()
    expect(await docs.locate(ids[1]!)).toBe(ids[1])
  })

  it('locating a collection loads its doc', async () => {
    const { docs, ids, opened } = await threeCollections()
    expect(await docs.locate(ids[2]!)).toBe(ids[2])
    expect(opened).toEqual([ids[2]])
    expect(docs.docOf(ids[2]!)).toBeDefined()
  })

  it('a hint for the right collection loads that one alone', async () => {
    const { docs, ids, requests, opened } = await threeCollections()
    expect(await docs.locate(requests[2]!, ids[2])).toBe(ids[2])
    expect(opened).toEqual([ids[2]])
  })

  it("gives a duplicate's id at once: a request copied now, a collection once its docs are open", async () => {
    const { docs, ids, requests, store } = await threeCollections()
    await docs.load(ids[0]!)
    const copy = docs.duplicateNow(requests[0]!)
    expect(readRequest(store.get(ids[0]!)!, copy.id)).toMatchObject({ name: 'R0 Copy' })
    expect((await copy.done).id).toBe(copy.id)
    const collectionCopy = docs.duplicateNow(ids[1]!)
    expect(typeof collectionCopy.id).toBe('string')
    const done = await collectionCopy.done
    expect(done.id).toBe(collectionCopy.id)
    expect(done.idMap.get(ids[1]!)).toBe(collectionCopy.id)
    expect(readCollection(docs.loaded(collectionCopy.id)!, collectionCopy.id)!.name).toBe('B Copy')
    expect(docs.collections().map((entry) => entry.name)).toEqual(['A', 'B', 'B Copy', 'C'])
  })

  it('purges expired deletions of a loaded collection; a purged collection leaves the index', async () => {
    const { docs, ids, requests, root } = await threeCollections()
    const a = await docs.load(ids[0]!)
    deleteItem(a, requests[0]!)
    await docs.load(ids[1]!)
    docs.deleteItem(ids[1]!)
    const deletedAt = readIndexEntry(root, ids[1]!)!.deleted!.at
    const later = deletedAt + DELETED_RETENTION_MS
    expect(docs.expiredCollections(later - 1)).toEqual([])
    expect(docs.expiredCollections(later)).toEqual([ids[1]])
    expect(docs.purgeExpiredIn(ids[0]!, later).ids).toContain(requests[0])
    expect(roots(a).requests.has(requests[0]!)).toBe(false)
    expect(readIndexEntry(root, ids[0]!)).toBeDefined()
    expect(docs.purgeExpiredIn(ids[1]!, later).ids).toContain(ids[1])
    expect(readIndexEntry(root, ids[1]!)).toBeUndefined()
    expect(docs.collections(true).map((entry) => entry.id)).toEqual([ids[0], ids[2]])
    // Not loaded: nothing to purge there yet.
    expect(docs.purgeExpiredIn(ids[2]!, later)).toEqual({ ids: [], variableIds: [] })
  })
  it('a collection whose doc is loaded before its content arrived (made elsewhere) stays in the index', async () => {
    const { ids, root } = await threeCollections()
    // This device never stored the collection: its doc opens empty, its room not synced yet.
    const docs = new WorkspaceDocs(root, { openDoc: async () => new Y.Doc() })
    await docs.load(ids[0]!)
    expect(docs.purgeExpiredIn(ids[0]!, Date.now() + 2 * DELETED_RETENTION_MS)).toEqual({
      ids: [],
      variableIds: [],
    })
    expect(readIndexEntry(root, ids[0]!)).toMatchObject({ name: 'A' })
  })
})

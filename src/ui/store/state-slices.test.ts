/**
 * Sliced storage of a workspace: a document saved by the release before it (one compacted
 * update, tests/fixtures/release-workspace) is rewritten as slices, and loading the slices a task
 * at a time rebuilds the same document, which y-indexeddb then keeps storing edits of.
 */
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { IndexeddbPersistence } from 'y-indexeddb'
import {
  createRequest,
  deleteItem,
  listTree,
  readCollection,
  listCollections,
} from '../../model/workspace/api.ts'
import { needsSlicing } from './slice-size.ts'
import { encodeStateAsSlices, sliceUpdate } from './state-slices.ts'
import { sliceStoredState } from './slice-store.ts'
import { loadInSlices } from './sliced-load.ts'

const release = new Uint8Array(
  readFileSync(new URL('../../../tests/fixtures/release-workspace/workspace.bin', import.meta.url)),
)

function docOf(updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc()
  for (const update of updates) Y.applyUpdate(doc, update)
  return doc
}

/** What a person sees of the workspace: every collection with all it holds, and the sidebar. */
function seen(doc: Y.Doc) {
  const collections = listCollections(doc).map((c) => readCollection(doc, c.id))
  return { collections, tree: listTree(doc, new Set(collections.map((c) => c!.id))) }
}

function sameState(actual: Y.Doc, expected: Y.Doc): void {
  expect(Y.encodeStateVector(actual)).toEqual(Y.encodeStateVector(expected))
  const deletions = (doc: Y.Doc) => Y.decodeUpdate(Y.encodeStateAsUpdate(doc)).ds
  expect(Y.equalDeleteSets(deletions(actual), deletions(expected))).toBe(true)
  expect(seen(actual)).toEqual(seen(expected))
}

async function storeAsRelease(name: string, updates: Uint8Array[]): Promise<void> {
  const persistence = new IndexeddbPersistence(name, new Y.Doc())
  await persistence.whenSynced
  const db = persistence.db!
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('updates', 'readwrite')
    for (const update of updates) tx.objectStore('updates').add(update)
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
  })
  await persistence.destroy()
}

function storedUpdates(name: string): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name)
    open.onsuccess = () => {
      const request = open.result.transaction('updates').objectStore('updates').getAll()
      request.onsuccess = () => {
        open.result.close()
        resolve(request.result as Uint8Array[])
      }
      request.onerror = () => reject(request.error)
    }
    open.onerror = () => reject(open.error)
  })
}

describe('sliceUpdate', () => {
  const expected = docOf([release])

  it('cuts the release fixture into slices that rebuild the same document', () => {
    const slices = sliceUpdate(release, 1024)
    expect(slices.length).toBeGreaterThan(10)
    // A slice ends at the first struct past the size: at most one struct over.
    for (const slice of slices) expect(slice.byteLength).toBeLessThan(1024 + 512)
    sameState(docOf(slices), expected)
    expect(seen(expected).tree.map((row) => row.name)).toContain('Users')
  })

  it('converges in any order, as updates do', () => {
    const slices = sliceUpdate(release, 2048)
    sameState(docOf([...slices].reverse()), expected)
  })

  it('keeps what a delete set alone says', () => {
    const slices = sliceUpdate(release, 4096)
    const last = Y.decodeUpdate(slices[slices.length - 1]!)
    expect(last.structs).toHaveLength(0)
    expect(last.ds.clients.size).toBeGreaterThan(0)
  })

  it('refuses a size that is not positive', () => {
    expect(() => sliceUpdate(release, 0)).toThrow('a slice needs a positive size, got 0')
  })

  it('tells a large update from small ones', () => {
    expect(needsSlicing([release], 4096)).toBe(true)
    expect(needsSlicing(sliceUpdate(release, 4096), 4096)).toBe(false)
  })
})

describe('encodeStateAsSlices', () => {
  it('writes a live document as slices that rebuild it, in any order', () => {
    const doc = docOf([release])
    const apiId = listCollections(doc)[0]!.id
    // A second client's edits on top of the first's, and deletions.
    const other = docOf([Y.encodeStateAsUpdate(doc)])
    createRequest(other, { parentId: apiId }, { name: 'From another client' })
    const removed = listTree(other, new Set([apiId])).find((row) => row.name === 'Users')!
    deleteItem(other, removed.id)
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other))
    const slices = encodeStateAsSlices(doc, 1024)
    expect(slices.length).toBeGreaterThan(10)
    for (const slice of slices) expect(slice.byteLength).toBeLessThan(1024 + 512)
    sameState(docOf(slices), doc)
    sameState(docOf([...slices].reverse()), doc)
    const names = seen(docOf(slices)).tree.map((row) => row.name)
    expect(names).toContain('From another client')
    expect(names).not.toContain('Users')
  })

  it('ends with the delete set alone, and no slice is large', () => {
    const doc = docOf([release])
    const slices = encodeStateAsSlices(doc, 4096)
    const last = Y.decodeUpdate(slices[slices.length - 1]!)
    expect(last.structs).toHaveLength(0)
    expect(last.ds.clients.size).toBeGreaterThan(0)
    expect(needsSlicing(slices, 4096)).toBe(false)
  })

  it('keeps what waits for a missing dependency, as a full encoding does', () => {
    const source = new Y.Doc()
    const list = source.getArray<string>('list')
    list.insert(0, ['kept'])
    const first = Y.encodeStateAsUpdate(source)
    const middle = Y.encodeStateVector(source)
    list.insert(0, ['before'])
    list.insert(2, ['after'])
    const second = Y.encodeStateAsUpdate(source, middle)
    // The second edit arrives before the first: Yjs keeps it pending, outside the struct store.
    const doc = docOf([second])
    expect(doc.store.pendingStructs).not.toBeNull()
    const slices = encodeStateAsSlices(doc, 4096)
    expect(
      docOf([...slices, first])
        .getArray('list')
        .toArray(),
    ).toEqual(['before', 'kept', 'after'])
  })

  it('refuses a size that is not positive', () => {
    expect(() => encodeStateAsSlices(new Y.Doc(), 0)).toThrow('a slice needs a positive size, got 0')
  })
})

describe('a stored workspace of the release before slicing', () => {
  it('is rewritten as slices, keeps updates stored after it, and loads a slice per task', async () => {
    const name = 'sendbox-workspace-release'
    const extra = new Y.Doc()
    Y.applyUpdate(extra, release)
    const apiId = listCollections(extra)[0]!.id
    const before = Y.encodeStateVector(extra)
    createRequest(extra, { parentId: apiId }, { name: 'Saved after the compaction' })
    const edit = Y.encodeStateAsUpdate(extra, before)
    await storeAsRelease(name, [release, edit])

    expect(await sliceStoredState(indexedDB, name, 2048)).toBe(true)
    const stored = await storedUpdates(name)
    expect(stored.length).toBeGreaterThan(5)
    expect(needsSlicing(stored, 2048)).toBe(false)
    // Nothing more to do on the next open.
    expect(await sliceStoredState(indexedDB, name, 2048)).toBe(false)

    const doc = new Y.Doc()
    const load = loadInSlices(name, doc, 2048)
    expect(await load.loaded).toEqual({ large: false })
    sameState(doc, extra)

    // y-indexeddb keeps storing edits after a sliced load.
    createRequest(doc, { parentId: apiId }, { name: 'Edited after the sliced load' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await load.persistence.destroy()
    const reopened = new Y.Doc()
    await new IndexeddbPersistence(name, reopened).whenSynced
    expect(seen(reopened).tree.map((row) => row.name)).toContain('Edited after the sliced load')
    sameState(reopened, doc)
  })

  it('loads as it is, and says it is large, before it is sliced', async () => {
    const name = 'sendbox-workspace-unsliced'
    await storeAsRelease(name, [release])
    const doc = new Y.Doc()
    const load = loadInSlices(name, doc, 2048)
    expect(await load.loaded).toEqual({ large: true })
    sameState(doc, docOf([release]))
    await load.persistence.destroy()
  })

  it('leaves a database that does not exist alone', async () => {
    expect(await sliceStoredState(indexedDB, 'sendbox-workspace-never-opened')).toBe(false)
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('sendbox-workspace-never-opened')
  })
})

/**
 * Collection docs in their own IndexedDB databases, and the split of a one-doc workspace saved by
 * the current release (tests/fixtures/release-workspace) on open: y-indexeddb on fake-indexeddb,
 * every doc read back from its database afterwards.
 */
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { IndexeddbPersistence } from 'y-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  copyIntoCollectionDocs,
  createCollection,
  createRequest,
  isSplit,
  listDeleted,
  listEnvironments,
  listIndex,
  readCollection,
  readRequest,
} from '../../model/workspace/api.ts'
import { loadInSlices } from './sliced-load.ts'
import { trackDurability } from './durable-commit.ts'
import { makeCollectionStorage, splitOnOpen } from './collection-storage.ts'
import { sliceStoredState } from './slice-store.ts'
import { collectionDbName } from '../../model/workspace/api.ts'
import { makeBigWorkspace } from '../../../tests/fixtures/big-workspace.ts'

const release = readFileSync(
  new URL('../../../tests/fixtures/release-workspace/workspace.bin', import.meta.url),
)
const memory = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}
let count = 0
const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

/** A database holding what the release stored: its one update. */
async function releaseDb(): Promise<string> {
  const name = `sendbox-workspace-split-${count++}`
  const doc = new Y.Doc()
  Y.applyUpdate(doc, release)
  const persistence = new IndexeddbPersistence(name, doc)
  await persistence.whenSynced
  await new Promise((resolve) => setTimeout(resolve, 20))
  await persistence.destroy().catch(() => undefined)
  return name
}

/** Opens the root and its collection storage as the app does. */
async function open(name: string) {
  const root = new Y.Doc()
  const load = loadInSlices(name, root)
  await load.loaded
  const durability = trackDurability(root, [load.persistence])
  const storage = makeCollectionStorage(name, durability, memory(), () => null)
  const close = async () => {
    storage.close()
    durability.stop()
    await load.persistence.destroy()
  }
  return { root, durability, storage, close }
}

const reference = () => {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, release)
  return doc
}

describe('splitting on open', () => {
  it('stores every collection in its own database; read back, nothing is lost', async () => {
    const name = await releaseDb()
    const first = await open(name)
    const written = await splitOnOpen(first.root, first.storage, first.durability)
    expect(written.size).toBe(2)
    await first.close()

    const again = await open(name)
    cleanup.push(again.close)
    expect(isSplit(again.root)).toBe(true)
    expect(await splitOnOpen(again.root, again.storage, again.durability)).toEqual(new Map())
    const before = reference()
    const ids = listIndex(again.root).map((entry) => entry.id)
    expect(ids.sort()).toEqual([...before.getMap('collections').keys()].sort())
    const docs = await Promise.all(ids.map((id) => again.storage.open(id)))
    ids.forEach((id, i) => expect(readCollection(docs[i]!, id)).toEqual(readCollection(before, id)))
    for (const id of before.getMap('requests').keys()) {
      const own = docs.find((doc) => doc.getMap('requests').has(id))
      expect(own && readRequest(own, id)).toEqual(readRequest(before, id))
    }
    expect(docs.flatMap((doc) => listDeleted(doc)).length).toBe(listDeleted(before).length)
    expect(listEnvironments(again.root)).toEqual(listEnvironments(before))
    expect(again.root.getMap('requests').size).toBe(0)
  })

  it('a split cut off before the root let go finishes on the next open, without copying twice', async () => {
    const name = await releaseDb()
    const first = await open(name)
    const docs = new Map<string, Y.Doc>()
    for (const id of first.root.getMap('collections').keys()) docs.set(id, await first.storage.open(id))
    copyIntoCollectionDocs(first.root, (id) => docs.get(id)!)
    await first.durability.settled()
    const vectors = [...docs].map(([id, doc]) => [id, Y.encodeStateVector(doc)] as const)
    await first.close()

    const again = await open(name)
    cleanup.push(again.close)
    expect(isSplit(again.root)).toBe(false)
    expect(again.root.getMap('requests').size).toBe(60)
    const written = await splitOnOpen(again.root, again.storage, again.durability)
    for (const [id, vector] of vectors) expect(Y.encodeStateVector(written.get(id)!)).toEqual(vector)
    expect(isSplit(again.root)).toBe(true)
  })

  it('moves collections a split root still holds (an import cut short) to their docs on open', async () => {
    const name = await releaseDb()
    const first = await open(name)
    await splitOnOpen(first.root, first.storage, first.durability)
    const splitIds = listIndex(first.root).map((entry) => entry.id)
    // What an import applies to the root, then the page closes before its collections moved.
    const landed = new Y.Doc()
    Y.applyUpdate(landed, Y.encodeStateAsUpdate(first.root))
    const imported = createCollection(landed, { name: 'Imported' })
    const request = createRequest(landed, { parentId: imported }, { name: 'Landed', url: 'https://x.test' })
    Y.applyUpdate(first.root, Y.encodeStateAsUpdate(landed))
    await first.durability.settled()
    expect(isSplit(first.root)).toBe(true)
    await first.close()

    const again = await open(name)
    cleanup.push(again.close)
    expect(again.root.getMap('collections').has(imported)).toBe(true)
    const written = await splitOnOpen(again.root, again.storage, again.durability)
    expect([...written.keys()]).toEqual([imported])
    expect(readRequest(written.get(imported)!, request)).toMatchObject({ name: 'Landed' })
    expect(again.root.getMap('collections').size + again.root.getMap('requests').size).toBe(0)
    expect(
      listIndex(again.root)
        .map((entry) => entry.id)
        .sort(),
    ).toEqual([...splitIds, imported].sort())
  })
})

describe('a collection database holding a large update', () => {
  it('is handed to be sliced when its doc opens; once sliced, it is not', async () => {
    const root = `sendbox-workspace-large-${count++}`
    const id = 'c0ffee00-0000-4000-8000-000000000001'
    const name = collectionDbName(root, id)
    const stored = new Y.Doc()
    Y.applyUpdate(stored, makeBigWorkspace(1, 300))
    const persistence = new IndexeddbPersistence(name, stored)
    await persistence.whenSynced
    await new Promise((resolve) => setTimeout(resolve, 20))
    await persistence.destroy()

    const openWith = async () => {
      const asked: string[] = []
      const rootDoc = new Y.Doc()
      const durability = trackDurability(rootDoc, [])
      const storage = makeCollectionStorage(
        root,
        durability,
        memory(),
        () => null,
        (db) => asked.push(db),
      )
      const doc = await storage.open(id)
      storage.close()
      durability.stop()
      return { asked, doc }
    }
    const first = await openWith()
    expect(first.asked).toEqual([name])
    expect(Y.encodeStateVector(first.doc)).toEqual(Y.encodeStateVector(stored))
    expect(await sliceStoredState(indexedDB, name)).toBe(true)
    const again = await openWith()
    expect(again.asked).toEqual([])
    expect(Y.encodeStateVector(again.doc)).toEqual(Y.encodeStateVector(stored))
  })
})

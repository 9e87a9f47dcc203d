/**
 * A workspace saved by the one-doc app (schema 6; tests/fixtures/schema6-workspace, every kind of
 * entity and field) is split on open as the app opens it: its IndexedDB database as that app
 * left it, the split into a database per collection, then everything read back from the disk
 * in a fresh open. Every entity keeps every field, id and deletion; secrets still resolve.
 */
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { IndexeddbPersistence } from 'y-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import { loadInSlices } from './sliced-load.ts'
import { trackDurability } from './durable-commit.ts'
import { openCollections } from './collection-open.ts'

const fixture = (file: string) =>
  readFileSync(new URL(`../../../tests/fixtures/schema6-workspace/${file}`, import.meta.url))
const saved = fixture('workspace.bin')
const device = new Y.Doc()
Y.applyUpdate(device, fixture('device.bin'))

const memory = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    length: 0,
  } as Storage
}
const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function storedAsTheReleaseDid(name: string) {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, saved)
  const persistence = new IndexeddbPersistence(name, doc)
  await persistence.whenSynced
  await new Promise((resolve) => setTimeout(resolve, 20))
  await persistence.destroy().catch(() => undefined)
}

async function openAsTheApp(name: string) {
  const root = new Y.Doc()
  const load = loadInSlices(name, root)
  await load.loaded
  const durability = trackDurability(root, [load.persistence])
  const opened = await openCollections(root, { name, db: load.persistence.db }, durability, memory())
  const close = async () => {
    opened.storage.close()
    durability.stop()
    await load.persistence.destroy()
  }
  return { root, ...opened, close }
}

/** Every collection, folder and request as JSON by id (`children` apart: order is read below). */
function entities(docs: Y.Doc[]): Record<Id, unknown> {
  const all: Record<Id, unknown> = {}
  for (const doc of docs)
    for (const name of ['collections', 'folders', 'requests'])
      doc.getMap<Y.Map<unknown>>(name).forEach((entity, id) => {
        const json = entity.toJSON()
        delete json.children
        all[id] = json
      })
  return all
}

describe('opening a workspace saved by the one-doc app (schema 6)', () => {
  it('splits it into a database per collection with every entity and field', async () => {
    const name = 'sendbox-workspace-schema6'
    await storedAsTheReleaseDid(name)
    const before = new Y.Doc()
    Y.applyUpdate(before, saved)
    data.initWorkspace(before)
    expect(before.getMap('meta').get('schemaVersion')).toBe(6)
    const collectionIds = [...before.getMap('collections').keys()].sort()
    expect(collectionIds).toHaveLength(3)
    expect(before.getMap('requests').size).toBe(10)

    const first = await openAsTheApp(name)
    expect(first.collections.loadedDocs()).toHaveLength(3)
    await first.close()

    // Read back from the disk alone.
    const again = await openAsTheApp(name)
    cleanup.push(again.close)
    const { root, collections } = again
    expect(data.isSplit(root)).toBe(true)
    expect(collections.loadedDocs()).toEqual([])
    const docs = await Promise.all(collectionIds.map((id) => collections.load(id)))
    const byId = new Map(collectionIds.map((id, i) => [id, docs[i]!]))

    expect(entities(docs)).toEqual(entities([before]))
    for (const [id, doc] of byId) {
      expect(data.readCollection(doc, id)).toEqual(data.readCollection(before, id))
      const name = String(before.getMap<Y.Map<unknown>>('collections').get(id)!.get('name'))
      expect(data.listDeleted(doc)).toEqual(
        data.listDeleted(before).filter((item) => (item.collectionName ?? item.name) === name),
      )
    }
    expect(
      docs
        .flatMap((doc) => data.listDeleted(doc))
        .map((item) => item.id)
        .sort(),
    ).toEqual(
      data
        .listDeleted(before)
        .map((item) => item.id)
        .sort(),
    )
    for (const id of before.getMap('requests').keys()) {
      const own = collections.docOf(id)!
      expect(data.readRequest(own, id)).toEqual(data.readRequest(before, id))
    }
    for (const id of before.getMap('folders').keys()) {
      const own = collections.docOf(id)!
      expect(data.readFolder(own, id)).toEqual(data.readFolder(before, id))
      const owner = { scope: 'folder', id } as const
      expect(data.readVariables(own, owner, device)).toEqual(data.readVariables(before, owner, device))
    }
    for (const [id, doc] of byId) {
      const owner = { scope: 'collection', id } as const
      expect(data.readVariables(doc, owner, device)).toEqual(data.readVariables(before, owner, device))
    }
    const shop = collectionIds.find(
      (id) => before.getMap<Y.Map<unknown>>('collections').get(id)!.get('name')?.toString() === 'Shop',
    )!
    const values = data.readVariables(byId.get(shop)!, { scope: 'collection', id: shop }, device)
    expect(values.find((v) => v.key === 'token')).toMatchObject({ secret: true, value: 'shop-secret-token' })

    // The root: the index (names, the deleted collection's mark), order, environments, scopes.
    expect(root.getMap('collections').size + root.getMap('folders').size + root.getMap('requests').size).toBe(
      0,
    )
    const index = collections.collections(true)
    expect(index.map((entry) => entry.name).sort()).toEqual(['Gone', 'Realtime', 'Shop'])
    const gone = index.find((entry) => entry.name === 'Gone')!
    expect(gone.deleted).toEqual(before.getMap<Y.Map<unknown>>('collections').get(gone.id)!.get('deleted'))
    expect(gone.deleted).toMatchObject({ root: gone.id })
    expect(collections.collections().map((entry) => entry.name)).toEqual(
      data.listTree(before, new Set()).map((row) => row.name),
    )
    expect(data.listEnvironments(root)).toEqual(data.listEnvironments(before))
    for (const scope of ['workspace', 'global'] as const)
      expect(data.readVariables(root, { scope }, device)).toEqual(
        data.readVariables(before, { scope }, device),
      )
  })
})

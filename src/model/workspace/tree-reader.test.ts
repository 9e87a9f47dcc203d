/**
 * The kept tree reader: it reads the same collections as `readCollection` after every kind of
 * change (local actions and a concurrent remote update), re-reads only the entities a change
 * touched, and hands back unchanged requests as the same objects.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRow } from '../factories.ts'
import type { Collection } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  createTreeReader,
  deleteItem,
  duplicateItem,
  initWorkspace,
  listCollections,
  moveItem,
  readCollection,
  renameItem,
  restoreItem,
  setAuth,
  updateRequest,
} from './api.ts'

function fresh(doc: Y.Doc): Collection[] {
  return listCollections(doc).map(({ id }) => readCollection(doc, id)!)
}

function workspace() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const shop = createCollection(doc, { name: 'Shop' })
  const admin = createCollection(doc, { name: 'Admin' })
  const folder = createFolder(doc, { parentId: shop }, { name: 'Users' })
  const requests = Array.from({ length: 6 }, (_, at) =>
    createRequest(
      doc,
      { parentId: at % 2 ? folder : admin },
      { name: `R${at}`, url: `https://x.test/${at}` },
    ),
  )
  return { doc, shop, admin, folder, requests }
}

describe('createTreeReader', () => {
  it('reads what readCollection reads after every kind of change', () => {
    const { doc, shop, admin, folder, requests } = workspace()
    const reader = createTreeReader(doc)
    const steps: (() => void)[] = [
      () =>
        updateRequest(doc, requests[1]!, { url: 'https://changed.test/', headers: [makeRow({ key: 'H' })] }),
      () => renameItem(doc, folder, 'People'),
      () => moveItem(doc, requests[0]!, { parentId: folder, index: 0 }),
      () => moveItem(doc, folder, { parentId: admin }),
      () => setAuth(doc, shop, { type: 'bearer', token: 't' }),
      () => duplicateItem(doc, folder),
      () => deleteItem(doc, requests[2]!),
      () => deleteItem(doc, folder),
      () => restoreItem(doc, folder),
      () => createRequest(doc, { parentId: shop }, { name: 'Late' }),
      () => {
        const other = new Y.Doc()
        Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
        updateRequest(other, requests[3]!, { method: 'POST' })
        renameItem(other, admin, 'Admins')
        Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), 'remote')
      },
    ]
    expect(reader.read()).toEqual(fresh(doc))
    for (const step of steps) {
      step()
      expect(reader.read()).toEqual(fresh(doc))
    }
    reader.dispose()
  })

  it('re-reads only the entity an edit touched and keeps the other requests as the same objects', () => {
    const { doc, requests } = workspace()
    const reader = createTreeReader(doc)
    const before = reader.read()
    expect(reader.misses).toBe(3 + 6)
    updateRequest(doc, requests[4]!, { url: 'https://one.test/' })
    const after = reader.read()
    expect(reader.misses).toBe(1)
    const byId = (collections: Collection[]) =>
      new Map(
        collections
          .flatMap((collection) =>
            collection.children.flatMap((child) => ('children' in child ? child.children : [child])),
          )
          .map((item) => [item.id, item]),
      )
    const [old, now] = [byId(before), byId(after)]
    for (const id of requests) {
      if (id === requests[4]) expect(now.get(id)).not.toBe(old.get(id))
      else expect(now.get(id)).toBe(old.get(id))
    }
    expect(reader.read()).toEqual(after)
    expect(reader.misses).toBe(0)
  })
})

/** Deleting is soft: deleted items are marked, listed in `Recently deleted`, and restorable. */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { TreeItem } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  deleteItem,
  initWorkspace,
  itemType,
  listCollections,
  listDeleted,
  readCollection,
  readRequest,
  restoreItem,
  updateRequest,
} from './api.ts'

function sample() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const api = createCollection(doc, { name: 'API' })
  const users = createFolder(doc, { parentId: api }, { name: 'Users' })
  const getUser = createRequest(doc, { parentId: users }, { name: 'Get user', url: '{{base}}/users/1' })
  const admin = createFolder(doc, { parentId: users }, { name: 'Admin' })
  const deleteUser = createRequest(doc, { parentId: admin }, { name: 'Delete user', method: 'DELETE' })
  const health = createRequest(doc, { parentId: api }, { name: 'Health' })
  return { doc, api, users, getUser, admin, deleteUser, health }
}

function shape(items: TreeItem[]): unknown[] {
  return items.map((item) => (item.type === 'folder' ? { [item.name]: shape(item.children) } : item.name))
}

function names(doc: Y.Doc, collectionId: string): unknown[] {
  return shape(readCollection(doc, collectionId)!.children)
}

describe('deleting', () => {
  it('removes a folder and everything below it', () => {
    const { doc, api, users, getUser, admin, deleteUser } = sample()
    const deleted = deleteItem(doc, users)
    expect(new Set(deleted.ids)).toEqual(new Set([users, getUser, admin, deleteUser]))
    expect(names(doc, api)).toEqual(['Health'])
    for (const id of deleted.ids) expect(itemType(doc, id)).toBeUndefined()
  })

  it('removes a collection with its items and reports its variable ids', () => {
    const { doc, api, health } = sample()
    const withVariables = createCollection(doc, {
      name: 'Vars',
      variables: [{ id: 'v1', key: 'a', value: '1', enabled: true, secret: false }],
    })
    expect(deleteItem(doc, withVariables).variableIds).toEqual(['v1'])
    deleteItem(doc, api)
    expect(listCollections(doc)).toEqual([])
    expect(readRequest(doc, health)).toBeUndefined()
    // Softly: every item is still stored, marked, and restorable.
    expect(live(doc)).toEqual({ folders: 0, requests: 0 })
    expect(
      listDeleted(doc)
        .map((item) => item.name)
        .sort(),
    ).toEqual(['API', 'Vars'])
  })

  it('restores a deletion with everything it took along, where it was', () => {
    const { doc, api, users, getUser, admin, deleteUser, health } = sample()
    const before = names(doc, api)
    deleteItem(doc, getUser)
    deleteItem(doc, users)
    expect(names(doc, api)).toEqual(['Health'])
    // The request deleted first is a deletion of its own: the folder's restore leaves it deleted.
    expect(
      listDeleted(doc)
        .map((item) => item.name)
        .sort(),
    ).toEqual(['Get user', 'Users'])
    expect(restoreItem(doc, users).sort()).toEqual([users, admin, deleteUser].sort())
    expect(names(doc, api)).toEqual([{ Users: [{ Admin: ['Delete user'] }] }, 'Health'])
    restoreItem(doc, getUser)
    expect(names(doc, api)).toEqual(before)
    expect(listDeleted(doc)).toEqual([])
    expect(() => restoreItem(doc, health)).toThrow(/Nothing deleted/)
  })

  it('keeps an edit made to a deleted request while offline, and restores it with the edit', () => {
    const { doc, health } = sample()
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    deleteItem(doc, health)
    updateRequest(other, health, { url: 'https://edited.offline/health' })
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other))
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    expect(readRequest(other, health)).toBeUndefined()
    expect(listDeleted(other).map((item) => item.id)).toEqual([health])
    restoreItem(other, health)
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other))
    for (const peer of [doc, other])
      expect(readRequest(peer, health)?.url).toBe('https://edited.offline/health')
  })
})

function live(doc: Y.Doc) {
  const count = (name: string) =>
    [...doc.getMap<Y.Map<unknown>>(name).values()].filter((e) => !e.has('deleted')).length
  return { folders: count('folders'), requests: count('requests') }
}

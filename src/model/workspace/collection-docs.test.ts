/** `WorkspaceDocs`: routing reads and writes to the collection's doc, the index kept in step. */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import {
  createFolder,
  createRequest,
  deleteItem,
  initWorkspace,
  isDeleted,
  listDeleted,
  readCollection,
  readRequest,
  updateRequest,
} from './api.ts'
import { WorkspaceDocs } from './collection-docs.ts'
import { readIndexEntry } from './collection-index.ts'
import { initRoot, splitWorkspace } from './split.ts'
import { roots } from './workspace-doc.ts'

function workspace(stored: (doc: Y.Doc) => Promise<void> = async () => undefined) {
  const root = new Y.Doc()
  initRoot(root)
  const store = new Map<Id, Y.Doc>()
  const opened: Id[] = []
  const docs = new WorkspaceDocs(root, {
    openDoc: async (id) => {
      opened.push(id)
      return store.get(id) ?? store.set(id, new Y.Doc()).get(id)!
    },
    stored,
  })
  return { root, docs, store, opened }
}

describe('WorkspaceDocs', () => {
  it('lists the top level from the index before any collection is loaded', async () => {
    const one = new Y.Doc()
    initWorkspace(one)
    const store = new Map<Id, Y.Doc>()
    const { createCollection } = await import('./api.ts')
    const a = createCollection(one, { name: 'A' })
    createRequest(one, { parentId: a }, { name: 'In A' })
    const b = createCollection(one, { name: 'B' })
    splitWorkspace(one, (id) => store.get(id) ?? store.set(id, new Y.Doc()).get(id)!)
    const docs = new WorkspaceDocs(one, { openDoc: async (id) => store.get(id)! })
    expect(docs.listTree(new Set([a]))).toMatchObject([
      { id: a, name: 'A', type: 'collection', hasChildren: true, expanded: true },
      { id: b, name: 'B', type: 'collection' },
    ])
    await docs.load(a)
    expect(docs.listTree(new Set([a])).map((row) => row.name)).toEqual(['A', 'In A', 'B'])
    expect(docs.listTree(new Set()).map((row) => row.name)).toEqual(['A', 'B'])
  })

  it('creates, renames, deletes, restores and purges a collection with its index entry', async () => {
    const { root, docs, store } = workspace()
    const id = await docs.createCollection({ name: 'Orders' })
    expect(store.has(id)).toBe(true)
    expect(readCollection(store.get(id)!, id)!.name).toBe('Orders')
    expect(readIndexEntry(root, id)).toEqual({ id, name: 'Orders' })
    expect(roots(root).collectionOrder.toArray()).toEqual([id])
    docs.renameItem(id, 'Orders v2')
    expect(docs.collections().map((entry) => entry.name)).toEqual(['Orders v2'])
    docs.deleteItem(id)
    expect(docs.collections()).toEqual([])
    expect(readIndexEntry(root, id)!.deleted).toMatchObject({ root: id })
    expect(roots(root).collectionOrder.toArray()).toEqual([])
    docs.restoreItem(id)
    expect(docs.collections().map((entry) => entry.name)).toEqual(['Orders v2'])
    docs.deleteItem(id)
    docs.purgeItem(id)
    expect(readIndexEntry(root, id)).toBeUndefined()
    expect(docs.collections(true)).toEqual([])
  })

  it('routes an item write to its collection doc', async () => {
    const { docs, store } = workspace()
    const a = await docs.createCollection({ name: 'A' })
    const b = await docs.createCollection({ name: 'B' })
    const request = createRequest(store.get(b)!, { parentId: b }, { name: 'Get' })
    expect(docs.docOf(request)).toBe(store.get(b))
    expect(docs.collectionOf(request)).toBe(b)
    docs.renameItem(request, 'Get one')
    expect(readRequest(store.get(b)!, request)!.name).toBe('Get one')
    expect(docs.docOf('nothing')).toBeUndefined()
    expect(() => docs.renameItem('nothing', 'x')).toThrow(/Nothing loaded/)
    expect(docs.collectionOf(a)).toBe(a)
  })

  it('moves a folder to another collection: stored there first, then removed from its own', async () => {
    const events: string[] = []
    const { docs, store } = workspace(async (doc) => {
      events.push(`stored ${doc === store.get(target) ? 'target' : 'other'}`)
    })
    const source = await docs.createCollection({ name: 'Source' })
    const target = await docs.createCollection({ name: 'Target' })
    const from = store.get(source)!
    const folder = createFolder(from, { parentId: source }, { name: 'Users' })
    const kept = createRequest(from, { parentId: folder }, { name: 'Get user', url: 'https://x.test/u' })
    const gone = createRequest(from, { parentId: folder }, { name: 'Old' })
    deleteItem(from, gone)
    updateRequest(from, kept, { method: 'PUT' })
    from.on('update', () => events.push('source changed'))
    await docs.moveItem(folder, { parentId: target, index: 0 })
    expect(events).toEqual(['stored target', 'source changed'])
    const into = store.get(target)!
    expect(readCollection(into, target)!.children).toMatchObject([
      { id: folder, name: 'Users', children: [{ id: kept, name: 'Get user', method: 'PUT' }] },
    ])
    expect(isDeleted(into, gone)).toBe(true)
    expect(roots(into).requests.get(kept)!.get('collectionId')).toBe(target)
    expect(readCollection(from, source)!.children).toEqual([])
    expect(roots(from).requests.size + roots(from).folders.size).toBe(0)
    expect(docs.docOf(kept)).toBe(into)
  })

  it('moves within a collection in place, and reorders collections in the root', async () => {
    const { docs, store, root } = workspace()
    const a = await docs.createCollection({ name: 'A' })
    const b = await docs.createCollection({ name: 'B' })
    const doc = store.get(a)!
    const folder = createFolder(doc, { parentId: a }, { name: 'F' })
    const request = createRequest(doc, { parentId: a }, { name: 'R' })
    await docs.moveItem(request, { parentId: folder })
    expect(readRequest(doc, request)!.id).toBe(request)
    expect(readCollection(doc, a)!.children).toMatchObject([{ id: folder, children: [{ id: request }] }])
    await docs.moveItem(b, { parentId: b, index: 0 })
    expect(roots(root).collectionOrder.toArray()).toEqual([b, a])
  })

  it('duplicates into another collection with new ids, and a collection into a new doc', async () => {
    const { docs, store } = workspace()
    const a = await docs.createCollection({ name: 'A' })
    const b = await docs.createCollection({ name: 'B' })
    const request = createRequest(store.get(a)!, { parentId: a }, { name: 'R', url: 'https://x.test' })
    const copy = await docs.duplicateItem(request, { parentId: b })
    expect(copy.id).not.toBe(request)
    expect(readRequest(store.get(b)!, copy.id)).toMatchObject({ name: 'R', url: 'https://x.test' })
    expect(readRequest(store.get(a)!, request)).toBeDefined()
    const beside = await docs.duplicateItem(request)
    expect(readCollection(store.get(a)!, a)!.children.map((item) => item.name)).toEqual(['R', 'R Copy'])
    expect(beside.idMap.get(request)).toBe(beside.id)
    const collectionCopy = await docs.duplicateItem(a)
    expect(docs.collections().map((entry) => entry.name)).toEqual(['A', 'A Copy', 'B'])
    expect(readCollection(store.get(collectionCopy.id)!, collectionCopy.id)!.children).toHaveLength(2)
  })

  it('reports changes of the root and of every loaded doc, and loads a doc once', async () => {
    const { docs, store, opened } = workspace()
    const seen: string[] = []
    const stop = docs.subscribe((change, doc) => seen.push(doc === docs.root ? 'root' : 'collection'))
    const a = await docs.createCollection({ name: 'A' })
    createRequest(store.get(a)!, { parentId: a })
    expect(seen).toContain('collection')
    expect(seen).toContain('root')
    stop()
    seen.length = 0
    createRequest(store.get(a)!, { parentId: a })
    expect(seen).toEqual([])
    await Promise.all([docs.load(a), docs.load(a)])
    expect(opened).toEqual([a])
    expect(listDeleted(store.get(a)!)).toEqual([])
  })
})

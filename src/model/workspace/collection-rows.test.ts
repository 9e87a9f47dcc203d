/** `WorkspaceDocs.listTree` keeps each collection's rows until its doc or an expansion in it changes. */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import { createCollection, createFolder, createRequest, initWorkspace, listTree, renameItem } from './api.ts'
import { WorkspaceDocs } from './collection-docs.ts'
import { splitWorkspace } from './split.ts'

async function twoCollections() {
  const one = new Y.Doc()
  initWorkspace(one)
  const a = createCollection(one, { name: 'A' })
  const folder = createFolder(one, { parentId: a }, { name: 'Folder' })
  const inFolder = createRequest(one, { parentId: folder }, { name: 'In folder' })
  const first = createRequest(one, { parentId: a }, { name: 'First' })
  const b = createCollection(one, { name: 'B' })
  createRequest(one, { parentId: b }, { name: 'In B' })
  const store = new Map<Id, Y.Doc>()
  splitWorkspace(one, (id) => store.get(id) ?? store.set(id, new Y.Doc()).get(id)!)
  const docs = new WorkspaceDocs(one, { openDoc: async (id) => store.get(id)! })
  await docs.load(a)
  await docs.load(b)
  return { docs, store, a, b, folder, inFolder, first }
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name)

describe('the rows of a collection doc, kept between listings', () => {
  it('come back as the same objects while nothing they show changed', async () => {
    const { docs, a, b } = await twoCollections()
    const before = docs.listTree(new Set([a]))
    expect(names(before)).toEqual(['A', 'Folder', 'First', 'B'])
    // Expanding B lists B; A's rows are the ones listed before.
    const after = docs.listTree(new Set([a, b]))
    expect(names(after)).toEqual(['A', 'Folder', 'First', 'B', 'In B'])
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3))
    after.slice(0, 3).forEach((row, i) => expect(row).toBe(before[i]))
  })

  it('are listed again when a folder in the collection opens or closes', async () => {
    const { docs, a, folder } = await twoCollections()
    expect(names(docs.listTree(new Set([a])))).toEqual(['A', 'Folder', 'First', 'B'])
    const open = docs.listTree(new Set([a, folder]))
    expect(names(open)).toEqual(['A', 'Folder', 'In folder', 'First', 'B'])
    expect(open[1]).toMatchObject({ expanded: true })
    expect(names(docs.listTree(new Set([a])))).toEqual(['A', 'Folder', 'First', 'B'])
    // A folder opened inside a closed collection changes nothing shown.
    expect(names(docs.listTree(new Set([folder])))).toEqual(['A', 'B'])
  })

  it('are listed again after any change to the doc, and show the index name of the collection', async () => {
    const { docs, store, a, first } = await twoCollections()
    docs.listTree(new Set([a]))
    renameItem(store.get(a)!, first, 'Renamed')
    expect(names(docs.listTree(new Set([a])))).toEqual(['A', 'Folder', 'Renamed', 'B'])
    docs.renameItem(a, 'A2')
    expect(names(docs.listTree(new Set([a])))).toEqual(['A2', 'Folder', 'Renamed', 'B'])
    // Edits that arrive as updates (sync, another tab) count too.
    const remote = new Y.Doc()
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(store.get(a)!))
    const added = createRequest(remote, { parentId: a }, { name: 'From elsewhere' })
    Y.applyUpdate(store.get(a)!, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(store.get(a)!)))
    const rows = docs.listTree(new Set([a]))
    expect(names(rows)).toEqual(['A2', 'Folder', 'Renamed', 'From elsewhere', 'B'])
    expect(rows.find((row) => row.id === added)).toMatchObject({ type: 'request', depth: 1 })
  })

  it('match a listing of the doc itself, also when read inside a transaction that changes it', async () => {
    const { docs, store, a, folder } = await twoCollections()
    const doc = store.get(a)!
    const expanded = new Set([a, folder])
    const plain = listTree(doc, expanded)
    expect(docs.listTree(expanded).slice(0, plain.length)).toEqual(plain)
    let inside: string[] = []
    doc.transact(() => {
      createRequest(doc, { parentId: folder }, { name: 'Mid-transaction' })
      inside = names(docs.listTree(expanded))
    })
    expect(inside).toContain('Mid-transaction')
    expect(names(docs.listTree(expanded))).toContain('Mid-transaction')
  })
})

/**
 * The kept tree index: patched per transaction instead of rebuilt, and always reading the same
 * tree as an index built from scratch, through local actions and concurrent remote updates.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  deleteItem,
  duplicateItem,
  initWorkspace,
  listDeleted,
  listTree,
  moveItem,
  renameItem,
  restoreItem,
  updateRequest,
} from './api.ts'
import { treeIndex } from './tree-cache.ts'
import { indexStats, TreeIndex } from './tree-index.ts'
import { isLive, roots } from './workspace-doc.ts'

function liveKeys(map: Y.Map<Y.Map<unknown>>): Id[] {
  return [...map.keys()].filter((id) => isLive(map, id))
}

function containers(doc: Y.Doc): Id[] {
  const { collections, folders } = roots(doc)
  return [...liveKeys(collections), ...liveKeys(folders)].sort()
}

/** Every container's children and every item's parent, as the kept index and a fresh one read them. */
function expectSameAsFresh(doc: Y.Doc): void {
  const kept = treeIndex(doc)
  const fresh = new TreeIndex(doc)
  const items = [...roots(doc).folders.keys(), ...roots(doc).requests.keys()]
  for (const id of containers(doc)) {
    expect(kept.childrenOf(id), `children of ${id}`).toEqual(fresh.childrenOf(id))
    const shows = fresh.childrenOf(id).length > 0
    expect(kept.hasChildren(id), `${id} has children`).toBe(shows)
    expect(new TreeIndex(doc).hasChildren(id), `${id} has children, fresh`).toBe(shows)
  }
  for (const id of items) expect(kept.parentOf(id), `parent of ${id}`).toEqual(fresh.parentOf(id))
}

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

describe('the kept tree index', () => {
  it('lists the doc once, however many tree actions follow', () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const api = createCollection(doc, { name: 'API' })
    const folder = createFolder(doc, { parentId: api }, { name: 'F' })
    listTree(doc, new Set([api, folder]))
    const scans = indexStats.fullScans
    const created: Id[] = []
    for (let i = 0; i < 200; i++) {
      created.push(createRequest(doc, { parentId: i % 2 ? api : folder }, { name: `R${i}` }))
      expect(listTree(doc, new Set([api, folder]))).toHaveLength(i + 3)
    }
    moveItem(doc, created[0]!, { parentId: api, index: 0 })
    duplicateItem(doc, created[1]!)
    deleteItem(doc, created[2]!)
    renameItem(doc, created[3]!, 'Renamed')
    const sub = createFolder(doc, { parentId: folder }, { name: 'Sub' })
    moveItem(doc, sub, { parentId: api })
    deleteItem(doc, sub)
    expect(listTree(doc, new Set([api, folder]))).toHaveLength(202)
    expect(indexStats.fullScans - scans).toBe(0)
    expectSameAsFresh(doc)
  })

  it('lists collapsed collections without indexing the requests in them', () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const api = createCollection(doc, { name: 'API' })
    const other = createCollection(doc, { name: 'Other' })
    for (let i = 0; i < 50; i++) createRequest(doc, { parentId: i % 2 ? api : other }, { name: `R${i}` })
    // A peer that has just loaded the doc: nothing indexed yet.
    const fresh = new Y.Doc()
    Y.applyUpdate(fresh, Y.encodeStateAsUpdate(doc))
    const scans = indexStats.fullScans
    expect(listTree(fresh, new Set()).map((row) => [row.name, row.hasChildren])).toEqual([
      ['API', true],
      ['Other', true],
    ])
    expect(indexStats.fullScans - scans).toBe(0)
    // Expanding one lists its children, which takes the one scan.
    expect(listTree(fresh, new Set([api]))).toHaveLength(27)
    expect(indexStats.fullScans - scans).toBe(1)
  })

  it('says a container whose listed children all moved or went has none', () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const api = createCollection(doc, { name: 'API' })
    const moved = createRequest(doc, { parentId: api }, { name: 'Moved' })
    const gone = createRequest(doc, { parentId: api }, { name: 'Gone' })
    const other = createCollection(doc, { name: 'Other' })
    moveItem(doc, moved, { parentId: other, index: 0 })
    deleteItem(doc, gone)
    const fresh = new Y.Doc()
    Y.applyUpdate(fresh, Y.encodeStateAsUpdate(doc))
    expect(listTree(fresh, new Set()).map((row) => [row.name, row.hasChildren])).toEqual([
      ['API', false],
      ['Other', true],
    ])
    expectSameAsFresh(fresh)
  })

  it('reads what a fresh index reads after random local and concurrent edits', () => {
    const next = random(7)
    const pick = <T>(list: T[]): T | undefined => list[Math.floor(next() * list.length)]
    const peers = [new Y.Doc(), new Y.Doc()]
    initWorkspace(peers[0]!)
    const api = createCollection(peers[0]!, { name: 'API' })
    createCollection(peers[0]!, { name: 'Other' })
    Y.applyUpdate(peers[1]!, Y.encodeStateAsUpdate(peers[0]!))
    for (const peer of peers) treeIndex(peer).childrenOf(api)

    for (let step = 0; step < 400; step++) {
      const doc = pick(peers)!
      const { folders, requests } = roots(doc)
      const parents = containers(doc)
      const items = [...liveKeys(folders), ...liveKeys(requests)]
      const deleted = listDeleted(doc)
      const action = next()
      try {
        if (action < 0.3) createRequest(doc, { parentId: pick(parents)! }, { name: `R${step}` })
        else if (action < 0.45) createFolder(doc, { parentId: pick(parents)! }, { name: `F${step}` })
        else if (action < 0.7 && items.length > 0)
          moveItem(doc, pick(items)!, { parentId: pick(parents)!, index: Math.floor(next() * 3) })
        else if (action < 0.8 && items.length > 0) deleteItem(doc, pick(items)!)
        else if (action < 0.85 && items.length > 0) duplicateItem(doc, pick(items)!)
        else if (action < 0.9 && deleted.length > 0) restoreItem(doc, pick(deleted)!.id)
        else if (action < 0.95 && liveKeys(requests).length > 0)
          updateRequest(doc, pick(liveKeys(requests))!, { url: `u${step}` })
        else Y.applyUpdate(doc, Y.encodeStateAsUpdate(doc === peers[0] ? peers[1]! : peers[0]!))
      } catch (error) {
        // Moving a folder into itself is refused; nothing else may throw.
        expect(String(error)).toMatch(/cannot be moved into itself/)
      }
      expectSameAsFresh(doc)
    }
  })
})

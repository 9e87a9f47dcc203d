/**
 * Only the open tabs' collections load: a tab remembers its request's collection, and a tab from
 * before (none remembered) is looked up, then remembers it for the next open.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import { loadTabCollections } from './tab-collections.ts'

async function workspace(count: number) {
  const one = new Y.Doc()
  data.initWorkspace(one)
  const ids = Array.from({ length: count }, (_, i) => data.createCollection(one, { name: `C${i}` }))
  const requests = ids.map((id, i) => data.createRequest(one, { parentId: id }, { name: `R${i}` }))
  const store = new Map<Id, Y.Doc>()
  data.splitWorkspace(one, (id) => store.get(id) ?? store.set(id, new Y.Doc()).get(id)!)
  const device = new Y.Doc()
  data.initDevice(device)
  const open = (root: Y.Doc) => {
    const opened: Id[] = []
    const collections = new data.WorkspaceDocs(root, {
      openDoc: async (id) => {
        opened.push(id)
        return store.get(id)!
      },
    })
    return { collections, opened }
  }
  return { root: one, ids, requests, device, open, store }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))
const idleNow = (callback: () => void) => void setTimeout(callback, 0)

describe('loading the open tabs’ collections', () => {
  it('loads only the collections of tabs that remember theirs', async () => {
    const { root, ids, requests, device, open, store } = await workspace(6)
    const { collections, opened } = open(root)
    const tab = data.openTab(device, data.readRequest(store.get(ids[3]!)!, requests[3]!)!, {
      savedRequestId: requests[3]!,
    })
    data.setTabCollection(device, tab, ids[3]!)
    const stop = loadTabCollections({ device, collections }, () => tab, idleNow)
    await settle()
    expect(opened).toEqual([ids[3]])
    stop()
  })

  it('looks up a tab from before tabs remembered their collection, once', async () => {
    const { root, ids, requests, device, open, store } = await workspace(5)
    const requestOf = (i: number) => data.readRequest(store.get(ids[i]!)!, requests[i]!)!
    const active = data.openTab(device, requestOf(2), { savedRequestId: requests[2]! })
    const other = data.openTab(device, requestOf(1), { savedRequestId: requests[1]!, activate: false })
    data.openTab(device, requestOf(4))
    expect(data.tabHomes(device).map((home) => home.collectionId)).toEqual([null, null])

    const first = open(root)
    const stop = loadTabCollections({ device, collections: first.collections }, () => active, idleNow)
    await settle()
    stop()
    // Collections loaded in order until each tab's request was found (not the fifth).
    expect(first.opened).toEqual([ids[0], ids[1], ids[2]])
    expect(data.tabHomes(device)).toEqual([
      { tabId: active, savedRequestId: requests[2], collectionId: ids[2] },
      { tabId: other, savedRequestId: requests[1], collectionId: ids[1] },
    ])

    // The next open goes straight to them.
    const second = open(root)
    const stopSecond = loadTabCollections({ device, collections: second.collections }, () => active, idleNow)
    await settle()
    stopSecond()
    expect(second.opened).toEqual([ids[2], ids[1]])
  })

  it('follows a request moved to another collection', async () => {
    const { root, ids, requests, device, open, store } = await workspace(3)
    const tab = data.openTab(device, data.readRequest(store.get(ids[0]!)!, requests[0]!)!, {
      savedRequestId: requests[0]!,
    })
    const { collections } = open(root)
    const stop = loadTabCollections({ device, collections }, () => tab, idleNow)
    await settle()
    expect(data.tabHomes(device)[0]!.collectionId).toBe(ids[0])
    await collections.moveItem(requests[0]!, { parentId: ids[2]!, index: 0 })
    await settle()
    expect(data.tabHomes(device)[0]!.collectionId).toBe(ids[2])
    stop()
  })
})

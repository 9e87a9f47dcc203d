/**
 * `replayOfflineEdits` key by key: what counts as this device's edit (before its split, by the
 * server copy's `splitBase`; after it, against the archive), and what is left to the server.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import {
  createCollection,
  createRequest,
  deleteItem,
  initWorkspace,
  purgeItem,
  readRequest,
  renameItem,
  updateRequest,
} from './api.ts'
import { archiveRoot, replayOfflineEdits, splitBaseOf } from './offline-replay.ts'
import { copyIntoCollectionDocs, finishSplit, SPLIT_BASE_KEY } from './split.ts'

const copyOf = (doc: Y.Doc) => {
  const copy = new Y.Doc()
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
  return copy
}

function split(root: Y.Doc) {
  const docs = new Map<Id, Y.Doc>()
  copyIntoCollectionDocs(root, (id) => docs.get(id) ?? docs.set(id, new Y.Doc()).get(id)!)
  const archive = copyOf(root)
  expect(Y.encodeStateAsUpdate(archive)).toEqual(archiveRoot(root))
  finishSplit(root)
  return { docs, archive }
}

/** A synced one-doc workspace; the server and a device each hold a copy. */
function setup() {
  const root = new Y.Doc()
  initWorkspace(root)
  const shop = createCollection(root, { name: 'Shop' })
  const users = createRequest(
    root,
    { parentId: shop },
    {
      name: 'Users',
      url: 'https://api.test/users',
      headers: [
        { id: 'h1', key: 'Accept', value: 'json', enabled: true },
        { id: 'h2', key: 'X-Old', value: '1', enabled: true },
      ],
    },
  )
  const orders = createRequest(root, { parentId: shop }, { name: 'Orders', url: 'https://api.test/orders' })
  return { server: copyOf(root), device: copyOf(root), shop, users, orders }
}

describe('replayOfflineEdits', () => {
  it('takes removed rows, deletions and new rows made offline, and leaves the server’s own edits', () => {
    const { server, device, shop, users, orders } = setup()
    const theirs = split(server).docs.get(shop)!
    expect(splitBaseOf(theirs)).toBeDefined()
    // Offline, before the device's split: a row removed (a deletion alone), a row added.
    updateRequest(device, users, {
      headers: [
        { id: 'h1', key: 'Accept', value: 'json', enabled: true },
        { id: 'h3', key: 'X-New', value: '2', enabled: true },
      ],
    })
    deleteItem(device, orders)
    const { docs, archive } = split(device)
    // On the server since its split: another row, and the name.
    updateRequest(theirs, users, {
      headers: [
        ...readRequest(theirs, users)!.headers,
        { id: 'h4', key: 'X-Server', value: '3', enabled: true },
      ],
    })
    renameItem(theirs, users, 'Users (server)')

    const replayed = replayOfflineEdits(theirs, shop, { archive, local: docs.get(shop)! })
    expect(replayed.edited.sort()).toEqual([users, orders].sort())
    const merged = readRequest(theirs, users)!
    expect(merged.headers.map((h) => h.key)).toEqual(['Accept', 'X-New', 'X-Server'])
    expect(merged.name).toBe('Users (server)')
    expect(readRequest(theirs, orders)).toBeUndefined()

    // Replaying again writes nothing.
    const before = Y.encodeStateVector(theirs)
    replayOfflineEdits(theirs, shop, { archive, local: docs.get(shop)! })
    expect(Y.encodeStateVector(theirs)).toEqual(before)
  })

  it('leaves an item the server purged removed, and copies one made offline', () => {
    const { server, device, shop, orders } = setup()
    const theirs = split(server).docs.get(shop)!
    deleteItem(theirs, orders)
    purgeItem(theirs, orders)
    const { docs, archive } = split(device)
    updateRequest(docs.get(shop)!, orders, { url: 'https://api.test/orders?edited' })
    const made = createRequest(docs.get(shop)!, { parentId: shop }, { name: 'New', url: 'https://n.test' })
    const replayed = replayOfflineEdits(theirs, shop, { archive, local: docs.get(shop)! })
    expect(replayed.added).toEqual([made])
    expect(readRequest(theirs, orders)).toBeUndefined()
    expect(readRequest(theirs, made)!.url).toBe('https://n.test')
  })

  it('merges typing 3-way; an offline deletion in a text someone else typed in takes the device’s text', () => {
    const { server, device, shop, users, orders } = setup()
    const theirs = split(server).docs.get(shop)!
    updateRequest(device, users, { url: 'https://api.test/users/all' })
    updateRequest(device, orders, { url: 'https://api.test/ord' })
    const { docs, archive } = split(device)
    updateRequest(theirs, users, { url: 'https://eu.api.test/users' })
    updateRequest(theirs, orders, { url: 'https://eu.api.test/orders' })
    replayOfflineEdits(theirs, shop, { archive, local: docs.get(shop)! })
    expect(readRequest(theirs, users)!.url).toBe('https://eu.api.test/users/all')
    expect(readRequest(theirs, orders)!.url).toBe('https://api.test/ord')
  })

  it('without a split base (an older server’s split) replays only what changed after the device’s split', () => {
    const { server, device, shop, users, orders } = setup()
    const theirs = split(server).docs.get(shop)!
    theirs.getMap('meta').delete(SPLIT_BASE_KEY)
    renameItem(device, users, 'Offline, before the split')
    const { docs, archive } = split(device)
    renameItem(docs.get(shop)!, orders, 'After the split')
    replayOfflineEdits(theirs, shop, { archive, local: docs.get(shop)! })
    expect(readRequest(theirs, users)!.name).toBe('Users')
    expect(readRequest(theirs, orders)!.name).toBe('After the split')
  })
})

/**
 * Offline edits and the split (docs/collection-docs.md, section 4), on the real sync-server
 * (LevelDB, rooms split on load by default) with real y-websocket clients:
 *
 * (a) a device that edited the one-doc workspace offline, then splits it itself, while the server
 *     has split the room and someone else edited the collection room since;
 * (b) two devices that split the same doc offline and edit their copies.
 *
 * Merged as they are, one copy wins per id and the other's edits are lost (measured first). With
 * `replayOfflineEdits` before the device's collection doc first syncs, every edit survives,
 * across a restart of the server.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import type { Id } from '../../src/model/types.ts'
import {
  archiveRoot,
  copyIntoCollectionDocs,
  createCollection,
  createRequest,
  finishSplit,
  holdsCollection,
  initWorkspace,
  readRequest,
  renameItem,
  replayOfflineEdits,
  splitBaseOf,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { provider, synced, until } from '../helpers/share.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'
import { connectRaw } from '../helpers/y-client.ts'

let server: TestServer
const providers: WebsocketProvider[] = []

afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy()
  await server.remove()
})

async function start(dataDir?: string) {
  server = await startTestServer({ transport: unusedTransport }, dataDir ? { dataDir } : {})
}

function join(room: string, doc = new Y.Doc()) {
  const p = provider(server.url, room, { token: server.secrets.accessToken }, doc)
  providers.push(p)
  return p
}

async function restart() {
  for (const p of providers.splice(0)) p.destroy()
  const dataDir = server.dataDir
  await server.close()
  await start(dataDir)
}

const copyOf = (doc: Y.Doc) => {
  const copy = new Y.Doc()
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
  return copy
}

/** A one-doc workspace stored on the server, as the release's app saved it. */
async function storedOneDoc(room: string) {
  const old = await connectRaw(
    `ws://127.0.0.1:${server.port}/sync/${room}?token=${server.secrets.accessToken}`,
  )
  initWorkspace(old.doc)
  const shop = createCollection(old.doc, { name: 'Shop' })
  const users = createRequest(
    old.doc,
    { parentId: shop },
    {
      name: 'Users',
      url: 'https://api.test/users',
      headers: [{ id: 'h1', key: 'Accept', value: 'application/json', enabled: true }],
    },
  )
  const orders = createRequest(
    old.doc,
    { parentId: shop },
    { name: 'Orders', url: 'https://api.test/orders' },
  )
  await old.ack()
  old.close()
  return { doc: copyOf(old.doc), shop, users, orders }
}

/** What the app does on open: the split, the root kept as it was split. */
function splitLocally(root: Y.Doc) {
  const docs = new Map<Id, Y.Doc>()
  copyIntoCollectionDocs(root, (id) => docs.get(id) ?? docs.set(id, new Y.Doc()).get(id)!)
  const archive = new Y.Doc()
  Y.applyUpdate(archive, archiveRoot(root))
  finishSplit(root)
  return { docs, archive }
}

/**
 * The device's root syncs first (the server splits a one-doc room when its root loads); before
 * its collection doc first syncs, the server's doc, this device's edits replayed onto it.
 */
async function reconcile(workspace: string, root: Y.Doc, collectionId: Id, local: Y.Doc, archive: Y.Doc) {
  await synced(join(workspace, root))
  const theirs = join(`${workspace}/c/${collectionId}`)
  await synced(theirs)
  expect(holdsCollection(theirs.doc, collectionId)).toBe(true)
  expect(splitBaseOf(theirs.doc)).toBeDefined()
  return { doc: theirs.doc, replayed: replayOfflineEdits(theirs.doc, collectionId, { archive, local }) }
}

describe('offline edits in the one-doc shape, the room split by the server meanwhile', () => {
  async function scenario() {
    await start()
    const { doc: device, shop, users, orders } = await storedOneDoc('ws-a')
    // Offline, in the one-doc shape (an app of the release, or one not opened since).
    updateRequest(device, users, { url: 'https://api.test/v2/users' })
    renameItem(device, users, 'All users')
    updateRequest(device, orders, {
      headers: [{ id: 'h9', key: 'X-Offline', value: '1', enabled: true }],
    })
    const created = createRequest(
      device,
      { parentId: shop },
      { name: 'Made offline', url: 'https://api.test/new' },
    )
    // The server restarts with the default: the room is split on load. Someone edits it since.
    await restart()
    await synced(join('ws-a'))
    const other = join(`ws-a/c/${shop}`)
    await synced(other)
    expect(readRequest(other.doc, users)!.url).toBe('https://api.test/users')
    updateRequest(other.doc, users, { method: 'POST', url: 'https://api.test/users?limit=5' })
    // The device, updated, splits on open and edits its collection doc before it syncs.
    const { docs, archive } = splitLocally(device)
    const local = docs.get(shop)!
    updateRequest(local, orders, { body: { type: 'raw', language: 'json', text: '{"after":"split"}' } })
    return { shop, users, orders, created, other, local, archive, device }
  }

  it('merged as they are, one copy wins and the other side loses its edits (the limit measured)', async () => {
    const { shop, users, orders, other, local, device } = await scenario()
    await synced(join('ws-a', device))
    join(`ws-a/c/${shop}`, local)
    await until(() => readRequest(other.doc, users)?.url === readRequest(local, users)?.url)
    const merged = readRequest(other.doc, users)!
    const deviceKept = merged.name === 'All users' && readRequest(other.doc, orders)!.headers.length === 1
    const otherKept = merged.method === 'POST'
    // Exactly one side keeps its edits, whichever copy's client id wins.
    expect(deviceKept !== otherKept).toBe(true)
  })

  it('replayed onto the server doc, every edit of both sides survives, across a restart', async () => {
    const { shop, users, orders, created, other, local, archive, device } = await scenario()
    const { replayed } = await reconcile('ws-a', device, shop, local, archive)
    expect(replayed.added).toEqual([created])
    // The collection too: the request made offline joined its children.
    expect(replayed.edited.sort()).toEqual([users, orders, shop].sort())

    const expectAll = (doc: Y.Doc) => {
      const merged = readRequest(doc, users)!
      expect(merged.name).toBe('All users')
      expect(merged.method).toBe('POST')
      // Both changes of the URL, the device's (offline, before the split) and the other's.
      expect(merged.url).toBe('https://api.test/v2/users?limit=5')
      expect(merged.headers.map((h) => h.key)).toEqual(['Accept'])
      const order = readRequest(doc, orders)!
      expect(order.headers.map((h) => h.key)).toEqual(['X-Offline'])
      expect(order.body).toEqual({ type: 'raw', language: 'json', text: '{"after":"split"}' })
      expect(readRequest(doc, created)!.url).toBe('https://api.test/new')
    }
    await until(
      () =>
        readRequest(other.doc, created) !== undefined && readRequest(other.doc, users)!.name === 'All users',
    )
    await until(() => readRequest(other.doc, orders)!.body.type === 'raw')
    expectAll(other.doc)

    await restart()
    await synced(join('ws-a'))
    const again = join(`ws-a/c/${shop}`)
    await synced(again)
    expectAll(again.doc)
  })
})

describe('two devices splitting the same doc offline', () => {
  it('each replays its own edits onto the server doc: both survive', async () => {
    await start()
    const { doc, shop, users, orders } = await storedOneDoc('ws-b')
    const first = copyOf(doc)
    const second = copyOf(doc)
    await restart()
    // Both split offline and edit their own copies.
    const one = splitLocally(first)
    const two = splitLocally(second)
    updateRequest(one.docs.get(shop)!, users, { url: 'https://api.test/users?from=one' })
    renameItem(one.docs.get(shop)!, orders, 'Orders (one)')
    updateRequest(two.docs.get(shop)!, users, { url: 'https://v2.api.test/users' })
    updateRequest(two.docs.get(shop)!, orders, { method: 'DELETE' })

    const a = await reconcile('ws-b', first, shop, one.docs.get(shop)!, one.archive)
    const b = await reconcile('ws-b', second, shop, two.docs.get(shop)!, two.archive)
    expect(a.replayed.edited.sort()).toEqual([users, orders].sort())
    expect(b.replayed.edited.sort()).toEqual([users, orders].sort())
    const check = (d: Y.Doc) =>
      readRequest(d, users)!.url === 'https://v2.api.test/users?from=one' &&
      readRequest(d, orders)!.name === 'Orders (one)' &&
      readRequest(d, orders)!.method === 'DELETE'
    await until(() => check(a.doc) && check(b.doc))

    await restart()
    await synced(join('ws-b'))
    const again = join(`ws-b/c/${shop}`)
    await synced(again)
    expect(check(again.doc)).toBe(true)
  })
})

/**
 * Offline edits and the split, through the app's own storage and sync (`openCollections`,
 * `connectCollectionsSync` with the reconcile gate): y-indexeddb on fake-indexeddb, a real
 * sync-server on 127.0.0.1 (LevelDB, rooms split on load), real y-websocket clients.
 *
 * A device holds a one-doc workspace it edited offline; meanwhile the server split the room and
 * someone else edited the collection. The device then opens the workspace (split on open, edits
 * after the split too) and syncs: every edit of both sides survives, on the server, in the
 * device's doc and in its database; the archive is gone.
 */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { IndexeddbPersistence } from 'y-indexeddb'
import type { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import {
  collectionDbName,
  createCollection,
  createRequest,
  initWorkspace,
  listIndex,
  readRequest,
  renameItem,
  updateRequest,
} from '../../model/workspace/api.ts'
import { provider, synced, until } from '../../../tests/helpers/share.ts'
import { startTestServer, type TestServer } from '../../../tests/helpers/sync-server.ts'
import { unusedTransport } from '../../../tests/helpers/unused-transport.ts'
import { connectRaw } from '../../../tests/helpers/y-client.ts'
import { loadInSlices } from './sliced-load.ts'
import { trackDurability } from './durable-commit.ts'
import { openCollections } from './collection-open.ts'
import { connectCollectionsSync } from './collection-sync.ts'
import { archiveDbName, pendingCollections } from './offline-reconcile.ts'
import { replayAsUpdate } from './reconcile-replay.ts'
import type { SyncConnection } from './sync-connection.ts'

let server: TestServer
const providers: WebsocketProvider[] = []
const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
  for (const p of providers.splice(0)) p.destroy()
  await server.remove()
})

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

function join(room: string, doc = new Y.Doc()) {
  const p = provider(server.url, room, { token: server.secrets.accessToken }, doc)
  providers.push(p)
  return p
}

async function store(name: string, doc: Y.Doc) {
  const persistence = new IndexeddbPersistence(name, doc)
  await persistence.whenSynced
  await new Promise((resolve) => setTimeout(resolve, 20))
  await persistence.destroy()
}

async function readStored(name: string): Promise<Y.Doc> {
  const doc = new Y.Doc()
  const persistence = new IndexeddbPersistence(name, doc)
  await persistence.whenSynced
  await persistence.destroy()
  return doc
}

/** The app's open and sync of a workspace (docs.ts `openDocs` and `startSync`, without the page). */
async function openApp(rootDb: string, room: string) {
  const root = new Y.Doc()
  const load = loadInSlices(rootDb, root)
  await load.loaded
  const durability = trackDurability(root, [load.persistence])
  const opened = await openCollections(root, { name: rootDb, db: load.persistence.db }, durability, memory())
  let connection: SyncConnection | null = null
  const sync = async () => {
    connection = connectCollectionsSync(
      opened.collections,
      { url: `ws://127.0.0.1:${server.port}/sync`, room, token: server.secrets.accessToken, name: 'Dev' },
      { WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket, disableBc: true },
      await opened.gate(false),
    )
  }
  cleanup.push(async () => {
    connection?.destroy()
    opened.storage.close()
    durability.stop()
    await load.persistence.destroy()
  })
  return { root, durability, ...opened, sync }
}

describe('a device with offline edits in the one-doc shape opens the split app online', () => {
  it('replays its edits onto the collection the server split and someone edited: all survive', async () => {
    server = await startTestServer({ transport: unusedTransport })
    // The workspace as the release's app shared it: one doc, in the room and on the device.
    const old = await connectRaw(
      `ws://127.0.0.1:${server.port}/sync/ws-r?token=${server.secrets.accessToken}`,
    )
    initWorkspace(old.doc)
    const shop = createCollection(old.doc, { name: 'Shop' })
    const users = createRequest(old.doc, { parentId: shop }, { name: 'Users', url: 'https://api.test/users' })
    const orders = createRequest(
      old.doc,
      { parentId: shop },
      { name: 'Orders', url: 'https://api.test/orders' },
    )
    await old.ack()
    old.close()
    const device = new Y.Doc()
    Y.applyUpdate(device, Y.encodeStateAsUpdate(old.doc))

    // Offline, in the one-doc release: edits stored on the device.
    updateRequest(device, users, { url: 'https://api.test/v2/users' })
    renameItem(device, shop, 'Shop (offline)')
    const created = createRequest(
      device,
      { parentId: shop },
      { name: 'Made offline', url: 'https://api.test/new' },
    )
    const rootDb = 'sendbox-workspace-reconcile'
    await store(rootDb, device)

    // The server, restarted with the default, splits the room on load; someone edits it since.
    const dataDir = server.dataDir
    await server.close()
    server = await startTestServer({ transport: unusedTransport }, { dataDir })
    await synced(join('ws-r'))
    const other = join(`ws-r/c/${shop}`)
    await synced(other)
    updateRequest(other.doc, users, { method: 'POST' })
    updateRequest(other.doc, orders, { url: 'https://api.test/orders?page=2' })

    // The device opens the new app: split on open, the archive kept, an edit after the split.
    const app = await openApp(rootDb, 'ws-r')
    expect(await pendingCollections(rootDb)).toEqual([shop])
    const local = app.collections.loaded(shop)!
    updateRequest(local, orders, { name: 'Orders (after split)' })
    await app.durability.settled()
    await app.sync()

    const all = (doc: Y.Doc) =>
      readRequest(doc, users)?.url === 'https://api.test/v2/users' &&
      readRequest(doc, users)?.method === 'POST' &&
      readRequest(doc, orders)?.name === 'Orders (after split)' &&
      readRequest(doc, orders)?.url === 'https://api.test/orders?page=2' &&
      readRequest(doc, created)?.url === 'https://api.test/new'
    await until(() => all(other.doc), 15_000)
    await until(() => app.collections.loaded(shop) !== local && all(app.collections.loaded(shop)!))
    // The rename, replayed, reached the device's index and the server's root.
    await until(() => listIndex(app.root)[0]?.name === 'Shop (offline)')
    // The archive goes with the last collection reconciled.
    await until(async () => !(await indexedDB.databases()).some((db) => db.name === archiveDbName(rootDb)))
    expect(await pendingCollections(rootDb)).toEqual([])

    // Its database holds the server's copy with the edits, not the local copy merged with it.
    await app.durability.settled()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const stored = await readStored(collectionDbName(rootDb, shop))
    expect(all(stored)).toBe(true)
    expect(Y.encodeStateVector(stored)).toEqual(Y.encodeStateVector(app.collections.loaded(shop)!))
  })
})

describe('the replay as updates (what the worker runs)', () => {
  it('writes onto the server doc what replayOfflineEdits writes there', async () => {
    const one = new Y.Doc()
    initWorkspace(one)
    const shop = createCollection(one, { name: 'Shop' })
    const users = createRequest(one, { parentId: shop }, { name: 'Users', url: 'https://api.test/users' })
    const { copyIntoCollectionDocs, archiveRoot, finishSplit } = await import('../../model/workspace/api.ts')
    const server = new Y.Doc()
    const local = new Y.Doc()
    const serverRoot = new Y.Doc()
    Y.applyUpdate(serverRoot, Y.encodeStateAsUpdate(one))
    copyIntoCollectionDocs(serverRoot, () => server)
    updateRequest(one, users, { url: 'https://api.test/v2/users' })
    copyIntoCollectionDocs(one, () => local)
    const archive = new Y.Doc()
    Y.applyUpdate(archive, archiveRoot(one))
    finishSplit(one)
    updateRequest(server, users, { method: 'POST' })

    const written = replayAsUpdate(archive, shop, Y.encodeStateAsUpdate(local), Y.encodeStateAsUpdate(server))
    Y.applyUpdate(server, written)
    expect(readRequest(server, users)).toMatchObject({ url: 'https://api.test/v2/users', method: 'POST' })
  })
})

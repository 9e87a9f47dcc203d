/**
 * Collection rooms (`/sync/<workspace>/c/<collection id>`, docs/collection-docs.md) on the real
 * sync-server with real y-websocket clients and LevelDB: they sync apart from the root, open with
 * exactly the workspace's access, persist across a restart; a room held in the old one-doc shape
 * is split when first loaded, before anyone joins it; the mock server reads the collection doc.
 */
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { makeCollection, makeRequest } from '../../src/model/factories.ts'
import {
  createCollection,
  createRequest,
  initWorkspace,
  listCollections,
  readCollection,
  SPLIT_SCHEMA_VERSION,
} from '../../src/model/workspace/api.ts'
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from '../../sync-server/sync.ts'
import { makeLink, ownerFetch, provider, synced, until, type Owner } from '../helpers/share.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'
import { closeEvent, connectRaw, openSocket } from '../helpers/y-client.ts'

let server: TestServer
const providers: WebsocketProvider[] = []

afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy()
  await server.remove()
})

async function start(dataDir?: string, args: string[] = []) {
  server = await startTestServer({ transport: unusedTransport }, { args, ...(dataDir ? { dataDir } : {}) })
  return { url: server.url, accessToken: server.secrets.accessToken } satisfies Owner
}

function join(room: string, params: Record<string, string>, doc = new Y.Doc()) {
  const p = provider(server.url, room, params, doc)
  providers.push(p)
  return p
}

/** The HTTP status an upgrade to `path` is refused with. */
function upgradeStatus(path: string): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`)
  return new Promise((resolve, reject) => {
    ws.on('error', () => undefined)
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0)
      req.destroy()
    })
    ws.once('open', () => reject(new Error(`${path} was accepted`)))
  })
}

describe('collection rooms', () => {
  it('sync apart from the root and from each other, and open with the workspace access alone', async () => {
    const owner = await start()
    const a = join('ws-c/c/col-1', { token: owner.accessToken })
    const b = join('ws-c/c/col-1', { token: owner.accessToken })
    const root = join('ws-c', { token: owner.accessToken })
    const other = join('ws-c/c/col-2', { token: owner.accessToken })
    await Promise.all([a, b, root, other].map(synced))
    a.doc.getMap('requests').set('r1', 'in col-1')
    await until(() => b.doc.getMap('requests').get('r1'))
    // One round trip later the others still have nothing.
    await connectRaw(`ws://127.0.0.1:${server.port}/sync/ws-c?token=${owner.accessToken}`).then((raw) =>
      raw.ack().then(() => raw.close()),
    )
    expect(root.doc.getMap('requests').size).toBe(0)
    expect(other.doc.getMap('requests').size).toBe(0)

    const edit = await makeLink(owner, 'ws-c', 'edit')
    const guest = join('ws-c/c/col-1', { token: edit.token, name: 'Grace' })
    await until(() => guest.doc.getMap('requests').get('r1'))
    guest.doc.getMap('requests').set('r2', 'from the guest')
    await until(() => a.doc.getMap('requests').get('r2'))
    // The same person in the root and a collection room is one person, online.
    const guestRoot = join('ws-c', { token: edit.token, name: 'Grace' })
    await synced(guestRoot)
    const people = (await (await ownerFetch(owner, '/sync/share?workspace=ws-c')).json()) as {
      people: { name: string; online: boolean }[]
    }
    expect(people.people).toEqual([expect.objectContaining({ name: 'Grace', online: true })])

    // A link of another workspace opens none of this one's collection rooms.
    const foreign = await makeLink(owner, 'ws-other', 'edit')
    const refused = await openSocket(`ws://127.0.0.1:${server.port}/sync/ws-c/c/col-1?token=${foreign.token}`)
    expect((await closeEvent(refused)).code).toBe(CLOSE_UNAUTHORIZED)
    const none = await openSocket(`ws://127.0.0.1:${server.port}/sync/ws-c/c/col-1`)
    expect((await closeEvent(none)).code).toBe(CLOSE_UNAUTHORIZED)

    // Stop sharing closes the link's sockets in the collection rooms too.
    const closed = new Promise<number>((resolve) =>
      guest.once('connection-close', (event) => resolve((event as { code: number } | null)?.code ?? 0)),
    )
    expect((await ownerFetch(owner, '/sync/share?workspace=ws-c', { method: 'DELETE' })).status).toBe(204)
    expect(await closed).toBe(CLOSE_FORBIDDEN)
  })

  it('a view link reads a collection room and its edits are dropped', async () => {
    const owner = await start()
    const ownerSide = join('ws-v/c/col-1', { token: owner.accessToken })
    await synced(ownerSide)
    ownerSide.doc.getMap('requests').set('r1', 'shown')
    const view = await makeLink(owner, 'ws-v', 'view')
    const viewer = await connectRaw(`ws://127.0.0.1:${server.port}/sync/ws-v/c/col-1?token=${view.token}`)
    await viewer.ack()
    expect(viewer.doc.getMap('requests').get('r1')).toBe('shown')
    viewer.doc.getMap('requests').set('r2', 'dropped')
    await viewer.ack()
    const check = await connectRaw(
      `ws://127.0.0.1:${server.port}/sync/ws-v/c/col-1?token=${owner.accessToken}`,
    )
    await check.ack()
    expect(check.doc.getMap('requests').get('r2')).toBeUndefined()
    expect(ownerSide.doc.getMap('requests').has('r2')).toBe(false)
    viewer.close()
    check.close()
  })

  it('refuses a collection id outside the id charset with 400, an unknown path with 404', async () => {
    await start()
    expect(await upgradeStatus('/sync/ws-c/c/bad%24id')).toBe(400)
    expect(await upgradeStatus('/sync/ws-c/c/')).toBe(400)
    expect(await upgradeStatus(`/sync/ws-c/c/${'x'.repeat(129)}`)).toBe(400)
    expect(await upgradeStatus('/sync/ws-c/x/col-1')).toBe(404)
    expect(await upgradeStatus('/sync/ws-c/c/col-1/more')).toBe(404)
  })

  it('keeps what was acknowledged in a collection room across a restart (LevelDB)', async () => {
    const owner = await start()
    const writer = await connectRaw(
      `ws://127.0.0.1:${server.port}/sync/ws-p/c/col-9?token=${owner.accessToken}`,
    )
    writer.doc.getText('t').insert(0, 'kept')
    await writer.ack()
    writer.close()
    const dataDir = server.dataDir
    await server.close()
    await start(dataDir)
    const reader = join('ws-p/c/col-9', { token: server.secrets.accessToken })
    await synced(reader)
    expect(reader.doc.getText('t').toString()).toBe('kept')
    const root = join('ws-p', { token: server.secrets.accessToken })
    await synced(root)
    expect(root.doc.getText('t').toString()).toBe('')
  })
})

describe('a room in the old one-doc shape', () => {
  it('is split when first loaded: joiners of the root get the new shape, the collections their docs', async () => {
    const owner = await start()
    const old = await connectRaw(`ws://127.0.0.1:${server.port}/sync/ws-old?token=${owner.accessToken}`)
    initWorkspace(old.doc)
    const shop = createCollection(old.doc, { name: 'Shop' })
    const users = createRequest(old.doc, { parentId: shop }, { name: 'Users', url: 'https://api.test/u' })
    const empty = createCollection(old.doc, { name: 'Empty' })
    const expected = readCollection(old.doc, shop)
    await old.ack()
    old.close()
    const dataDir = server.dataDir
    await server.close()
    await start(dataDir)

    // The first sync of the root already has the split shape: the root joins once loaded and split.
    const root = join('ws-old', { token: owner.accessToken })
    const firstState = await new Promise<Y.Doc>((resolve) =>
      root.once('sync', () => {
        const copy = new Y.Doc()
        Y.applyUpdate(copy, Y.encodeStateAsUpdate(root.doc))
        resolve(copy)
      }),
    )
    expect(firstState.getMap('meta').get('schemaVersion')).toBe(SPLIT_SCHEMA_VERSION)
    expect(firstState.getMap('collections').size).toBe(0)
    expect(firstState.getMap('requests').size).toBe(0)
    expect(firstState.getArray('collectionOrder').toArray()).toEqual([shop, empty])
    expect(firstState.getMap('collectionIndex').toJSON()).toEqual({
      [shop]: { name: 'Shop' },
      [empty]: { name: 'Empty' },
    })

    const shopRoom = join(`ws-old/c/${shop}`, { token: owner.accessToken })
    await synced(shopRoom)
    expect(listCollections(shopRoom.doc)).toEqual([{ id: shop, name: 'Shop' }])
    expect(readCollection(shopRoom.doc, shop)).toEqual(expected)
    expect(readCollection(shopRoom.doc, shop)!.children.map((c) => c.id)).toEqual([users])
    const emptyRoom = join(`ws-old/c/${empty}`, { token: owner.accessToken })
    await synced(emptyRoom)
    expect(readCollection(emptyRoom.doc, empty)).toMatchObject({ name: 'Empty', children: [] })
    expect(emptyRoom.doc.getMap('requests').size).toBe(0)
  })
})

describe('a room in the old one-doc shape, with --no-split-rooms', () => {
  it('stays one document: an app opening it as one document finds it whole', async () => {
    const owner = await start()
    const old = await connectRaw(`ws://127.0.0.1:${server.port}/sync/ws-whole?token=${owner.accessToken}`)
    initWorkspace(old.doc)
    const shop = createCollection(old.doc, { name: 'Shop' })
    createRequest(old.doc, { parentId: shop }, { name: 'Users', url: 'https://api.test/u' })
    const expected = readCollection(old.doc, shop)
    await old.ack()
    old.close()
    const dataDir = server.dataDir
    await server.close()
    await start(dataDir, ['--no-split-rooms'])

    const root = join('ws-whole', { token: owner.accessToken })
    await synced(root)
    expect(root.doc.getMap('meta').get('schemaVersion')).not.toBe(SPLIT_SCHEMA_VERSION)
    expect(readCollection(root.doc, shop)).toEqual(expected)
    expect(root.doc.getMap('collectionIndex').size).toBe(0)
  })
})

describe('the mock server on collection docs', () => {
  it('answers /mock/<collection id> from the collection room', async () => {
    const owner = await start()
    const id = 'col-mock-1'
    const doc = new Y.Doc()
    const p = join(`ws-m/c/${id}`, { token: owner.accessToken }, doc)
    await synced(p)
    const request = makeRequest({
      name: 'Pets',
      url: '{{baseUrl}}/pets/:id',
      examples: [
        {
          id: 'e200',
          name: 'OK',
          status: 200,
          headers: [{ key: 'Content-Type', value: 'application/json' }],
          body: '{"id":1}',
        },
      ],
    })
    initWorkspace(doc)
    const { writeCollection } = await import('../../src/model/workspace/actions.ts')
    doc.transact(() => writeCollection(doc, makeCollection({ id, name: 'Zoo', children: [request] })))
    const on = await ownerFetch(owner, `/sync/mock/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ room: 'ws-m', enabled: true }),
    })
    expect(on.status).toBe(200)
    const answer = await until(async () => {
      const response = await fetch(`${server.url}/mock/${id}/pets/1`)
      return response.status === 200 ? response : undefined
    })
    expect(await answer.json()).toEqual({ id: 1 })
  })
})

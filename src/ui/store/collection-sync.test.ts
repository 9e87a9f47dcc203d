/** Sync of a root and its collection docs, a room per doc, against a real sync-server on 127.0.0.1. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { startTestServer, type TestServer } from '../../../tests/helpers/sync-server.ts'
import { unusedTransport } from '../../../tests/helpers/unused-transport.ts'
import { WebsocketProvider } from 'y-websocket'
import {
  collectionRoom,
  createRequest,
  initRoot,
  readRequest,
  WorkspaceDocs,
} from '../../model/workspace/api.ts'
import type { SyncConnection } from './sync-connection.ts'
import { connectCollectionsSync } from './collection-sync.ts'

let server: TestServer
const connections: SyncConnection[] = []
beforeEach(async () => {
  server = await startTestServer({ transport: unusedTransport })
})
afterEach(async () => {
  for (const c of connections.splice(0)) c.destroy()
  await server.remove()
})

function peer() {
  const root = new Y.Doc()
  initRoot(root)
  const docs = new WorkspaceDocs(root, { openDoc: async () => new Y.Doc() })
  const connection = connectCollectionsSync(
    docs,
    {
      url: `ws://127.0.0.1:${server.port}/sync`,
      room: 'room-split',
      token: server.secrets.accessToken,
      name: 'Ada',
    },
    { WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket, disableBc: true },
  )
  connections.push(connection)
  return { docs, connection }
}

async function until<T>(read: () => T | undefined | false, timeoutMs = 8000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('collection docs over sync', () => {
  it('a collection made by one person reaches the other through its own room, once loaded', async () => {
    const a = peer()
    const b = peer()
    const id = await a.docs.createCollection({ name: 'Orders' })
    const request = createRequest(
      a.docs.loaded(id)!,
      { parentId: id },
      { name: 'List', url: 'https://x.test' },
    )
    await until(() => a.connection.status().state === 'synced')
    // The root brings the index: the collection shows before its doc is loaded.
    await until(() => b.docs.collections().some((entry) => entry.name === 'Orders'))
    expect(b.docs.loaded(id)).toBeUndefined()
    const doc = await b.docs.load(id)
    await until(() => readRequest(doc, request))
    expect(readRequest(doc, request)).toMatchObject({ name: 'List', url: 'https://x.test' })
    await until(() => b.connection.status().state === 'synced')
    expect(b.connection.status().pending).toBe(0)
  })

  it('the local presence reaches the collection rooms too, loaded before or after it was set', async () => {
    const a = peer()
    const first = await a.docs.createCollection({ name: 'First' })
    a.connection.setPresence({ name: 'Ada', color: '#0a0', requestId: null })
    const second = await a.docs.createCollection({ name: 'Second' })
    for (const id of [first, second]) {
      const watcher = new WebsocketProvider(
        `ws://127.0.0.1:${server.port}/sync`,
        collectionRoom('room-split', id),
        new Y.Doc(),
        {
          WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
          disableBc: true,
          params: { token: server.secrets.accessToken },
        },
      )
      try {
        const names = () =>
          [...watcher.awareness.getStates().values()].map((state) => (state.user as { name?: string })?.name)
        expect(await until(() => names().includes('Ada') && names())).toContain('Ada')
      } finally {
        watcher.destroy()
      }
    }
  })
})

/** The app's sync connection against a real sync-server on 127.0.0.1, with real sockets. */
import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { startTestServer, type TestServer } from '../../../tests/helpers/sync-server.ts'
import { unusedTransport } from '../../../tests/helpers/unused-transport.ts'
import { connectSync, type SyncConnection, type SyncStatus } from './sync-connection.ts'

let server: TestServer
const connections: SyncConnection[] = []

beforeEach(async () => {
  server = await startTestServer({ transport: unusedTransport })
})

afterEach(async () => {
  for (const c of connections.splice(0)) c.destroy()
  await server.remove()
})

function connect(doc: Y.Doc, options: { port?: number; token?: string; room?: string } = {}) {
  const connection = connectSync(
    doc,
    {
      url: `ws://127.0.0.1:${options.port ?? server.port}/sync`,
      room: options.room ?? 'room-1',
      token: options.token ?? server.secrets.accessToken,
      name: 'Ada',
    },
    { WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket, disableBc: true },
  )
  connections.push(connection)
  return connection
}

async function until<T>(read: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const is = (c: SyncConnection, expected: Partial<SyncStatus>) => () => {
  const status = c.status()
  return Object.entries(expected).every(([k, v]) => status[k as keyof SyncStatus] === v) && status
}

async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('sync connection', () => {
  it('is synced once connected, syncing until the server acknowledged local changes, then synced', async () => {
    const doc = new Y.Doc()
    const a = connect(doc)
    await until(is(a, { state: 'synced', pending: 0 }))
    doc.getMap('m').set('x', 1)
    doc.getMap('m').set('y', 2)
    expect(a.status()).toMatchObject({ state: 'syncing', pending: 2 })
    await until(is(a, { state: 'synced', pending: 0 }))
    const other = new Y.Doc()
    connect(other)
    await until(() => other.getMap('m').get('y') === 2)
  })

  it('counts local changes while offline', async () => {
    const doc = new Y.Doc()
    const a = connect(doc, { port: await closedPort() })
    doc.getMap('m').set('x', 1)
    doc.getMap('m').set('x', 2)
    doc.getMap('m').set('x', 3)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(a.status()).toMatchObject({ state: 'offline', pending: 3 })
  })

  it('sends changes made before connecting and counts them acknowledged only after', async () => {
    const doc = new Y.Doc()
    doc.getMap('m').set('early', true)
    // Changes made before connecting are not "local changes of this connection", but those made
    // while the socket opens are: they must not be counted acknowledged by the first answer.
    const a = connect(doc)
    doc.getMap('m').set('x', 1)
    expect(a.status().pending).toBe(1)
    await until(is(a, { state: 'synced', pending: 0 }))
    const other = new Y.Doc()
    connect(other)
    await until(() => other.getMap('m').get('x') === 1 && other.getMap('m').get('early') === true)
  })

  it('passes presence between people in the room', async () => {
    const a = connect(new Y.Doc())
    const b = connect(new Y.Doc())
    a.setPresence({ name: 'Ada Lovelace', color: '#1d4ed8', requestId: 'r1' })
    const peers = await until(() => b.peers().length === 1 && b.peers())
    expect(peers[0]).toMatchObject({ name: 'Ada Lovelace', initials: 'AL', requestId: 'r1' })
    expect(a.peers()).toEqual([])
  })

  it('reports a refusal with its close code and stops', async () => {
    const a = connect(new Y.Doc(), { token: 'not-a-token' })
    const status = await until(() => a.status().closed !== null && a.status())
    expect(status).toMatchObject({ state: 'offline', closed: { code: 4401 } })
  })
})

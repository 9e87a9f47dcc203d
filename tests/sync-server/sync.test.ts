/** Real y-websocket providers over real sockets converge through the sync-server. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { CLOSE_UNAUTHORIZED } from '../../sync-server/sync.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { closeEvent, connectRaw, openSocket } from '../helpers/y-client.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let server: TestServer
const providers: WebsocketProvider[] = []

beforeEach(async () => {
  server = await startTestServer({ transport: unusedTransport })
})

afterEach(async () => {
  for (const provider of providers.splice(0)) provider.destroy()
  await server.remove()
})

function provider(room: string, token: string, doc = new Y.Doc()) {
  const p = new WebsocketProvider(`ws://127.0.0.1:${server.port}/sync`, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params: { token },
  })
  providers.push(p)
  return p
}

function synced(p: WebsocketProvider): Promise<void> {
  return p.synced ? Promise.resolve() : new Promise((resolve) => p.once('sync', () => resolve()))
}

async function until<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function shareTokenFor(workspace: string): Promise<string> {
  const response = await fetch(`${server.url}/sync/share`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.secrets.accessToken}` },
    body: JSON.stringify({ workspace, access: 'edit', name: workspace }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

describe('sync', () => {
  it('two providers in one room converge, both ways, with awareness passed through', async () => {
    const a = provider('ws-1', server.secrets.accessToken)
    const b = provider('ws-1', server.secrets.accessToken)
    await Promise.all([synced(a), synced(b)])
    a.doc.getMap('requests').set('r1', 'GET /a')
    b.doc.getMap('requests').set('r2', 'POST /b')
    await until(() => (b.doc.getMap('requests').get('r1') as string | undefined) ?? undefined)
    await until(() => (a.doc.getMap('requests').get('r2') as string | undefined) ?? undefined)
    expect(a.doc.getMap('requests').toJSON()).toEqual(b.doc.getMap('requests').toJSON())

    a.awareness.setLocalStateField('user', { name: 'Ada' })
    const seen = await until(() => {
      const state = b.awareness.getStates().get(a.doc.clientID) as { user?: { name: string } } | undefined
      return state?.user?.name
    })
    expect(seen).toBe('Ada')
  })

  it('keeps rooms apart', async () => {
    const a = provider('ws-a', server.secrets.accessToken)
    const b = provider('ws-b', server.secrets.accessToken)
    await Promise.all([synced(a), synced(b)])
    a.doc.getMap('m').set('only', 'a')
    const c = provider('ws-a', server.secrets.accessToken)
    await until(() => (c.doc.getMap('m').get('only') as string | undefined) ?? undefined)
    expect(b.doc.getMap('m').get('only')).toBeUndefined()
  })

  it('a share token opens its own workspace and no other', async () => {
    const token = await shareTokenFor('ws-shared')
    const owner = provider('ws-shared', server.secrets.accessToken)
    await synced(owner)
    owner.doc.getMap('m').set('k', 'v')
    const guest = provider('ws-shared', token)
    await until(() => (guest.doc.getMap('m').get('k') as string | undefined) ?? undefined)

    const other = await openSocket(`ws://127.0.0.1:${server.port}/sync/ws-private?token=${token}`)
    expect((await closeEvent(other)).code).toBe(CLOSE_UNAUTHORIZED)
  })

  it('refuses a missing or wrong token before any room state is sent', async () => {
    for (const query of ['', '?token=', `?token=${'0'.repeat(64)}`]) {
      const ws = await openSocket(`ws://127.0.0.1:${server.port}/sync/ws-1${query}`)
      const messages: Buffer[] = []
      ws.on('message', (data: Buffer) => messages.push(data))
      expect((await closeEvent(ws)).code).toBe(CLOSE_UNAUTHORIZED)
      expect(messages).toEqual([])
    }
  })

  it('the share endpoint itself needs the access token: a share token is not enough', async () => {
    const response = await fetch(`${server.url}/sync/share?workspace=ws-1`, {
      headers: { authorization: `Bearer ${await shareTokenFor('ws-1')}` },
    })
    expect(response.status).toBe(401)
  })

  it('keeps what was acknowledged across a restart, and a restart keeps the invite links valid', async () => {
    const token = await shareTokenFor('ws-keep')
    const writer = await connectRaw(`ws://127.0.0.1:${server.port}/sync/ws-keep?token=${token}`)
    writer.doc.getText('body').insert(0, 'persisted text')
    await writer.ack()
    writer.close()
    const dataDir = server.dataDir
    await server.close()

    server = await startTestServer({ transport: unusedTransport }, { dataDir })
    const reader = provider('ws-keep', token)
    await synced(reader)
    expect(reader.doc.getText('body').toString()).toBe('persisted text')
  })
})

/**
 * Socket.IO through the relay's bridge (`/relay/socketio`) to a real socket.io server: connect
 * with auth and headers, emit with an acknowledgement, a server broadcast, namespaces, reconnect
 * after the server drops the connection, `Disconnect` reaching the server, and v2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectViaRelay, type RelayedTarget } from '../../src/runtime/realtime/socketio/relay-connection.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import type { RelayEndpoint } from '../../src/runtime/transport/select.ts'
import { NodeSocket, recordSio, startSioServer, viaRelay, type SioServer } from '../helpers/socketio.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

let upstream: SioServer
let node: NodeTransport
let server: TestServer
let relay: RelayEndpoint

beforeAll(async () => {
  upstream = await startSioServer()
  node = createNodeTransport()
  server = await startTestServer({ transport: node })
  relay = { url: `${server.url}/relay`, token: server.secrets.accessToken }
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await upstream.close()
})

function via(fields: Partial<RelayedTarget> = {}, endpoint = relay) {
  return viaRelay(endpoint, upstream.url, { headers: [['X-Trace', 'relayed']], ...fields })
}

describe('Socket.IO through the relay', () => {
  it('connects with the auth payload and every header; a refusal comes with the server’s reason', async () => {
    const c = via()
    await c.until(() => c.events.length > 0, 'welcome')
    expect(c.seen[0]).toBe('open')
    expect(c.events[0]!.args[0]).toMatchObject({ header: 'relayed' })
    c.connection.close()

    const bad = via({ auth: { token: 'wrong' } })
    await bad.until(bad.ended, 'the refusal')
    expect(bad.seen).toEqual(['failure not authorized {"reason":"token"}', 'closed not authorized false'])
  })

  it('emits with an acknowledgement; receives broadcasts, only the events named', async () => {
    const all = via()
    const some = via({ events: ['broadcast'] })
    await all.until(() => all.seen.includes('open'), 'open')
    await some.until(() => some.seen.includes('open'), 'open')
    expect(await all.ack('add', [2, 40])).toEqual([42])
    all.connection.emit('shout', ['hi'])
    await some.until(() => some.events.length > 0, 'broadcast')
    await all.until(() => all.events.some((e) => e.name === 'broadcast'), 'broadcast')
    expect(some.events).toEqual([{ name: 'broadcast', args: ['HI'] }])
    all.connection.close()
    some.connection.close()
  })

  it('connects to a namespace', async () => {
    const c = via({ namespace: '/chat' })
    await c.until(() => c.events.length > 0, 'chat-hello')
    expect(c.events).toEqual([{ name: 'chat-hello', args: ['/chat'] }])
    c.connection.close()
  })

  it('reconnects after the server drops the connection', async () => {
    const c = via()
    await c.until(() => c.seen.includes('open'), 'open')
    c.connection.emit('drop-me', [])
    await c.until(() => c.seen.filter((s) => s === 'open').length === 2, 'the second open')
    expect(c.seen).toContain('reconnecting 1')
    expect(c.ended()).toBe(false)
    c.connection.close()
  })

  it('Disconnect reaches the server as a client disconnect', async () => {
    const before = upstream.disconnects.length
    const c = via()
    await c.until(() => c.seen.includes('open'), 'open')
    c.connection.close()
    // An earlier test's socket may still be going away: look for this one's reason among those since.
    const since = () => upstream.disconnects.slice(before)
    await c.until(() => since().includes('client namespace disconnect'), 'the server to see it')
    expect(since()).toContain('client namespace disconnect')
    await c.until(c.ended, 'closed')
    expect(c.seen.at(-1)).toBe('closed io client disconnect true')
  })

  it('speaks v2 (Engine.IO 3) upstream when asked', async () => {
    const c = recordSio((handlers) =>
      connectViaRelay(
        relay,
        {
          url: `${upstream.url}/?token=secret`,
          path: '/socket.io',
          namespace: '/',
          version: 'v2',
          headers: [['X-Trace', 'v2']],
          events: [],
        },
        handlers,
        NodeSocket,
      ),
    )
    await c.until(() => c.events.length > 0, 'welcome')
    expect(c.events[0]!.args[0]).toMatchObject({ header: 'v2' })
    expect(await c.ack('add', [1, 2])).toEqual([3])
    const before = upstream.disconnects.length
    c.connection.close()
    // An earlier test's socket may still be going away: look for this one's reason among those since.
    const since = () => upstream.disconnects.slice(before)
    await c.until(() => since().includes('client namespace disconnect'), 'the server to see it')
    expect(since()).toContain('client namespace disconnect')
  })

  it('names a relay it cannot reach with a wrong token', async () => {
    const c = via({}, { ...relay, token: 'wrong' })
    await c.until(c.ended, 'the failure')
    expect(c.seen[0]).toMatch(/^failure the relay's Socket.IO bridge could not be reached/)
  })
})

/** The WebSocket kind through the relay's bridge and directly, against the real `ws` fixture. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { makeRequest, makeRow } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { directConnector, unsendableHeaders } from '../../src/runtime/realtime/websocket/direct-connection.ts'
import { prepareWebSocket } from '../../src/runtime/realtime/websocket/prepare.ts'
import { webSocketUrl } from '../../src/runtime/realtime/websocket/url.ts'
import { relayConnector } from '../../src/runtime/realtime/websocket/relay-connection.ts'
import type { WebSocketClass, WsConnector } from '../../src/runtime/realtime/websocket/types.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { open } from '../helpers/ws-connection.ts'

const Socket = NodeWebSocket as unknown as WebSocketClass
let upstream: WsServer
let node: NodeTransport
let server: TestServer
let relay: WsConnector

beforeAll(async () => {
  upstream = await startWsServer()
  node = createNodeTransport()
  server = await startTestServer({ transport: node })
  relay = relayConnector({ url: `${server.url}/relay`, token: server.secrets.accessToken }, Socket)
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await upstream.close()
})

describe('WebSocket through the relay bridge', () => {
  it('sends the request headers, reports the handshake and passes text and binary both ways', async () => {
    const prepared = await prepareWebSocket(
      {
        request: makeRequest({
          kind: 'websocket',
          url: '{{base}}/needs-header',
          headers: [makeRow({ key: 'X-Test', value: '{{tag}}' })],
          cookies: [makeRow({ key: 'session', value: 'abc' })],
          auth: { type: 'bearer', token: 't0k' },
        }),
        variables: new VariableContext([
          {
            scope: 'environment',
            variables: [
              { key: 'base', value: upstream.url },
              { key: 'tag', value: 'yes' },
            ],
          },
        ]),
      },
      { transport: node },
    )
    if (!prepared.ok) throw new Error(prepared.error)
    const c = open(relay, { url: prepared.wire.url, headers: prepared.wire.headers })
    await c.until(() => c.received.length === 1)
    expect(c.handshake?.status).toBe(101)
    expect(c.handshake?.headers.some(([name]) => name.toLowerCase() === 'sec-websocket-accept')).toBe(true)
    expect(JSON.parse(c.received[0] as string)).toEqual({
      'x-test': 'yes',
      cookie: 'session=abc',
      authorization: 'Bearer t0k',
    })
    c.connection.send('hello')
    c.connection.send(new Uint8Array([0, 1, 255]))
    c.connection.send('binary:300')
    await c.until(() => c.received.length === 4)
    expect(c.received[1]).toBe('hello')
    expect(c.received[2]).toEqual(new Uint8Array([0, 1, 255]))
    expect((c.received[3] as Uint8Array).length).toBe(300)
    c.connection.send('close:4001:done here')
    await c.until(() => c.closed !== undefined)
    expect(c.closed).toEqual({ code: 4001, reason: 'done here', by: 'server' })
  })

  it('reports a refused upgrade with its status and body', async () => {
    const c = open(relay, { url: `${upstream.url}/needs-header`, headers: [] })
    await c.until(() => c.failure !== undefined)
    expect(c.failure).toMatchObject({ code: 'refused', status: 403, body: 'X-Test header missing' })
    expect(c.failure?.message).toMatch(/refused the WebSocket upgrade: 403/)
  })

  it('names an unreachable host, a bad URL and this server’s own API', async () => {
    const down = open(relay, { url: 'ws://127.0.0.1:9/', headers: [] })
    await down.until(() => down.failure !== undefined)
    expect(down.failure).toMatchObject({ code: 'unreachable' })
    expect(down.failure?.message).toMatch(/Could not connect to 127\.0\.0\.1:9/)
    const bad = open(relay, { url: 'ftp://x/', headers: [] })
    await bad.until(() => bad.failure !== undefined)
    expect(bad.failure?.message).toMatch(/ws:\/\/ or wss:\/\//)
    const self = open(relay, { url: `ws://127.0.0.1:${server.port}/sync/room`, headers: [] })
    await self.until(() => self.failure !== undefined)
    expect(self.failure?.message).toMatch(/own \/sync\/room/)
  })

  it('passes a flood in order (batched on the way to the app)', async () => {
    const c = open(relay, { url: `${upstream.url}/echo`, headers: [] })
    await c.until(() => c.handshake !== undefined)
    c.connection.send('flood:5000')
    await c.until(() => c.received.length === 5000)
    expect(c.received.every((m, i) => m === `message ${i}`)).toBe(true)
    c.connection.close()
  })

  it('closes from the app with a code and reason', async () => {
    const c = open(relay, { url: `${upstream.url}/echo`, headers: [] })
    await c.until(() => c.handshake !== undefined)
    c.connection.close(4002, 'bye')
    await c.until(() => c.closed !== undefined)
    expect(c.closed).toMatchObject({ code: 4002, reason: 'bye', by: 'client' })
  })

  it('refuses a caller without the token', async () => {
    const c = open(relayConnector({ url: `${server.url}/relay`, token: 'wrong' }, Socket), {
      url: `${upstream.url}/echo`,
      headers: [],
    })
    await c.until(() => c.failure !== undefined)
    expect(c.failure?.message).toMatch(/bridge could not be reached/)
  })
})

describe('WebSocket without a relay', () => {
  it('connects with the host WebSocket and names the headers it cannot send', async () => {
    const c = open(directConnector(Socket), { url: `${upstream.url}/echo`, headers: [] })
    await c.until(() => c.handshake !== undefined)
    c.connection.send('hi')
    await c.until(() => c.received.length === 1)
    expect(c.received[0]).toBe('hi')
    c.connection.close()
    await c.until(() => c.closed !== undefined)
    expect(
      unsendableHeaders([
        ['X-Test', '1'],
        ['User-Agent', 'x'],
        ['Cookie', 'a=b'],
      ]),
    ).toEqual(['X-Test', 'Cookie'])
  })

  it('turns http(s) and bare hosts into WebSocket URLs and names a wrong scheme', () => {
    expect(webSocketUrl('https://h/p')).toEqual({ ok: true, url: 'wss://h/p' })
    expect(webSocketUrl('h:8080/p')).toEqual({ ok: true, url: 'ws://h:8080/p' })
    expect(webSocketUrl('ftp://h')).toMatchObject({ ok: false, error: expect.stringMatching(/not ftp:/) })
    expect(webSocketUrl('ws://[bad')).toMatchObject({ ok: false, error: 'Invalid URL: ws://[bad' })
  })
})

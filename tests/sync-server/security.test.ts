/**
 * Every rule that keeps the relay from being an open door, each checked against the running
 * server: token, origins, CORS, Host, line breaks, limits. Each test also checks the upstream
 * was never contacted when the call is refused.
 */
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeRelayRequest } from '../../src/runtime/transport/relay-protocol.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { createRelayTransport } from '../../src/runtime/transport/relay.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { logIn, startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { closeEvent } from '../helpers/y-client.ts'
import WebSocket from 'ws'

const ALLOWED = 'http://localhost:5173'
let echo: EchoServer
let node: NodeTransport
let server: TestServer

beforeAll(async () => {
  echo = await startEchoServer()
  node = createNodeTransport()
  server = await startTestServer(
    { transport: node },
    { args: ['--allow-origin', ALLOWED, '--max-request-bytes', '100000', '--max-response-bytes', '5000'] },
  )
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await echo.close()
})

/** Raw HTTP, so Host, Origin and Sec-Fetch-Site can be anything a browser or attacker sends. */
function call(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Uint8Array } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const relayBody = (url = `${echo.url}/get`, headers: [string, string][] = []) =>
  encodeRelayRequest({ method: 'GET', url, headers, body: null }, {})
const auth = () => ({ authorization: `Bearer ${server.secrets.accessToken}` })

async function refusedWithoutUpstream(run: () => Promise<{ status: number }>, status: number) {
  const before = echo.seen.length
  expect((await run()).status).toBe(status)
  expect(echo.seen.length).toBe(before)
}

describe('relay security', () => {
  it('listens on loopback by default', () => {
    expect(server.config.host).toBe('127.0.0.1')
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
  })

  it('every relay call needs the access token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: server.secrets.accessToken },
    ]
    for (const headers of attempts) {
      await refusedWithoutUpstream(() => call('/relay', { method: 'POST', headers, body: relayBody() }), 401)
    }
    await refusedWithoutUpstream(
      () => call('/relay/test-proxy', { method: 'POST', body: new TextEncoder().encode('{}') }),
      401,
    )
    expect((await call('/relay', { method: 'POST', headers: auth(), body: relayBody() })).status).toBe(200)
  })

  it('refuses other origins, without CORS headers, even with the token', async () => {
    const evil = { ...auth(), origin: 'http://evil.example' }
    const before = echo.seen.length
    const refused = await call('/relay', { method: 'POST', headers: evil, body: relayBody() })
    expect(refused.status).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    expect(echo.seen.length).toBe(before)
    const preflight = await call('/relay', {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const sameSite = await call('/relay', {
      method: 'POST',
      headers: { ...auth(), origin: 'http://127.0.0.1:1' },
      body: relayBody(),
    })
    expect(sameSite.status).toBe(403)
  })

  it('a configured origin gets CORS for itself only; the own origin needs none', async () => {
    const preflight = await call('/relay', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization')
    const allowed = await call('/relay', {
      method: 'POST',
      headers: { ...auth(), origin: ALLOWED },
      body: relayBody(),
    })
    expect(allowed.status).toBe(200)
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED)
    const own = await call('/relay', {
      method: 'POST',
      headers: { ...auth(), origin: server.url },
      body: relayBody(),
    })
    expect(own.status).toBe(200)
    expect(own.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('gives the token only to a same-origin page of its own, on a name that is its own', async () => {
    const host = `127.0.0.1:${server.port}`
    const cookie = await logIn(server.loginUrl())
    const ok = await call('/relay/token', { headers: { 'sec-fetch-site': 'same-origin', cookie } })
    expect(ok.status).toBe(200)
    expect(JSON.parse(ok.body)).toEqual({ token: server.secrets.accessToken })
    expect(ok.headers['cache-control']).toBe('no-store')
    const refusals: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: ALLOWED },
      { 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' },
      // DNS rebinding: the browser thinks evil.example is same-origin, but the Host says whose page it is.
      { 'sec-fetch-site': 'same-origin', host: `evil.example:${server.port}` },
    ]
    for (const headers of refusals) {
      const refused = await call('/relay/token', { headers: { host, cookie, ...headers } })
      expect(refused.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400)
      expect(refused.body).not.toContain(server.secrets.accessToken)
      expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    }
  })

  it('answers no request under a host name that is not its own (DNS rebinding)', async () => {
    const rebound = { ...auth(), host: `attacker.example:${server.port}` }
    await refusedWithoutUpstream(
      () => call('/relay', { method: 'POST', headers: rebound, body: relayBody() }),
      421,
    )
    expect((await call('/', { headers: { host: `localhost:${server.port}` } })).status).not.toBe(421)
  })

  it('answers an unparsable request target with 400 and goes on', async () => {
    for (const target of ['http://[', 'http://[::1']) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () =>
          socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`),
        )
        let text = ''
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      expect(raw).toMatch(/^HTTP\/1\.1 400/)
    }
    expect((await call('/relay', { method: 'POST', headers: auth(), body: relayBody() })).status).toBe(200)
  })

  it('refuses header values and names with line breaks', async () => {
    for (const headers of [
      [['X-Evil', 'a\r\nInjected: yes']],
      [['X-Evil', 'a\nb']],
      [['X-Evil\r\nInjected', 'yes']],
      [['X Bad Name', 'yes']],
    ] as [string, string][][]) {
      await refusedWithoutUpstream(
        () =>
          call('/relay', { method: 'POST', headers: auth(), body: relayBody(`${echo.url}/get`, headers) }),
        400,
      )
    }
  })

  it('bounds the request size, the response size and, in the client, maps them to too-large', async () => {
    await refusedWithoutUpstream(
      () =>
        call('/relay', {
          method: 'POST',
          headers: auth(),
          body: encodeRelayRequest(
            { method: 'POST', url: `${echo.url}/post`, headers: [], body: new Uint8Array(200_000) },
            {},
          ),
        }),
      413,
    )
    const relay = createRelayTransport({ baseUrl: server.url, token: server.secrets.accessToken })
    // The caller asks for more than the server allows: the server's limit wins.
    await expect(
      relay.send(
        { method: 'GET', url: `${echo.url}/bytes/60000`, headers: [], body: null },
        {
          maxResponseBytes: 10_000_000,
        },
      ),
    ).rejects.toMatchObject({ code: 'too-large' })
    await expect(
      relay
        .send({ method: 'GET', url: `${echo.url}/sse?count=0&interval=1`, headers: [], body: null }, {})
        .then(async (response) => {
          const reader = response.bodyStream!.getReader()
          for (;;) if ((await reader.read()).done) return
        }),
    ).rejects.toMatchObject({ code: 'too-large' })
  })

  it('refuses a sync upgrade from another origin, and one without a token', async () => {
    const evil = new WebSocket(
      `ws://127.0.0.1:${server.port}/sync/ws-1?token=${server.secrets.accessToken}`,
      {
        origin: 'http://evil.example',
      },
    )
    const status = await new Promise<number>((resolve) =>
      evil.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    )
    expect(status).toBe(403)
    const anonymous = new WebSocket(`ws://127.0.0.1:${server.port}/sync/ws-1`, { origin: server.url })
    expect((await closeEvent(anonymous)).code).toBe(4401)
  })
})

/**
 * The WebSocket bridge with the request's network settings, all real on 127.0.0.1: `wss://` with
 * the custom CA from Settings, client certificates (mTLS), HTTP proxies (CONNECT, auth, bypass)
 * and SOCKS5, as the HTTP relay honours them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import type { ClientCertificate, TlsSettings } from '../../src/model/settings.ts'
import { relayConnector } from '../../src/runtime/realtime/websocket/relay-connection.ts'
import type { WebSocketClass, WsConnector, WsTarget } from '../../src/runtime/realtime/websocket/types.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import {
  proxySettings,
  startHttpProxy,
  startSocksProxy,
  type CountingProxy,
} from '../helpers/proxy-servers.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { open } from '../helpers/ws-connection.ts'

let certs: TestCerts
let plain: WsServer
let secure: WsServer
let mutual: WsServer
let proxy: CountingProxy
let authProxy: CountingProxy
let node: NodeTransport
let server: TestServer
let relay: WsConnector

beforeAll(async () => {
  certs = makeTestCerts()
  plain = await startWsServer()
  secure = await startWsServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
  mutual = await startWsServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
  proxy = await startHttpProxy()
  authProxy = await startHttpProxy({ credentials: { username: 'ann', password: 's3cret' } })
  node = createNodeTransport()
  server = await startTestServer({ transport: node })
  relay = relayConnector(
    { url: `${server.url}/relay`, token: server.secrets.accessToken },
    NodeWebSocket as unknown as WebSocketClass,
  )
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await Promise.all([plain, secure, mutual, proxy, authProxy].map((s) => s.close()))
})

const tls = (extra: Partial<TlsSettings> = {}): TlsSettings => ({
  verify: true,
  caPem: [certs.caPem],
  clientCertificates: [],
  ...extra,
})

/** Connects, sends `peer` once open, and returns the connection with its first answer. */
async function peer(target: WsTarget) {
  const c = open(relay, target)
  await c.until(() => c.handshake !== undefined || c.failure !== undefined)
  if (c.failure) return { c, answer: undefined }
  c.connection.send('peer')
  await c.until(() => c.received.length === 1)
  c.connection.close()
  return { c, answer: JSON.parse(c.received[0] as string) as { cn: string | null } }
}

describe('wss:// through the bridge', () => {
  it('trusts the server with the custom CA from Settings and passes messages', async () => {
    const c = open(relay, { url: `${secure.url}/echo`, headers: [], tls: tls() })
    await c.until(() => c.handshake !== undefined || c.failure !== undefined)
    expect(c.failure).toBeUndefined()
    expect(c.handshake?.status).toBe(101)
    c.connection.send('over tls')
    await c.until(() => c.received.length === 1)
    expect(c.received[0]).toBe('over tls')
    c.connection.close()
  })

  it('names an untrusted certificate as the HTTP relay does, and how to fix it', async () => {
    for (const caPem of [[], [certs.otherCaPem]]) {
      const c = open(relay, { url: `${secure.url}/echo`, headers: [], tls: tls({ caPem }) })
      await c.until(() => c.failure !== undefined)
      expect(c.handshake).toBeUndefined()
      expect(c.failure?.code).toBe('tls')
      expect(c.failure?.message).toContain(`The SSL certificate of 127.0.0.1:${secure.port} is not trusted`)
      expect(c.failure?.message).toContain('Settings → Zertifikate')
    }
  })

  it('connects without the CA when verification is off', async () => {
    const c = open(relay, { url: `${secure.url}/echo`, headers: [], tls: tls({ verify: false, caPem: [] }) })
    await c.until(() => c.handshake !== undefined || c.failure !== undefined)
    expect(c.failure).toBeUndefined()
    c.connection.close()
  })
})

const pem: ClientCertificate = { host: '127.0.0.1', certPem: '', keyPem: '' }
const client = (): ClientCertificate => ({ ...pem, certPem: certs.clientCert, keyPem: certs.clientKey })

describe('client certificates through the bridge', () => {
  it('presents the certificate configured for the host (PEM and PFX)', async () => {
    const { c, answer } = await peer({
      url: `${mutual.url}/echo`,
      headers: [],
      tls: tls({ clientCertificates: [client()] }),
    })
    expect(c.failure).toBeUndefined()
    expect(answer).toEqual({ cn: 'sendbox-client' })
    const pfx = await peer({
      url: `${mutual.url}/echo`,
      headers: [],
      tls: tls({
        clientCertificates: [
          { host: `127.0.0.1:${mutual.port}`, pfx: certs.clientPfx, passphrase: certs.pfxPassphrase },
        ],
      }),
    })
    expect(pfx.answer).toEqual({ cn: 'sendbox-client' })
  })

  it('fails with a clear handshake error without a certificate for that host', async () => {
    for (const clientCertificates of [[], [{ ...client(), host: 'other.example' }]]) {
      const c = open(relay, { url: `${mutual.url}/echo`, headers: [], tls: tls({ clientCertificates }) })
      await c.until(() => c.failure !== undefined)
      expect(c.handshake).toBeUndefined()
      expect(c.failure?.code).toBe('tls')
      expect(c.failure?.message).toBe(
        `127.0.0.1:${mutual.port} requires a client certificate; add one for this host in Settings → Zertifikate`,
      )
    }
  })

  it('says the server rejected a certificate it does not accept, and names a wrong passphrase', async () => {
    const stranger = open(relay, {
      url: `${mutual.url}/echo`,
      headers: [],
      tls: tls({ clientCertificates: [{ ...pem, certPem: certs.strangerCert, keyPem: certs.strangerKey }] }),
    })
    await stranger.until(() => stranger.failure !== undefined)
    expect(stranger.failure?.code).toBe('tls')
    expect(stranger.failure?.message).toBe(
      `127.0.0.1:${mutual.port} closed the connection right after the TLS handshake: it did not accept the client certificate`,
    )
    const wrong = open(relay, {
      url: `${mutual.url}/echo`,
      headers: [],
      tls: tls({ clientCertificates: [{ host: '*', pfx: certs.clientPfx, passphrase: 'nope' }] }),
    })
    await wrong.until(() => wrong.failure !== undefined)
    expect(wrong.failure?.code).toBe('tls')
    expect(wrong.failure?.message).toBe(
      'Could not load the client certificate for 127.0.0.1: wrong passphrase or damaged file',
    )
  })
})

describe('proxies for the bridge', () => {
  it('tunnels ws:// and wss:// through an HTTP proxy (the proxy sees the CONNECT)', async () => {
    const before = proxy.tunnels.length
    const ws = open(relay, {
      url: `${plain.url}/echo`,
      headers: [],
      proxy: proxySettings('http', proxy.port),
    })
    await ws.until(() => ws.handshake !== undefined || ws.failure !== undefined)
    expect(ws.failure).toBeUndefined()
    ws.connection.send('via proxy')
    await ws.until(() => ws.received.length === 1)
    expect(ws.received[0]).toBe('via proxy')
    ws.connection.close()
    const { c, answer } = await peer({
      url: `${mutual.url}/echo`,
      headers: [],
      proxy: proxySettings('http', proxy.port),
      tls: tls({ clientCertificates: [client()] }),
    })
    expect(c.failure).toBeUndefined()
    expect(answer).toEqual({ cn: 'sendbox-client' })
    expect(proxy.tunnels.slice(before)).toEqual([`127.0.0.1:${plain.port}`, `127.0.0.1:${mutual.port}`])
  })

  it('sends the proxy credentials and names a refused tunnel', async () => {
    const before = authProxy.authorizations.length
    const settings = proxySettings('http', authProxy.port, { username: 'ann', password: 's3cret' })
    const ok = open(relay, { url: `${secure.url}/echo`, headers: [], proxy: settings, tls: tls() })
    await ok.until(() => ok.handshake !== undefined || ok.failure !== undefined)
    expect(ok.failure).toBeUndefined()
    ok.connection.close()
    expect(authProxy.authorizations.slice(before)).toEqual([`Basic ${btoa('ann:s3cret')}`])
    expect(authProxy.tunnels.at(-1)).toBe(`127.0.0.1:${secure.port}`)

    const refused = open(relay, {
      url: `${plain.url}/echo`,
      headers: [],
      proxy: { ...settings, password: 'wrong' },
    })
    await refused.until(() => refused.failure !== undefined)
    expect(refused.failure?.code).toBe('proxy')
    expect(refused.failure?.message).toContain(
      `refused the tunnel to 127.0.0.1:${plain.port}: 407 Proxy Authentication Required (the proxy rejected the username or password)`,
    )
  })

  it('goes direct for a host on the bypass list', async () => {
    const before = proxy.tunnels.length + proxy.forwarded.length
    const c = open(relay, {
      url: `${plain.url}/echo`,
      headers: [],
      proxy: proxySettings('http', proxy.port, { bypass: 'example.org, 127.0.0.1' }),
    })
    await c.until(() => c.handshake !== undefined || c.failure !== undefined)
    expect(c.failure).toBeUndefined()
    c.connection.close()
    expect(proxy.tunnels.length + proxy.forwarded.length).toBe(before)
  })

  it('opens wss:// through a SOCKS5 proxy with credentials', async () => {
    const socks = await startSocksProxy({ username: 'sam', password: 'pw' })
    try {
      const { c, answer } = await peer({
        url: `${mutual.url}/echo`,
        headers: [],
        proxy: proxySettings('socks5', socks.port, { username: 'sam', password: 'pw' }),
        tls: tls({ clientCertificates: [client()] }),
      })
      expect(c.failure).toBeUndefined()
      expect(answer).toEqual({ cn: 'sendbox-client' })
      expect(socks.connections).toEqual([`127.0.0.1:${mutual.port}`])
    } finally {
      // Not awaited: this SOCKS server's close waits on more than its sockets after a TLS tunnel.
      void socks.close()
    }
  })

  it('names a proxy that cannot be reached', async () => {
    const c = open(relay, { url: `${plain.url}/echo`, headers: [], proxy: proxySettings('http', 9) })
    await c.until(() => c.failure !== undefined)
    expect(c.failure?.code).toBe('proxy')
    expect(c.failure?.message).toMatch(/Could not connect to proxy 127\.0\.0\.1:9/)
  })
})

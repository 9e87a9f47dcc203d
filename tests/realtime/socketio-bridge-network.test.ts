/**
 * The Socket.IO bridge with the request's network settings, all real on 127.0.0.1: an HTTP proxy
 * (CONNECT, with credentials), an HTTPS socket.io server trusted through the custom CA from
 * Settings, and named as the HTTP relay names it when it is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TlsSettings } from '../../src/model/settings.ts'
import type { RelayedTarget } from '../../src/runtime/realtime/socketio/relay-connection.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import type { RelayEndpoint } from '../../src/runtime/transport/select.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import { proxySettings, startHttpProxy, type CountingProxy } from '../helpers/proxy-servers.ts'
import { startSioServer, viaRelay, type SioServer } from '../helpers/socketio.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

let certs: TestCerts
let plain: SioServer
let secure: SioServer
let mutual: SioServer
let proxy: CountingProxy
let node: NodeTransport
let server: TestServer
let relay: RelayEndpoint

beforeAll(async () => {
  certs = makeTestCerts()
  plain = await startSioServer()
  secure = await startSioServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
  mutual = await startSioServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
  proxy = await startHttpProxy({ credentials: { username: 'ann', password: 's3cret' } })
  node = createNodeTransport()
  server = await startTestServer({ transport: node })
  relay = { url: `${server.url}/relay`, token: server.secrets.accessToken }
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await Promise.all([plain, secure, mutual, proxy].map((s) => s.close()))
})

const tls = (extra: Partial<TlsSettings> = {}): TlsSettings => ({
  verify: true,
  caPem: [certs.caPem],
  clientCertificates: [],
  ...extra,
})

function via(fields: Partial<RelayedTarget>, endpoint = relay) {
  return viaRelay(endpoint, plain.url, fields)
}

describe('Socket.IO bridge: proxy and TLS', () => {
  it('goes through an HTTP proxy with credentials (CONNECT), polling and WebSocket alike', async () => {
    const c = via({
      proxy: proxySettings('http', proxy.port, { username: 'ann', password: 's3cret' }),
    })
    await c.until(() => c.events.length > 0, 'welcome')
    expect(await c.ack('add', [20, 22])).toEqual([42])
    c.connection.close()
    expect(proxy.tunnels.filter((t) => t === `127.0.0.1:${plain.port}`).length).toBeGreaterThanOrEqual(2)
    expect(proxy.authorizations.some((a) => a?.startsWith('Basic '))).toBe(true)
  })

  it('names a refused tunnel, as the HTTP relay does', async () => {
    const c = via({ proxy: proxySettings('http', proxy.port, { username: 'ann', password: 'wrong' }) })
    await c.until(() => c.seen.some((s) => s.startsWith('failure')), 'the failure')
    c.connection.close()
    expect(c.seen[0]).toBe(
      `failure HTTP proxy 127.0.0.1:${proxy.port} refused the tunnel to 127.0.0.1:${plain.port}: 407 Proxy Authentication Required (the proxy rejected the username or password)`,
    )
  })

  it('reaches an HTTPS server through the proxy, trusted through the custom CA', async () => {
    const before = proxy.tunnels.length
    const c = via({
      url: secure.url,
      tls: tls(),
      proxy: proxySettings('http', proxy.port, { username: 'ann', password: 's3cret' }),
    })
    await c.until(() => c.events.length > 0, 'welcome')
    expect(await c.ack('add', [3, 4])).toEqual([7])
    c.connection.close()
    expect(proxy.tunnels.slice(before)).toContain(`127.0.0.1:${secure.port}`)
  })

  it('trusts an HTTPS server through the custom CA from Settings', async () => {
    const c = via({ url: secure.url, tls: tls() })
    await c.until(() => c.events.length > 0, 'welcome')
    expect(c.seen[0]).toBe('open')
    expect(await c.ack('add', [1, 1])).toEqual([2])
    c.connection.close()
  })

  it('names an untrusted certificate as the HTTP relay does', async () => {
    const c = via({ url: secure.url, tls: tls({ caPem: [certs.otherCaPem] }) })
    await c.until(() => c.seen.some((s) => s.startsWith('failure')), 'the failure')
    expect(c.seen[0]).toContain(`The SSL certificate of 127.0.0.1:${secure.port} is not trusted`)
    expect(c.seen[0]).toContain('Settings → Zertifikate')
    c.connection.close()
  })
})

describe('Socket.IO bridge: client certificates', () => {
  it('presents the certificate configured for the host', async () => {
    const c = via({
      url: mutual.url,
      tls: tls({
        clientCertificates: [{ host: '127.0.0.1', certPem: certs.clientCert, keyPem: certs.clientKey }],
      }),
    })
    await c.until(() => c.events.length > 0, 'welcome')
    expect(c.seen[0]).toBe('open')
    c.connection.close()
  })

  it('fails, with the server named, without a certificate for that host', async () => {
    const c = via({ url: mutual.url, tls: tls() })
    await c.until(() => c.seen.some((s) => s.startsWith('failure')), 'the failure')
    c.connection.close()
    expect(c.seen.some((s) => s === 'open')).toBe(false)
    expect(c.seen[0]).toBe(
      `failure 127.0.0.1:${mutual.port} requires a client certificate; add one for this host in Settings → Zertifikate`,
    )
  })
})

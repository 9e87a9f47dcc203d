/**
 * The per-request options the page hands the relay reach the Node transport: a real HTTP
 * proxy, a real SOCKS5 proxy, and a TLS server that demands a client certificate.
 */
import http from 'node:http'
import net from 'node:net'
import { createServer as createSocksServer } from '@pondwader/socks5-server'
import { createProxy } from 'proxy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProxySettings } from '../../src/model/settings.ts'
import type { EchoRecord } from '../fixtures/echo-server.ts'
import {
  createNodeTransport,
  testProxyConnection,
  type NodeTransport,
} from '../../src/runtime/transport/node.ts'
import { createRelayTransport, testProxyThroughRelay } from '../../src/runtime/transport/relay.ts'
import { TransportError, type Transport } from '../../src/runtime/transport/types.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeCerts, type TestCerts } from '../helpers/certs.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

let echo: EchoServer
let tlsEcho: EchoServer
let certs: TestCerts
let node: NodeTransport
let server: TestServer
let relay: Transport
let httpProxy: http.Server
let httpProxyPort: number
const httpProxySeen: string[] = []
let socks: ReturnType<typeof createSocksServer>
let socksPort: number
const socksSeen: string[] = []
/** A port the SOCKS5 proxy will not connect to. */
let socksRefuses = -1

async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as net.AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  return port
}

beforeAll(async () => {
  certs = makeCerts()
  echo = await startEchoServer()
  tlsEcho = await startEchoServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
  httpProxy = createProxy(http.createServer())
  httpProxy.on('request', (req: http.IncomingMessage) => httpProxySeen.push(`${req.method} ${req.url}`))
  httpProxy.on('connect', (req: http.IncomingMessage) => httpProxySeen.push(`CONNECT ${req.url}`))
  await new Promise<void>((resolve) => httpProxy.listen(0, '127.0.0.1', resolve))
  httpProxyPort = (httpProxy.address() as net.AddressInfo).port
  socksPort = await freePort()
  socks = createSocksServer()
  socks.setRulesetValidator((connection) => {
    socksSeen.push(`${connection.destAddress}:${connection.destPort}`)
    return connection.destPort !== socksRefuses
  })
  await new Promise<void>((resolve) => socks.listen(socksPort, '127.0.0.1', resolve))
  node = createNodeTransport()
  server = await startTestServer({
    transport: node,
    testProxy: (proxy, options) => testProxyConnection(proxy, options),
  })
  relay = createRelayTransport({ baseUrl: server.url, token: server.secrets.accessToken })
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await echo.close()
  await tlsEcho.close()
  httpProxy.closeAllConnections()
  await new Promise((resolve) => httpProxy.close(resolve))
  await new Promise((resolve) => socks.close(() => resolve(undefined)))
})

const proxy = (type: ProxySettings['type'], port: number): ProxySettings => ({
  enabled: true,
  type,
  host: '127.0.0.1',
  port,
  bypass: '',
})

function echoed(body: Uint8Array): EchoRecord {
  return JSON.parse(new TextDecoder().decode(body)) as EchoRecord
}

describe('relay options', () => {
  it('goes through an HTTP proxy', async () => {
    const before = httpProxySeen.length
    const response = await relay.send(
      { method: 'GET', url: `${echo.url}/anything/via-http-proxy`, headers: [], body: null },
      { proxy: proxy('http', httpProxyPort) },
    )
    expect(response.status).toBe(200)
    expect(echoed(response.body).path).toBe('/anything/via-http-proxy')
    expect(httpProxySeen.slice(before).join(' ')).toContain(`127.0.0.1:${echo.port}`)
  })

  it('goes through a SOCKS5 proxy', async () => {
    const before = socksSeen.length
    const response = await relay.send(
      { method: 'GET', url: `${echo.url}/anything/via-socks`, headers: [], body: null },
      { proxy: proxy('socks5', socksPort) },
    )
    expect(response.status).toBe(200)
    expect(socksSeen.slice(before)).toContain(`127.0.0.1:${echo.port}`)
  })

  it('keeps the proxy settings of requests apart although the relay pools its connections', async () => {
    const [httpBefore, socksBefore] = [httpProxySeen.length, socksSeen.length]
    const routes: (ProxySettings | undefined)[] = [
      proxy('http', httpProxyPort),
      undefined,
      proxy('socks5', socksPort),
      undefined,
      proxy('http', httpProxyPort),
      proxy('socks5', socksPort),
      { ...proxy('http', httpProxyPort), enabled: false },
    ]
    const send = (route: ProxySettings | undefined, i: number) =>
      relay.send(
        { method: 'GET', url: `${echo.url}/anything/pooled-${i}`, headers: [], body: null },
        route ? { proxy: route } : {},
      )
    // One after another, so each request may find the previous one's kept-alive connection.
    for (const [i, route] of routes.entries()) expect((await send(route, i)).status).toBe(200)
    // And all at once.
    const together = await Promise.all(routes.map((route, i) => send(route, i + routes.length)))
    expect(together.map((response) => response.status)).toEqual(routes.map(() => 200))

    const httpSeen = httpProxySeen.slice(httpBefore).join(' ')
    const socksConnections = socksSeen.length - socksBefore
    for (const [i, route] of [...routes, ...routes].entries()) {
      const viaHttp = route?.enabled === true && route.type === 'http'
      expect(httpSeen.includes(`/anything/pooled-${i} `) || httpSeen.endsWith(`/anything/pooled-${i}`)).toBe(
        viaHttp,
      )
    }
    // SOCKS5 sees connections, not requests: at least one, and no more than its own requests.
    expect(socksConnections).toBeGreaterThan(0)
    expect(socksConnections).toBeLessThanOrEqual(4)
  })

  it('never sends a request over a connection pooled for other proxy settings', async () => {
    // The SOCKS5 proxy refuses this server: through it a request fails, directly it works. A pool
    // shared across settings would let either one ride the other's kept-alive connection.
    const other = await startEchoServer()
    socksRefuses = other.port
    try {
      const request = { method: 'GET', url: `${other.url}/anything/refused`, headers: [], body: null }
      const outcome = (options: { proxy?: ProxySettings }) =>
        relay.send(request, options).then(
          (response) => response.status,
          (error: unknown) => (error as TransportError).code,
        )
      const socksRoute = { proxy: proxy('socks5', socksPort) }
      const sequence = [{}, socksRoute, {}, socksRoute, {}]
      const seen = []
      for (const options of sequence) seen.push(await outcome(options))
      expect(seen).toEqual([200, 'proxy', 200, 'proxy', 200])
      expect(await Promise.all(sequence.map(outcome))).toEqual([200, 'proxy', 200, 'proxy', 200])
    } finally {
      socksRefuses = -1
      await other.close()
    }
  })

  it('presents a client certificate to a server that requires one, trusting the custom CA', async () => {
    const request = { method: 'GET', url: `${tlsEcho.url}/anything/mtls`, headers: [], body: null }
    const withCert = await relay.send(request, {
      tls: {
        verify: true,
        caPem: [certs.caPem],
        clientCertificates: [{ host: '127.0.0.1', certPem: certs.clientCert, keyPem: certs.clientKey }],
      },
    })
    expect(withCert.status).toBe(200)
    expect(echoed(withCert.body).path).toBe('/anything/mtls')

    const untrusted = await relay
      .send(request, { tls: { verify: true, caPem: [], clientCertificates: [] } })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(untrusted).toBeInstanceOf(TransportError)
    expect((untrusted as TransportError).code).toBe('tls')

    const withoutCert = await relay
      .send(request, { tls: { verify: true, caPem: [certs.caPem], clientCertificates: [] } })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(withoutCert).toBeInstanceOf(TransportError)
  })

  it('answers Test Connection for proxy settings', async () => {
    const options = { baseUrl: server.url, token: server.secrets.accessToken }
    const target = `${echo.url}/get`
    const ok = await testProxyThroughRelay(options, proxy('http', httpProxyPort), { target })
    expect(ok).toMatchObject({ ok: true, status: 200 })
    const dead = await testProxyThroughRelay(options, proxy('socks5', await freePort()), { target })
    expect(dead.ok).toBe(false)
  })
})

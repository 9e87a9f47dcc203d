/**
 * The per-request options the page hands the relay reach the Node transport: a real HTTP
 * proxy, a real SOCKS5 proxy, and a TLS server that demands a client certificate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EchoRecord } from '../fixtures/echo-server.ts'
import { testProxyConnection } from '../../src/runtime/transport/proxy-test.ts'
import { testProxyThroughRelay } from '../../src/runtime/transport/relay.ts'
import { TransportError, type Transport } from '../../src/runtime/transport/types.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import {
  startHttpProxy,
  startSocksProxy,
  type CountingProxy,
  type CountingSocks,
  proxySettings as proxy,
} from '../helpers/proxy-servers.ts'
import { closedPort } from '../transport/servers.ts'
import { startRelayStack, type RelayStack, type TestServer } from '../helpers/sync-server.ts'

let stack: RelayStack
let echo: EchoServer
let tlsEcho: EchoServer
let certs: TestCerts
let server: TestServer
let relay: Transport
let httpProxy: CountingProxy
let socks: CountingSocks

beforeAll(async () => {
  certs = makeTestCerts()
  stack = await startRelayStack({ testProxy: (proxy, options) => testProxyConnection(proxy, options) })
  ;({ echo, server, relay } = stack)
  tlsEcho = await startEchoServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
  httpProxy = await startHttpProxy()
  socks = await startSocksProxy()
})

afterAll(async () => {
  await stack.close()
  await tlsEcho.close()
  await httpProxy.close()
  await socks.close()
})

function echoed(body: Uint8Array): EchoRecord {
  return JSON.parse(new TextDecoder().decode(body)) as EchoRecord
}

describe('relay options', () => {
  it('goes through an HTTP proxy', async () => {
    const before = httpProxy.forwarded.length
    const response = await relay.send(
      { method: 'GET', url: `${echo.url}/anything/via-http-proxy`, headers: [], body: null },
      { proxy: proxy('http', httpProxy.port) },
    )
    expect(response.status).toBe(200)
    expect(echoed(response.body).path).toBe('/anything/via-http-proxy')
    expect(httpProxy.forwarded.slice(before).join(' ')).toContain(`127.0.0.1:${echo.port}`)
  })

  it('goes through a SOCKS5 proxy', async () => {
    const before = socks.connections.length
    const response = await relay.send(
      { method: 'GET', url: `${echo.url}/anything/via-socks`, headers: [], body: null },
      { proxy: proxy('socks5', socks.port) },
    )
    expect(response.status).toBe(200)
    expect(socks.connections.slice(before)).toContain(`127.0.0.1:${echo.port}`)
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
    const ok = await testProxyThroughRelay(options, proxy('http', httpProxy.port), { target })
    expect(ok).toMatchObject({ ok: true, status: 200 })
    const dead = await testProxyThroughRelay(options, proxy('socks5', await closedPort()), { target })
    expect(dead.ok).toBe(false)
  })
})

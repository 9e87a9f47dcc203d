import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PROXY_BYPASS, type ProxySettings, type TlsSettings } from '../../src/model/settings.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { testProxyConnection } from '../../src/runtime/transport/proxy-test.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import { failure, json, wire } from './helpers.ts'
import {
  proxySettings as proxy,
  startHttpProxy,
  startSocksProxy,
  type CountingProxy,
  type CountingSocks,
} from '../helpers/proxy-servers.ts'
import { closedPort } from './servers.ts'

let certs: TestCerts
let echo: EchoServer
let tlsEcho: EchoServer
let httpProxy: CountingProxy
let authProxy: CountingProxy
let httpsProxy: CountingProxy
let socks: CountingSocks
let authSocks: CountingSocks
let transport: NodeTransport
let tls: TlsSettings

const credentials = { username: 'ada', password: 'lovelace' }

beforeAll(async () => {
  certs = makeTestCerts()
  tls = { verify: true, caPem: [certs.caPem], clientCertificates: [] }
  echo = await startEchoServer()
  tlsEcho = await startEchoServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
  httpProxy = await startHttpProxy()
  authProxy = await startHttpProxy({ credentials })
  httpsProxy = await startHttpProxy({ tls: { key: certs.serverKey, cert: certs.serverCert } })
  socks = await startSocksProxy()
  authSocks = await startSocksProxy(credentials)
  transport = createNodeTransport()
})

afterAll(async () => {
  await transport.close()
  for (const server of [httpProxy, authProxy, httpsProxy, socks, authSocks, echo, tlsEcho])
    await server.close()
})

const get = (url: string, settings: ProxySettings, using = transport) =>
  using.send(wire('GET', url), { proxy: settings, tls, timeoutMs: 5000 })

describe('HTTP proxy', () => {
  it('forwards plain HTTP in absolute form', async () => {
    const response = await get(`${echo.url}/get?via=proxy`, proxy('http', httpProxy.port))
    expect(response.status).toBe(200)
    expect(httpProxy.forwarded.at(-1)).toBe(`${echo.url}/get?via=proxy`)
    expect(json<{ headers: [string, string][] }>(response.body).headers).toContainEqual([
      'host',
      `127.0.0.1:${echo.port}`,
    ])
  })

  it('tunnels HTTPS with CONNECT', async () => {
    const response = await get(`${tlsEcho.url}/get`, proxy('http', httpProxy.port))
    expect(response.status).toBe(200)
    expect(httpProxy.tunnels.at(-1)).toBe(`127.0.0.1:${tlsEcho.port}`)
  })

  it('sends Proxy-Authorization when credentials are set, for both forms', async () => {
    const settings = proxy('http', authProxy.port, credentials)
    expect((await get(`${echo.url}/get`, settings)).status).toBe(200)
    expect((await get(`${tlsEcho.url}/get`, settings)).status).toBe(200)
    const basic = `Basic ${Buffer.from('ada:lovelace').toString('base64')}`
    expect(authProxy.authorizations.slice(-2)).toEqual([basic, basic])
    // The credentials are for the proxy, never for the server behind it.
    expect(echo.seen.at(-1)!.headers.some(([name]) => name.toLowerCase() === 'proxy-authorization')).toBe(
      false,
    )
  })

  it('fails with a proxy error when the proxy wants credentials', async () => {
    const plain = await failure(get(`${echo.url}/get`, proxy('http', authProxy.port)))
    expect(plain.code).toBe('proxy')
    expect(plain.message).toContain(`HTTP proxy 127.0.0.1:${authProxy.port} answered 407`)
    const tunnel = await failure(
      get(`${tlsEcho.url}/get`, proxy('http', authProxy.port, { username: 'ada', password: 'x' })),
    )
    expect(tunnel.code).toBe('proxy')
    expect(tunnel.message).toContain('407')
    expect(tunnel.message).toContain('rejected the username or password')
  })

  it('fails with a proxy error naming the proxy when it cannot be reached', async () => {
    const port = await closedPort()
    const error = await failure(get(`${echo.url}/get`, proxy('http', port)))
    expect(error.code).toBe('proxy')
    expect(error.message).toBe(
      `Could not connect to proxy 127.0.0.1:${port} (ECONNREFUSED: connection refused)`,
    )
  })
})

describe('HTTPS proxy', () => {
  it('speaks TLS to the proxy, for plain and tunnelled requests', async () => {
    const settings = proxy('https', httpsProxy.port)
    expect((await get(`${echo.url}/get`, settings)).status).toBe(200)
    expect(httpsProxy.forwarded.at(-1)).toBe(`${echo.url}/get`)
    expect((await get(`${tlsEcho.url}/get`, settings)).status).toBe(200)
    expect(httpsProxy.tunnels.at(-1)).toBe(`127.0.0.1:${tlsEcho.port}`)
  })

  it('checks the proxy certificate like any other', async () => {
    const error = await failure(
      transport.send(wire('GET', `${echo.url}/get`), {
        proxy: proxy('https', httpsProxy.port),
        tls: { verify: true, caPem: [], clientCertificates: [] },
      }),
    )
    expect(error.code).toBe('proxy')
    expect(error.message).toContain(`TLS handshake with proxy 127.0.0.1:${httpsProxy.port} failed`)
  })
})

describe('SOCKS5 proxy', () => {
  it('carries plain and TLS requests', async () => {
    expect((await get(`${echo.url}/get`, proxy('socks5', socks.port))).status).toBe(200)
    expect((await get(`${tlsEcho.url}/get`, proxy('socks5', socks.port))).status).toBe(200)
    expect(socks.connections.slice(-2)).toEqual([`127.0.0.1:${echo.port}`, `127.0.0.1:${tlsEcho.port}`])
  })

  it('authenticates with username and password', async () => {
    const fresh = createNodeTransport()
    try {
      const response = await get(`${echo.url}/get`, proxy('socks5', authSocks.port, credentials), fresh)
      expect(response.status).toBe(200)
      expect(authSocks.connections.at(-1)).toBe(`127.0.0.1:${echo.port}`)
      const before = authSocks.connections.length
      const error = await failure(
        get(`${echo.url}/get`, proxy('socks5', authSocks.port, { username: 'ada', password: 'no' }), fresh),
      )
      expect(error.code).toBe('proxy')
      expect(error.message).toContain(
        `SOCKS5 proxy 127.0.0.1:${authSocks.port} could not reach 127.0.0.1:${echo.port}`,
      )
      expect(authSocks.connections.length).toBe(before)
    } finally {
      await fresh.close()
    }
  })
})

describe('bypass list', () => {
  it('sends listed hosts direct and the rest through the proxy', async () => {
    const before = httpProxy.forwarded.length
    const settings = proxy('http', httpProxy.port, { bypass: DEFAULT_PROXY_BYPASS })
    expect((await get(`${echo.url}/get`, settings)).status).toBe(200)
    expect((await get(`http://localhost:${echo.port}/get`, settings)).status).toBe(200)
    expect(httpProxy.forwarded.length).toBe(before)
    const byPort = proxy('http', httpProxy.port, { bypass: `localhost, 127.0.0.1:${echo.port + 1}` })
    await get(`${echo.url}/get`, byPort)
    expect(httpProxy.forwarded.length).toBe(before + 1)
  })

  it('is ignored while the proxy is disabled', async () => {
    const before = socks.connections.length
    await get(`${echo.url}/get`, proxy('socks5', socks.port, { enabled: false }))
    expect(socks.connections.length).toBe(before)
  })
})

describe('system proxy', () => {
  it('follows HTTP_PROXY, HTTPS_PROXY and NO_PROXY', async () => {
    const env = { HTTP_PROXY: httpProxy.url, HTTPS_PROXY: `socks5://127.0.0.1:${socks.port}`, NO_PROXY: '' }
    const system = createNodeTransport({ env })
    const skipping = createNodeTransport({ env: { ...env, NO_PROXY: '127.0.0.1' } })
    try {
      const [forwarded, tunnelled] = [httpProxy.forwarded.length, socks.connections.length]
      await get(`${echo.url}/get`, proxy('system', 0), system)
      await get(`${tlsEcho.url}/get`, proxy('system', 0), system)
      expect(httpProxy.forwarded.length).toBe(forwarded + 1)
      expect(socks.connections.at(-1)).toBe(`127.0.0.1:${tlsEcho.port}`)
      await get(`${echo.url}/get`, proxy('system', 0), skipping)
      expect([httpProxy.forwarded.length, socks.connections.length]).toEqual([forwarded + 1, tunnelled + 1])
    } finally {
      await system.close()
      await skipping.close()
    }
  })

  it('reads process.env by default', async () => {
    const saved = process.env.HTTP_PROXY
    process.env.HTTP_PROXY = httpProxy.url
    const system = createNodeTransport()
    try {
      const before = httpProxy.forwarded.length
      await get(`${echo.url}/anything/env`, proxy('system', 0), system)
      expect(httpProxy.forwarded.at(-1)).toBe(`${echo.url}/anything/env`)
      expect(httpProxy.forwarded.length).toBe(before + 1)
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY
      else process.env.HTTP_PROXY = saved
      await system.close()
    }
  })
})

describe('testProxyConnection', () => {
  it('reports ok with the status of the target reached through the proxy', async () => {
    const before = socks.connections.length
    const result = await testProxyConnection(proxy('socks5', socks.port, { bypass: DEFAULT_PROXY_BYPASS }), {
      target: `${echo.url}/status/204`,
    })
    expect(result).toMatchObject({ ok: true, status: 204 })
    expect(socks.connections.length).toBe(before + 1)
  })

  it('reports what went wrong', async () => {
    const port = await closedPort()
    const refused = await testProxyConnection(proxy('http', port), { target: `${echo.url}/get` })
    expect(refused).toEqual({
      ok: false,
      code: 'proxy',
      error: `Could not connect to proxy 127.0.0.1:${port} (ECONNREFUSED: connection refused)`,
    })
    const noSystem = await testProxyConnection(proxy('system', 0), { target: `${echo.url}/get`, env: {} })
    expect(noSystem).toMatchObject({ ok: false, code: 'proxy' })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpVersion, TlsSettings } from '../../src/model/settings.ts'
import { headerValue } from '../../src/model/wire.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import { startCleartextH2, startSecureH2, type H2Server, type Seen } from '../helpers/h2-servers.ts'
import { startHttp, type Running } from './servers.ts'
import { failure, json, wire } from './helpers.ts'

let certs: TestCerts
let tls: TlsSettings
let both: H2Server
let h2only: H2Server
let cleartext: H2Server
let http1: Running
let transport: NodeTransport

beforeAll(async () => {
  certs = makeTestCerts()
  tls = { verify: true, caPem: [certs.caPem], clientCertificates: [] }
  both = await startSecureH2({ key: certs.serverKey, cert: certs.serverCert, allowHTTP1: true })
  h2only = await startSecureH2({ key: certs.serverKey, cert: certs.serverCert, allowHTTP1: false })
  cleartext = await startCleartextH2()
  http1 = await startHttp((_req, res) => res.end('only HTTP/1.1 here'))
  transport = createNodeTransport()
})

afterAll(async () => {
  await transport.close()
  await Promise.all([both.close(), h2only.close(), cleartext.close(), http1.close()])
})

const get = (url: string, httpVersion?: HttpVersion) =>
  transport.send(wire('GET', `${url}/seen?x=1`, [['X-Mixed-Case', 'yes']]), {
    tls,
    timeoutMs: 5000,
    ...(httpVersion ? { httpVersion } : {}),
  })

describe('HTTP/2 over TLS (ALPN)', () => {
  it('auto picks HTTP/2 when the server offers it, with lower-case headers and :status apart', async () => {
    const response = await get(both.url)
    expect(response.status).toBe(200)
    expect(response.statusText).toBe('OK')
    expect(response.httpVersion).toBe('2')
    expect(response.pseudoHeaders).toEqual([[':status', '200']])
    expect(response.headers.some(([name]) => name.startsWith(':'))).toBe(false)
    expect(response.headers.some(([name]) => name !== name.toLowerCase())).toBe(false)
    expect(headerValue(response.headers, 'x-served-by')).toBe('h2-test')
    expect(response.headers.filter(([name]) => name === 'set-cookie').map(([, v]) => v)).toEqual([
      'a=1; Path=/',
      'b=2; Path=/',
    ])
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['a', 'b'])
    const seen = json<Seen>(response.body)
    expect(seen.httpVersion).toBe('2.0')
    expect(seen.path).toBe('/seen?x=1')
    expect(seen.headers['x-mixed-case']).toBe('yes')
  })

  it('sends a body over HTTP/2', async () => {
    const response = await transport.send(
      wire('POST', `${both.url}/post`, [['Content-Type', 'text/plain']], 'hello h2'),
      { tls, timeoutMs: 5000 },
    )
    expect(response.httpVersion).toBe('2')
    const seen = json<Seen>(response.body)
    expect(seen.method).toBe('POST')
    expect(seen.body).toBe('hello h2')
  })

  it('forced HTTP/2: headers it has no place for (Connection, Host) do not fail it, Cookie crumbs join with ;', async () => {
    const response = await transport.send(
      wire('GET', `${h2only.url}/headers`, [
        ['Host', `127.0.0.1:${h2only.port}`],
        ['Connection', 'keep-alive'],
        ['User-Agent', 'Sendbox/1.0'],
        ['Cookie', 'a=1'],
        ['Cookie', 'b=2'],
      ]),
      { tls, timeoutMs: 5000, httpVersion: '2' },
    )
    expect(response.httpVersion).toBe('2')
    const seen = json<Seen>(response.body)
    expect(seen.headers['user-agent']).toBe('Sendbox/1.0')
    expect(seen.headers[':authority']).toBe(`127.0.0.1:${h2only.port}`)
    expect(seen.headers.connection).toBeUndefined()
    expect(seen.headers.cookie).toBe('a=1; b=2')
  })

  it('reaches a server that refuses HTTP/1.1, with 2 and with auto', async () => {
    for (const version of ['2', 'auto'] as const) {
      const response = await get(h2only.url, version)
      expect(response.status).toBe(200)
      expect(response.httpVersion).toBe('2')
      expect(json<Seen>(response.body).httpVersion).toBe('2.0')
    }
  })

  it('speaks HTTP/1.1 when forced, to a server that allows both', async () => {
    const response = await get(both.url, '1.1')
    expect(response.httpVersion).toBe('1.1')
    expect(response.pseudoHeaders).toBeUndefined()
    expect(json<Seen>(response.body).httpVersion).toBe('1.1')
  })

  it('fails forced HTTP/1.1 to a server that refuses it, naming the problem', async () => {
    const error = await failure(get(h2only.url, '1.1'))
    expect(error.code).toBe('tls')
    expect(error.message).toContain(`127.0.0.1:${h2only.port} refused the HTTP version offered`)
    expect(error.message).toContain('Auto to offer both HTTP/2 and HTTP/1.1')
  })
})

describe('forced HTTP/2 against an HTTP/1.1-only TLS server', () => {
  it('fails at the handshake, naming the problem', async () => {
    const { startEchoServer } = await import('../fixtures/echo-server.ts')
    const plainTls = await startEchoServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
    try {
      const error = await failure(get(plainTls.url, '2'))
      expect(error.message).toContain(`127.0.0.1:${plainTls.port} refused the HTTP version offered`)
      // auto falls back to HTTP/1.1 there
      expect((await get(plainTls.url, 'auto')).httpVersion).toBe('1.1')
    } finally {
      await plainTls.close()
    }
  })
})

describe('auto over TLS: repeated Cookie rows, before the handshake tells the protocol', () => {
  const cookies = (url: string) =>
    transport.send(
      wire('GET', `${url}/cookies-seen`, [
        ['Cookie', 'a=1'],
        ['X-Between', 'x'],
        ['Cookie', 'b=2; c=3'],
      ]),
      { tls, timeoutMs: 5000, httpVersion: 'auto' },
    )

  it('reach an HTTP/2 server as one cookie joined with "; ", not with ", "', async () => {
    const response = await cookies(h2only.url)
    expect(response.httpVersion).toBe('2')
    expect(json<Seen>(response.body).headers.cookie).toBe('a=1; b=2; c=3')
  })

  it("reach an HTTP/1.1 server as one Cookie field at the first one's place", async () => {
    const { startEchoServer } = await import('../fixtures/echo-server.ts')
    const plainTls = await startEchoServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
    try {
      const response = await cookies(plainTls.url)
      expect(response.httpVersion).toBe('1.1')
      const seen = json<{ headers: [string, string][] }>(response.body).headers
      expect(seen.filter(([name]) => name.toLowerCase() === 'cookie')).toEqual([['Cookie', 'a=1; b=2; c=3']])
      const names = seen.map(([name]) => name)
      expect(names.indexOf('Cookie')).toBeLessThan(names.indexOf('X-Between'))
    } finally {
      await plainTls.close()
    }
  })

  it('stay as given on plain TCP, where auto is HTTP/1.1', async () => {
    let raw: string[] = []
    const server = await startHttp((req, res) => {
      raw = req.rawHeaders
      res.end()
    })
    try {
      await transport.send(
        wire('GET', `${server.url}/`, [
          ['Cookie', 'a=1'],
          ['Cookie', 'b=2'],
        ]),
        { timeoutMs: 5000 },
      )
      expect(raw.filter((_v, i) => i % 2 === 0 && raw[i] === 'Cookie')).toHaveLength(2)
    } finally {
      await server.close()
    }
  })
})

describe('HTTP/2 with prior knowledge (h2c)', () => {
  it('speaks h2c from the first byte', async () => {
    const response = await get(cleartext.url, 'h2c')
    expect(response.status).toBe(200)
    expect(response.httpVersion).toBe('2')
    expect(response.pseudoHeaders).toEqual([[':status', '200']])
    expect(json<Seen>(response.body).httpVersion).toBe('2.0')
  })

  it('keeps HTTP/1.1 on plain TCP with auto', async () => {
    const response = await get(http1.url)
    expect(response.httpVersion).toBe('1.1')
  })

  it('says so when h2c is asked of an HTTP/1.1-only server', async () => {
    const error = await failure(get(http1.url, 'h2c'))
    expect(error.message).toContain(`127.0.0.1:${http1.port}`)
    expect(error.message).toContain('did not speak HTTP/2')
    expect(error.message).toContain('it may speak only HTTP/1.1')
  })
})

describe('HTTP/2 through an HTTP proxy', () => {
  it('speaks h2 inside a CONNECT tunnel, and h2c through one too', async () => {
    const { proxySettings, startHttpProxy } = await import('../helpers/proxy-servers.ts')
    const proxy = await startHttpProxy()
    const viaProxy = createNodeTransport()
    try {
      const proxied = (url: string, httpVersion: HttpVersion) =>
        viaProxy.send(wire('GET', `${url}/via-proxy`), {
          tls,
          timeoutMs: 5000,
          httpVersion,
          proxy: proxySettings('http', proxy.port),
        })
      const secure = await proxied(h2only.url, 'auto')
      expect(secure.httpVersion).toBe('2')
      expect(json<Seen>(secure.body).path).toBe('/via-proxy')
      const plain = await proxied(cleartext.url, 'h2c')
      expect(plain.httpVersion).toBe('2')
      expect(proxy.tunnels).toEqual([`127.0.0.1:${h2only.port}`, `127.0.0.1:${cleartext.port}`])
      expect(proxy.forwarded).toEqual([])
    } finally {
      await viaProxy.close()
      await proxy.close()
    }
  })
})

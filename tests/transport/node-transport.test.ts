import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeTransport } from '../../src/runtime/transport/node.ts'
import { startEchoServer, type EchoRecord, type EchoServer } from '../fixtures/echo-server.ts'
import { failure, json, text, useEchoAndTransport, wire } from './helpers.ts'
import { startHttp, startRaw } from './servers.ts'

const setup = useEchoAndTransport()
let other: EchoServer

beforeAll(async () => {
  other = await startEchoServer()
})

afterAll(async () => {
  await other.close()
})

const last = (): EchoRecord => setup.echo.seen.at(-1)!

describe('request headers', () => {
  it('go out in the order and case given, forbidden-in-browser ones included', async () => {
    await setup.transport.send(
      wire('GET', `${setup.echo.url}/get`, [
        ['X-Second', 'b'],
        ['user-Agent', 'sendbox-test/1'],
        ['Cookie', 'session=abc; theme=dark'],
        ['x-first', 'a'],
        ['X-Dup', '1'],
        ['X-Dup', '2'],
      ]),
      {},
    )
    const sent = last().headers.filter(([name]) => !['host', 'connection'].includes(name))
    expect(sent).toEqual([
      ['X-Second', 'b'],
      ['user-Agent', 'sendbox-test/1'],
      ['Cookie', 'session=abc; theme=dark'],
      ['x-first', 'a'],
      ['X-Dup', '1'],
      ['X-Dup', '2'],
    ])
  })

  it('adds no User-Agent of its own', async () => {
    await setup.transport.send(wire('GET', `${setup.echo.url}/get`), {})
    expect(last().headers.map(([name]) => name.toLowerCase())).not.toContain('user-agent')
  })

  it('sends a Host override', async () => {
    await setup.transport.send(wire('GET', `${setup.echo.url}/get`, [['Host', 'api.example.test']]), {})
    expect(last().headers.filter(([name]) => name.toLowerCase() === 'host')).toEqual([
      ['host', 'api.example.test'],
    ])
  })

  it('refuses a header undici cannot send with an invalid-request error', async () => {
    const error = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/get`, [['Transfer-Encoding', 'gzip']]), {}),
    )
    expect(error.code).toBe('invalid-request')
    expect(error.message).toContain('transfer-encoding')
  })

  it('rejects a URL that is not http(s)', async () => {
    expect((await failure(setup.transport.send(wire('GET', 'ftp://127.0.0.1/x'), {}))).code).toBe(
      'invalid-request',
    )
    expect((await failure(setup.transport.send(wire('GET', 'not a url'), {}))).code).toBe('invalid-request')
  })
})

describe('responses', () => {
  it('keep every Set-Cookie as its own header entry and parse them', async () => {
    const url = `${setup.echo.url}/cookies/set-raw?c=${encodeURIComponent('sid=1; Path=/; HttpOnly; SameSite=Strict')}&c=${encodeURIComponent('theme=dark; Max-Age=60; Secure')}`
    const response = await setup.transport.send(wire('GET', url), {})
    expect(response.headers.filter(([name]) => name.toLowerCase() === 'set-cookie')).toEqual([
      ['set-cookie', 'sid=1; Path=/; HttpOnly; SameSite=Strict'],
      ['set-cookie', 'theme=dark; Max-Age=60; Secure'],
    ])
    expect(response.cookies).toEqual([
      { name: 'sid', value: '1', path: '/', httpOnly: true, secure: false, sameSite: 'Strict' },
      { name: 'theme', value: 'dark', maxAge: 60, httpOnly: false, secure: true },
    ])
  })

  it("carry the server's reason phrase", async () => {
    const server = await startHttp((_req, res) => {
      res.statusMessage = 'Totally Fine'
      res.end('ok')
    })
    try {
      const response = await setup.transport.send(wire('GET', server.url), {})
      expect([response.status, response.statusText]).toEqual([200, 'Totally Fine'])
      expect((await setup.transport.send(wire('GET', `${setup.echo.url}/status/418`), {})).statusText).toBe(
        "I'm a Teapot",
      )
    } finally {
      await server.close()
    }
  })

  it('fall back to the standard reason phrase when the server sends none', async () => {
    const server = await startRaw('HTTP/1.1 404 \r\nContent-Length: 0\r\n\r\n')
    try {
      expect((await setup.transport.send(wire('GET', server.url), {})).statusText).toBe('Not Found')
    } finally {
      await server.close()
    }
  })

  it('to HEAD carry headers and no body', async () => {
    const response = await setup.transport.send(wire('HEAD', `${setup.echo.url}/bytes/5000`), {})
    expect(response.status).toBe(200)
    expect(response.headers).toContainEqual(['content-length', '5000'])
    expect(response.body.length).toBe(0)
    expect(last().method).toBe('HEAD')
  })

  it('to HEAD keep the connection alive, as newman does (undici would close it)', async () => {
    const seen: { method: string; connection: string | undefined; port: number }[] = []
    const server = await startHttp((req, res) => {
      seen.push({ method: req.method!, connection: req.headers.connection, port: req.socket.remotePort! })
      res.setHeader('Content-Length', '2')
      res.end(req.method === 'HEAD' ? undefined : 'ok')
    })
    try {
      const methods = ['HEAD', 'GET', 'HEAD', 'HEAD', 'GET', 'HEAD']
      for (const method of methods)
        expect((await setup.transport.send(wire(method, `${server.url}/x`), {})).status).toBe(200)
      expect(seen.map((s) => s.connection)).toEqual(methods.map(() => 'keep-alive'))
      // Reused: a HEAD's socket may still be settling when the next request starts (a second one).
      expect(new Set(seen.map((s) => s.port)).size).toBeLessThanOrEqual(2)
    } finally {
      await server.close()
    }
  })

  it('are binary-safe both ways', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i)
    const echoed = json<{ bodyBase64: string }>(
      (
        await setup.transport.send(
          wire('POST', `${setup.echo.url}/post`, [['Content-Type', 'application/octet-stream']], bytes),
          {},
        )
      ).body,
    )
    expect(Buffer.from(echoed.bodyBase64, 'base64')).toEqual(Buffer.from(bytes))
    const download = await setup.transport.send(wire('GET', `${setup.echo.url}/bytes/70000`), {})
    expect(download.body.length).toBe(70000)
    expect(download.body.every((value, i) => value === (i % 65536) % 256)).toBe(true)
  })

  it('measure sizes exactly as the bytes on the wire', async () => {
    const answer =
      'HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nX-Thing: 1\r\nContent-Length: 5\r\n\r\nhello'
    const server = await startRaw(answer)
    try {
      const response = await setup.transport.send(
        wire('GET', `${server.url}/a?b=c`, [['X-Custom', 'value']]),
        {},
      )
      expect(response.sizes).toEqual({
        requestHeaders: server.heads[0]!.length,
        requestBody: 0,
        responseHeaders: answer.length - 5,
        responseBody: 5,
      })
      expect(text(response.body)).toBe('hello')
      expect(response.statusText).toBe('Created')
    } finally {
      await server.close()
    }
  })

  it('count the request body and its Content-Length in the sizes', async () => {
    const response = await setup.transport.send(
      wire('POST', `${setup.echo.url}/post`, [['X-A', '1']], '12345678'),
      {},
    )
    expect(response.sizes.requestBody).toBe(8)
    // POST /post HTTP/1.1, host, connection, X-A, content-length: 8, blank line
    const expected =
      'POST /post HTTP/1.1\r\n'.length +
      `host: 127.0.0.1:${setup.echo.port}\r\n`.length +
      'connection: keep-alive\r\n'.length +
      'X-A: 1\r\n'.length +
      'content-length: 8\r\n'.length +
      2
    expect(response.sizes.requestHeaders).toBe(expected)
  })

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)(
    'decode %s bodies, buffered and streamed, and count the compressed bytes',
    async (coding, zip) => {
      const payload = JSON.stringify({ words: 'compress me '.repeat(200) })
      const zipped = zip(payload)
      const server = await startHttp((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': coding })
        res.end(zipped)
      })
      try {
        const response = await setup.transport.send(
          wire('GET', server.url, [['Accept-Encoding', coding]]),
          {},
        )
        expect(text(response.body)).toBe(payload)
        expect(response.sizes.responseBody).toBe(zipped.length)
        expect(response.headers).toContainEqual(['Content-Encoding', coding])
        const streamed = await setup.transport.send(wire('GET', server.url), { responseBody: 'stream' })
        expect(await new Response(streamed.bodyStream).text()).toBe(payload)
      } finally {
        await server.close()
      }
    },
  )

  it('report timing phases: connect on a new connection, none on a reused one', async () => {
    const fresh = createNodeTransport()
    try {
      const first = await fresh.send(wire('GET', `${setup.echo.url}/get`), {})
      await new Promise((resolve) => setTimeout(resolve, 20))
      const second = await fresh.send(wire('GET', `${setup.echo.url}/get`), {})
      expect(first.timings.connect).toBeGreaterThan(0)
      expect(first.timings.dns).toBeUndefined() // an IP address needs no lookup
      expect(second.timings.connect).toBeUndefined()
      for (const timings of [first.timings, second.timings]) {
        expect(timings.firstByte).toBeGreaterThan(0)
        expect(timings.download).toBeGreaterThanOrEqual(0)
        expect(timings.total).toBeGreaterThanOrEqual(timings.firstByte! + timings.download!)
      }
      const named = await fresh.send(wire('GET', `http://localhost:${setup.echo.port}/get`), {})
      expect(named.timings.dns).toBeGreaterThanOrEqual(0)
      expect(named.httpVersion).toBe('1.1')
    } finally {
      await fresh.close()
    }
  })

  it('keep parallel requests apart, each with its own head size and connection phases', async () => {
    const fresh = createNodeTransport()
    try {
      const paths = Array.from({ length: 20 }, (_, i) => `/anything/${'x'.repeat(i)}`)
      const responses = await Promise.all(
        paths.map((path) => fresh.send(wire('GET', `${setup.echo.url}${path}`), {})),
      )
      responses.forEach((response, i) => {
        expect(json<{ path: string }>(response.body).path).toBe(paths[i])
        const head = `GET ${paths[i]} HTTP/1.1\r\nhost: 127.0.0.1:${setup.echo.port}\r\nconnection: keep-alive\r\n\r\n`
        expect(response.sizes.requestHeaders).toBe(head.length)
        // All twenty start at once, so each opens its own connection.
        expect(response.timings.connect).toBeGreaterThan(0)
      })
    } finally {
      await fresh.close()
    }
  })

  it('declare every capability', () => {
    expect(Object.values(setup.transport.capabilities).every(Boolean)).toBe(true)
  })
})

describe('redirects', () => {
  it('are followed by default, and the final URL is reported', async () => {
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/redirect/3`), {})
    expect(response.status).toBe(200)
    expect(response.url).toBe(`${setup.echo.url}/get`)
    expect(last().path).toBe('/get')
  })

  it('are returned as they are when following is off', async () => {
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/redirect/3`), {
      followRedirects: false,
    })
    expect(response.status).toBe(302)
    expect(response.headers).toContainEqual(['location', '/redirect/2'])
    expect(response.url).toBe(`${setup.echo.url}/redirect/3`)
  })

  it('stop after maxRedirects with an error', async () => {
    const error = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/redirect/5`), { maxRedirects: 2 }),
    )
    expect(error.message).toContain('Stopped after 2 redirects')
  })

  it('turn a POST into a GET without body on 303, and keep it on 307', async () => {
    const to = (status: number) =>
      `${setup.echo.url}/redirect-to?status=${status}&url=${encodeURIComponent('/anything/next')}`
    const headers: [string, string][] = [['Content-Type', 'text/plain']]
    await setup.transport.send(wire('POST', to(303), headers, 'payload'), {})
    expect([last().method, last().body, last().headers.some(([n]) => n === 'Content-Type')]).toEqual([
      'GET',
      '',
      false,
    ])
    await setup.transport.send(wire('POST', to(307), headers, 'payload'), {})
    expect([last().method, last().body]).toEqual(['POST', 'payload'])
  })

  it('drop credentials when leaving the origin', async () => {
    const url = `${setup.echo.url}/redirect-to?url=${encodeURIComponent(`${other.url}/anything`)}`
    await setup.transport.send(
      wire('GET', url, [
        ['Authorization', 'Bearer secret'],
        ['X-Keep', 'yes'],
      ]),
      {},
    )
    const arrived = other.seen.at(-1)!.headers
    expect(arrived).toContainEqual(['X-Keep', 'yes'])
    expect(arrived.some(([name]) => name === 'Authorization')).toBe(false)
  })

  it('keep cookies set on the way for the same host', async () => {
    const server = await startHttp((req, res) => {
      if (req.url === '/login') {
        res.writeHead(302, { Location: '/home', 'Set-Cookie': 'sid=42; Path=/' })
        return res.end()
      }
      res.end('home')
    })
    try {
      const response = await setup.transport.send(wire('POST', `${server.url}/login`), {})
      expect(response.url).toBe(`${server.url}/home`)
      expect(response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`)).toEqual(['sid=42'])
    } finally {
      await server.close()
    }
  })
})

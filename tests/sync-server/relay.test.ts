/**
 * The relay end to end: the page's relay transport (fetch) → the sync-server → the Node
 * transport → the echo server, all real sockets on 127.0.0.1.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headerValue, type WireRequest } from '../../src/model/wire.ts'
import type { NodeTransport } from '../../src/runtime/transport/node.ts'
import { TransportError, type Transport } from '../../src/runtime/transport/types.ts'
import type { EchoRecord, EchoServer } from '../fixtures/echo-server.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack
let echo: EchoServer
let node: NodeTransport
let relay: Transport

beforeAll(async () => {
  stack = await startRelayStack()
  ;({ echo, node, relay } = stack)
})

afterAll(() => stack.close())

const get = (path: string, headers: [string, string][] = []): WireRequest => ({
  method: 'GET',
  url: `${echo.url}${path}`,
  headers,
  body: null,
})

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  const reader = stream.getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value)
  return new Uint8Array(Buffer.concat(chunks))
}

function sendError(promise: Promise<unknown>): Promise<TransportError> {
  return promise.then(
    () => {
      throw new Error('expected the send to fail')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(TransportError)
      return error as TransportError
    },
  )
}

describe('relay', () => {
  it('sends the headers a browser forbids (User-Agent, Cookie) exactly as written', async () => {
    const headers: [string, string][] = [
      ['User-Agent', 'Sendbox/1.0'],
      ['Cookie', 'session=abc; theme=dark'],
      ['X-Order', '1'],
      ['x-order', '2'],
    ]
    const response = await relay.send(get('/anything/h', headers), {})
    expect(response.status).toBe(200)
    const record = JSON.parse(new TextDecoder().decode(response.body)) as EchoRecord
    expect(record.headers.filter(([name]) => /^(user-agent|cookie|x-order)$/i.test(name))).toEqual(headers)
  })

  it('returns every Set-Cookie in order, parsed into cookies as well', async () => {
    const response = await relay.send(get('/cookies/set?a=1&b=2&c=3'), {})
    const setCookies = response.headers.filter(([name]) => name.toLowerCase() === 'set-cookie')
    expect(setCookies.map(([, value]) => value)).toEqual(['a=1; Path=/', 'b=2; Path=/', 'c=3; Path=/'])
    expect(response.cookies.map((c) => [c.name, c.value, c.path])).toEqual([
      ['a', '1', '/'],
      ['b', '2', '/'],
      ['c', '3', '/'],
    ])
  })

  it('answers what the Node transport answers directly: status, reason, headers, cookies, url, sizes', async () => {
    const request = get('/redirect/2')
    const direct = await node.send(request, {})
    const relayed = await relay.send(request, {})
    const strip = (headers: [string, string][]) => headers.filter(([name]) => !/^date$/i.test(name))
    expect(relayed.status).toBe(direct.status)
    expect(relayed.statusText).toBe(direct.statusText)
    expect(relayed.httpVersion).toBe(direct.httpVersion)
    expect(strip(relayed.headers)).toEqual(strip(direct.headers))
    expect(relayed.url).toBe(direct.url)
    expect(relayed.url).toBe(`${echo.url}/get`)
    expect(relayed.sizes).toEqual(direct.sizes)
    expect(relayed.eventStream).toBe(false)
    expect(relayed.timings.total).toBeGreaterThan(0)
    expect(Object.keys(relayed.timings).sort()).toEqual(Object.keys(direct.timings).sort())
  })

  it('carries binary bodies both ways byte for byte', async () => {
    const body = new Uint8Array(300_000)
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 256
    const posted = await relay.send(
      {
        method: 'POST',
        url: `${echo.url}/post`,
        headers: [['Content-Type', 'application/octet-stream']],
        body,
      },
      {},
    )
    const record = JSON.parse(new TextDecoder().decode(posted.body)) as EchoRecord
    expect(Buffer.from(record.bodyBase64, 'base64').equals(Buffer.from(body))).toBe(true)

    const bytes = await relay.send(get('/bytes/200000'), {})
    expect(bytes.body.length).toBe(200_000)
    expect(bytes.body.every((value, i) => value === (i % (64 * 1024)) % 256)).toBe(true)
    expect(bytes.sizes.responseBody).toBe(200_000)
  })

  it('streams on request and says when the download ended', async () => {
    const response = await relay.send(get('/bytes/1000000'), { responseBody: 'stream' })
    expect(response.body.length).toBe(0)
    const bytes = await readAll(response.bodyStream!)
    expect(bytes.length).toBe(1_000_000)
    // Every piece kept until the end is still intact: the stream's pieces are not the reader's reused buffer.
    expect(bytes.every((value, i) => value === (i % (64 * 1024)) % 256)).toBe(true)
    expect(response.sizes.responseBody).toBe(1_000_000)
    expect(response.timings.download).toBeGreaterThanOrEqual(0)
  })

  it('hands an event stream over event by event, while it is still running', async () => {
    const response = await relay.send(get('/sse?count=0&interval=30'), {})
    expect(response.eventStream).toBe(true)
    const reader = response.bodyStream!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('"n":2')) text += decoder.decode((await reader.read()).value)
    expect(text).toContain('event: tick')
    await reader.cancel()
  })

  it('reports the transport errors with their codes', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = await sendError(relay.send({ ...get(''), url: `http://127.0.0.1:${port}/` }, {}))
    expect(unreachable.code).toBe('unreachable')

    expect((await sendError(relay.send(get('/delay/3000'), { timeoutMs: 200 }))).code).toBe('timeout')
    expect((await sendError(relay.send(get('/bytes/100000'), { maxResponseBytes: 1000 }))).code).toBe(
      'too-large',
    )
    const invalid = await sendError(relay.send({ ...get(''), url: 'ftp://127.0.0.1/x' }, {}))
    expect(invalid.code).toBe('invalid-request')
  })

  it('aborting the fetch aborts the upstream request, before and during the body', async () => {
    const closedAt: string[] = []
    const upstream = http.createServer((req, res) => {
      req.socket.on('close', () => closedAt.push(req.url ?? ''))
      if (req.url === '/body') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        res.write(Buffer.alloc(1000))
      }
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
    const waitFor = async (url: string) => {
      const deadline = Date.now() + 5000
      while (!closedAt.includes(url) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
      return closedAt.includes(url)
    }

    const beforeHead = new AbortController()
    const pending = sendError(relay.send({ ...get(''), url: `${base}/head` }, { signal: beforeHead.signal }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    beforeHead.abort()
    expect((await pending).code).toBe('aborted')
    expect(await waitFor('/head')).toBe(true)

    const duringBody = new AbortController()
    const response = await relay.send(
      { ...get(''), url: `${base}/body` },
      { signal: duringBody.signal, responseBody: 'stream' },
    )
    const reader = response.bodyStream!.getReader()
    expect((await reader.read()).value?.length).toBeGreaterThan(0)
    expect(closedAt).not.toContain('/body')
    duringBody.abort()
    await expect(reader.read()).rejects.toMatchObject({ code: 'aborted' })
    expect(await waitFor('/body')).toBe(true)
    upstream.closeAllConnections()
    await new Promise((resolve) => upstream.close(resolve))
  })

  it('the header list keeps Content-Type of the echo and the request body reaches it', async () => {
    const response = await relay.send(
      {
        method: 'PUT',
        url: `${echo.url}/put`,
        headers: [['Content-Type', 'application/json']],
        body: new TextEncoder().encode('{"a":1}'),
      },
      {},
    )
    expect(headerValue(response.headers, 'content-type')).toBe('application/json')
    expect((JSON.parse(new TextDecoder().decode(response.body)) as EchoRecord).json).toEqual({ a: 1 })
  })
})

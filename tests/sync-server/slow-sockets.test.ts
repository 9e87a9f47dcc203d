/**
 * Sockets that hold the server without using it: silent, half-sent headers, headers trickled a
 * byte at a time, and more connections from one address than the cap. Real sockets against a
 * server configured with short deadlines, so each case takes well under a second.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTransport } from '../../src/runtime/transport/relay.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

const HEADER_MS = 400
const IDLE_MS = 400
const CAP = 4
let stack: RelayStack

beforeAll(async () => {
  stack = await startRelayStack(
    {},
    {
      args: [
        '--header-timeout-ms',
        String(HEADER_MS),
        '--idle-timeout-ms',
        String(IDLE_MS),
        '--max-connections-per-client',
        String(CAP),
      ],
    },
  )
})
afterAll(() => stack.close())

interface Client {
  socket: net.Socket
  received: () => string
  /** Milliseconds from connecting until the server closed the socket. */
  closed: Promise<number>
}

function connect(localAddress = '127.0.0.1'): Promise<Client> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect({ port: stack.server.port, host: '127.0.0.1', localAddress })
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)))
    socket.once('error', () => undefined)
    socket.once('connect', () => resolve({ socket, received: () => text, closed }))
    socket.once('error', reject)
  })
}

const request = (path = '/relay/test-proxy') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${stack.server.port}\r\n\r\n`

describe('slow and half-open sockets', () => {
  it('closes a socket that sends nothing once the idle deadline passes', async () => {
    const client = await connect()
    expect(await client.closed).toBeLessThan(IDLE_MS + 1500)
  })

  it('closes a socket that sent part of its headers', async () => {
    const client = await connect()
    client.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${stack.server.port}\r\nX-Half`)
    expect(await client.closed).toBeLessThan(IDLE_MS + 1500)
  })

  it('closes a socket that trickles its headers, however active it keeps them', async () => {
    const client = await connect()
    let stop = false
    void client.closed.then(() => (stop = true))
    client.socket.write('GET / HTTP/1.1\r\n')
    for (let i = 0; !stop && i < 100; i++) {
      client.socket.write(`X-${i}: a\r\n`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(stop).toBe(true)
    expect(await client.closed).toBeLessThan(HEADER_MS + 1500)
    expect(client.received()).toMatch(/^HTTP\/1\.1 408|^$/)
  })

  it('refuses connections over the cap per address, serves the ones it holds and other addresses', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => connect()))
    const extra = await connect()
    await extra.closed
    expect(extra.received()).toMatch(
      /^HTTP\/1\.1 503 .*\r\n[\s\S]*Too many open connections from this address/,
    )
    // The held ones still get answers, and so does another address of this machine.
    held[0]!.socket.write(request())
    await expect.poll(() => held[0]!.received(), { timeout: 2000 }).toMatch(/^HTTP\/1\.1 401/)
    const other = await connect('127.0.0.2')
    other.socket.write(request())
    await expect.poll(() => other.received(), { timeout: 2000 }).toMatch(/^HTTP\/1\.1 401/)
    other.socket.destroy()
    // A slot that frees up is available again.
    held.forEach((client) => client.socket.destroy())
    await Promise.all(held.map((client) => client.closed))
    const again = await connect()
    again.socket.write(request())
    await expect.poll(() => again.received(), { timeout: 2000 }).toMatch(/^HTTP\/1\.1 401/)
    again.socket.destroy()
  })

  it('keeps a relayed event stream open while it is quieter than the idle deadline', async () => {
    const relay = createRelayTransport({ baseUrl: stack.server.url, token: stack.server.secrets.accessToken })
    const response = await relay.send(
      {
        method: 'GET',
        url: `${stack.echo.url}/sse?count=2&interval=${IDLE_MS * 3}`,
        headers: [],
        body: null,
      },
      {},
    )
    const reader = response.bodyStream!.getReader()
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    expect(text.match(/^data:/gm)).toHaveLength(2)
  })
})

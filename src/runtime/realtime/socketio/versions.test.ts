/**
 * The client version against real servers: v2 (socket.io-client 2, Engine.IO 3) against a
 * socket.io 4 server that also accepts Engine.IO 3 (`allowEIO3`) and against a real socket.io 2
 * server; v4 against the socket.io 2 server fails, naming the version to choose.
 */
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import createV2Server from 'socket.io-v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSocketIo, type SocketIoConnection, type SocketIoTarget } from './connect.ts'
import { SPEAKS_EIO3 } from './client-v4.ts'

let v4Http: HttpServer
let v4: Server
let v2Http: HttpServer
let v4Base = ''
let v2Base = ''
const v4Disconnects: string[] = []

async function listen(http: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}

beforeAll(async () => {
  v4Http = createServer()
  v4 = new Server(v4Http, { allowEIO3: true })
  v4.on('connection', (socket) => {
    socket.emit('welcome', socket.conn.protocol, socket.handshake.query.token ?? null)
    socket.on('add', (a: number, b: number, ack: (sum: number) => void) => ack(a + b))
    socket.on('disconnect', (reason) => v4Disconnects.push(reason))
  })
  v4.of('/chat').on('connection', (socket) => socket.emit('chat-hello', socket.nsp.name))
  v4Base = await listen(v4Http)

  v2Http = createServer()
  const v2 = createV2Server(v2Http)
  v2.on('connection', (socket) => socket.emit('welcome', 'v2 server'))
  v2Base = await listen(v2Http)
})

afterAll(async () => {
  await new Promise<void>((resolve) => v4.close(() => resolve()))
  v2Http.closeAllConnections()
  await new Promise<void>((resolve) => v2Http.close(() => resolve()))
})

function record(fields: Partial<SocketIoTarget>) {
  const seen: string[] = []
  const events: Array<{ name: string; args: unknown[] }> = []
  const connection: SocketIoConnection = connectSocketIo(
    { url: v4Base, path: '/socket.io', namespace: '/', version: 'v2', headers: [], events: [], ...fields },
    {
      open: () => seen.push('open'),
      event: (name, args) => (events.push({ name, args }), seen.push(`event ${name}`)),
      failure: (message) => seen.push(`failure ${message}`),
      reconnecting: (attempt) => seen.push(`reconnecting ${attempt}`),
      closed: (reason, byClient) => seen.push(`closed ${reason} ${byClient}`),
    },
  )
  const until = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 8000
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${seen.join(' | ')}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return { connection, seen, events, until }
}

describe('Socket.IO client versions', () => {
  it('v2 speaks Engine.IO 3 to a socket.io 4 server with allowEIO3: events, acks, namespaces, disconnect', async () => {
    const c = record({ url: `${v4Base}/?token=t1` })
    await c.until(() => c.events.length > 0, 'welcome')
    expect(c.events[0]).toEqual({ name: 'welcome', args: [3, 't1'] })
    const reply = await new Promise<unknown[]>((resolve, reject) =>
      c.connection.emit('add', [2, 40], (error, args) => (error ? reject(error) : resolve(args))),
    )
    expect(reply).toEqual([42])
    c.connection.close()
    await c.until(() => v4Disconnects.length > 0, 'the server to see the disconnect')
    expect(v4Disconnects).toEqual(['client namespace disconnect'])
    expect(c.seen.at(-1)).toBe('closed io client disconnect true')

    const chat = record({ namespace: '/chat' })
    await chat.until(() => chat.events.length > 0, 'chat-hello')
    expect(chat.events).toEqual([{ name: 'chat-hello', args: ['/chat'] }])
    chat.connection.close()
  })

  it('v4 (and v3) speak Engine.IO 4 to the same server', async () => {
    for (const version of ['v3', 'v4'] as const) {
      const c = record({ version })
      await c.until(() => c.events.length > 0, 'welcome')
      expect(c.events[0]).toEqual({ name: 'welcome', args: [4, null] })
      c.connection.close()
    }
  })

  it('v2 against a real socket.io 2 server', async () => {
    const c = record({ url: v2Base })
    await c.until(() => c.events.length > 0, 'welcome')
    expect(c.events).toEqual([{ name: 'welcome', args: ['v2 server'] }])
    c.connection.close()
  })

  it('v4 against a socket.io 2 server fails and names the version to choose', async () => {
    const c = record({ url: v2Base, version: 'v4' })
    await c.until(() => c.seen.some((s) => s.startsWith('closed')), 'the end')
    expect(c.seen).toEqual([`failure ${SPEAKS_EIO3}`, `closed ${SPEAKS_EIO3} false`])
  })

  it('v2 has no auth payload: says where the token goes instead', async () => {
    const c = record({ auth: { token: 'x' } })
    await c.until(() => c.seen.length === 2, 'the problem')
    expect(c.seen[0]).toMatch(/^failure Socket.IO v2 has no auth payload: send the token in Params/)
  })
})

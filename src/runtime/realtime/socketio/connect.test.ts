import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connectSocketIo, type SocketIoConnection, type SocketIoTarget } from './connect.ts'

let http: HttpServer
let server: Server
let base: string
const serverDisconnects: string[] = []
const open: SocketIoConnection[] = []

beforeEach(async () => {
  http = createServer()
  server = new Server(http)
  serverDisconnects.length = 0
  server.use((socket, next) => {
    if (socket.handshake.auth.token === 'secret') next()
    else next(Object.assign(new Error('not authorized'), { data: { reason: 'token' } }))
  })
  server.on('connection', (socket) => {
    socket.emit('welcome', { id: socket.id, header: socket.handshake.headers['x-trace'] ?? null })
    socket.on('add', (a: number, b: number, ack: (sum: number) => void) => ack(a + b))
    socket.on('shout', (text: string) => server.emit('broadcast', text.toUpperCase()))
    socket.on('drop-me', () => socket.conn.close())
    socket.on('disconnect', (reason) => serverDisconnects.push(reason))
  })
  server
    .of('/chat')
    .use((socket, next) => (socket.handshake.auth.token === 'secret' ? next() : next(new Error('no'))))
    .on('connection', (socket) => socket.emit('chat-hello', socket.nsp.name))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

afterEach(async () => {
  for (const c of open.splice(0)) c.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function target(fields: Partial<SocketIoTarget> = {}): SocketIoTarget {
  return {
    url: base,
    path: '/socket.io',
    namespace: '/',
    version: 'v4',
    headers: [['X-Trace', 'abc']],
    auth: { token: 'secret' },
    events: [],
    ...fields,
  }
}

/** Connects and records everything the handlers are told, in order. */
function record(fields: Partial<SocketIoTarget> = {}) {
  const seen: string[] = []
  const events: Array<{ name: string; args: unknown[] }> = []
  let wake = () => {}
  const changed = () => wake()
  const connection = connectSocketIo(target(fields), {
    open: () => (seen.push('open'), changed()),
    event: (name, args) => (events.push({ name, args }), seen.push(`event ${name}`), changed()),
    failure: (message) => (seen.push(`failure ${message}`), changed()),
    reconnecting: (attempt) => (seen.push(`reconnecting ${attempt}`), changed()),
    closed: (reason, byClient) => (seen.push(`closed ${reason} ${byClient}`), changed()),
  })
  open.push(connection)
  const until = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 8000
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${seen.join(' | ')}`)
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, 50)
      })
    }
  }
  return { connection, seen, events, until }
}

describe('Socket.IO against a real socket.io server', () => {
  it('connects with the auth payload and headers; a wrong token is refused with the server’s reason', async () => {
    const good = record()
    await good.until(() => good.events.some((e) => e.name === 'welcome'), 'welcome')
    expect(good.seen[0]).toBe('open')
    expect(good.events[0]!.args[0]).toMatchObject({ header: 'abc' })

    const bad = record({ auth: { token: 'wrong' } })
    await bad.until(() => bad.seen.some((s) => s.startsWith('closed')), 'the refusal')
    expect(bad.seen).toEqual(['failure not authorized {"reason":"token"}', 'closed not authorized false'])
  })

  it('emits with an acknowledgement and gets the reply', async () => {
    const c = record()
    await c.until(() => c.seen.includes('open'), 'open')
    const reply = await new Promise<unknown[]>((resolve, reject) =>
      c.connection.emit('add', [2, 40], (error, args) => (error ? reject(error) : resolve(args))),
    )
    expect(reply).toEqual([42])
  })

  it('receives a server broadcast on every client, and listens only to the events named', async () => {
    const all = record()
    const some = record({ events: ['broadcast'] })
    await all.until(() => all.seen.includes('open'), 'open')
    await some.until(() => some.seen.includes('open'), 'open')
    all.connection.emit('shout', ['hi'])
    await all.until(() => all.events.some((e) => e.name === 'broadcast'), 'broadcast')
    await some.until(() => some.events.some((e) => e.name === 'broadcast'), 'broadcast')
    expect(some.events).toEqual([{ name: 'broadcast', args: ['HI'] }])
    expect(all.events.map((e) => e.name)).toEqual(['welcome', 'broadcast'])
  })

  it('connects to a namespace, given apart or in the URL', async () => {
    const apart = record({ namespace: 'chat' })
    await apart.until(() => apart.events.length > 0, 'chat-hello')
    expect(apart.events).toEqual([{ name: 'chat-hello', args: ['/chat'] }])
    const inUrl = record({ url: `${base}/chat` })
    await inUrl.until(() => inUrl.events.length > 0, 'chat-hello')
    expect(inUrl.events).toEqual([{ name: 'chat-hello', args: ['/chat'] }])
  })

  it('reconnects after the server drops the connection', async () => {
    const c = record()
    await c.until(() => c.seen.includes('open'), 'open')
    c.connection.emit('drop-me', [])
    await c.until(() => c.seen.filter((s) => s === 'open').length === 2, 'the second open')
    expect(c.seen).toContain('reconnecting 1')
    expect(c.seen.some((s) => s.startsWith('closed'))).toBe(false)
  })

  it('Disconnect reaches the server as a client disconnect', async () => {
    const c = record()
    await c.until(() => c.seen.includes('open'), 'open')
    c.connection.close()
    const deadline = Date.now() + 5000
    while (serverDisconnects.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    expect(serverDisconnects).toEqual(['client namespace disconnect'])
    expect(c.seen.at(-1)).toBe('closed io client disconnect true')
  })

  it('names a URL it cannot use', async () => {
    const bad = record({ url: 'ftp://x' })
    await bad.until(() => bad.seen.length === 2, 'the problem')
    expect(bad.seen[0]).toMatch(/^failure A Socket.IO URL starts with http/)
  })
})

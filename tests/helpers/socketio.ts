/**
 * A real socket.io server for the Socket.IO tests (plain or TLS; it also accepts Engine.IO 3
 * clients), and a connection that records what its handlers are told.
 */
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { WebSocket as NodeWebSocket } from 'ws'
import { connectViaRelay, type RelayedTarget } from '../../src/runtime/realtime/socketio/relay-connection.ts'
import type { RelayEndpoint } from '../../src/runtime/transport/select.ts'
import type { SocketIoConnection, SocketIoHandlers } from '../../src/runtime/realtime/socketio/types.ts'

export interface SioServer {
  url: string
  port: number
  io: Server
  /** The reasons the server saw for each disconnect, in order. */
  disconnects: string[]
  /** The `x-trace` header of each handshake. */
  traces: (string | null)[]
  close(): Promise<void>
}

/**
 * `auth.token` (or, for v2, the query's `token`) must be `secret` (refused with `not authorized` and data otherwise); on connection
 * it emits `welcome` with the socket id and `x-trace`; `add` answers a + b; `shout` is broadcast
 * upper-cased as `broadcast`; `drop-me` drops the transport; `big` answers `n` characters; `/chat`
 * says `chat-hello` with its name.
 */
export async function startSioServer(
  options: { tls?: { key: string; cert: string; ca?: string; requestCert?: boolean } } = {},
): Promise<SioServer> {
  const base = options.tls ? https.createServer(options.tls) : http.createServer()
  // The origin reflected with credentials: the v2 client's polling sends credentials, as Socket.IO 2 servers allowed.
  const io = new Server(base, { allowEIO3: true, cors: { origin: true, credentials: true } })
  const disconnects: string[] = []
  const traces: (string | null)[] = []
  // v2 clients have no auth payload: they send the token in the query.
  io.use((socket, next) => {
    if ((socket.handshake.auth.token ?? socket.handshake.query.token) === 'secret') next()
    else next(Object.assign(new Error('not authorized'), { data: { reason: 'token' } }))
  })
  io.on('connection', (socket) => {
    const trace = (socket.handshake.headers['x-trace'] as string | undefined) ?? null
    traces.push(trace)
    socket.emit('welcome', { id: socket.id, header: trace })
    socket.on('add', (a: number, b: number, ack: (sum: number) => void) => ack(a + b))
    socket.on('shout', (text: string) => io.emit('broadcast', text.toUpperCase()))
    socket.on('drop-me', () => socket.conn.close())
    socket.on('big', (n: number, ack: (text: string) => void) => ack('x'.repeat(n)))
    socket.on('disconnect', (reason) => disconnects.push(reason))
  })
  io.of('/chat')
    .use((socket, next) => (socket.handshake.auth.token === 'secret' ? next() : next(new Error('no'))))
    .on('connection', (socket) => socket.emit('chat-hello', socket.nsp.name))
  await new Promise<void>((resolve) => base.listen(0, '127.0.0.1', resolve))
  const port = (base.address() as AddressInfo).port
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    io,
    disconnects,
    traces,
    close: () =>
      new Promise<void>((resolve) => {
        base.closeAllConnections()
        void io.close(() => resolve())
      }),
  }
}

/** Connects with `connect` and records everything, in order; `until` waits for a condition. */
export function recordSio(connect: (handlers: SocketIoHandlers) => SocketIoConnection) {
  const seen: string[] = []
  const events: Array<{ name: string; args: unknown[] }> = []
  const connection = connect({
    open: () => seen.push('open'),
    event: (name, args) => (events.push({ name, args }), seen.push(`event ${name}`)),
    failure: (message) => seen.push(`failure ${message}`),
    reconnecting: (attempt) => seen.push(`reconnecting ${attempt}`),
    closed: (reason, byClient) => seen.push(`closed ${reason} ${byClient}`),
  })
  const until = async (test: () => boolean, what: string, ms = 8000) => {
    const deadline = Date.now() + ms
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${seen.join(' | ')}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const ack = (event: string, args: unknown[]) =>
    new Promise<unknown[]>((resolve, reject) =>
      connection.emit(event, args, (error, reply) => (error ? reject(error) : resolve(reply))),
    )
  const ended = () => seen.some((s) => s.startsWith('closed'))
  return { connection, seen, events, until, ack, ended }
}

export const NodeSocket = NodeWebSocket as unknown as new (url: string) => WebSocket

/**
 * A recorded Socket.IO connection to `url` through the relay's bridge at `endpoint`: the default
 * namespace, v4, the token the test server takes, every event; `fields` change any of them.
 */
export function viaRelay(endpoint: RelayEndpoint, url: string, fields: Partial<RelayedTarget> = {}) {
  const target: RelayedTarget = {
    url,
    path: '/socket.io',
    namespace: '/',
    version: 'v4',
    headers: [],
    auth: { token: 'secret' },
    events: [],
    ...fields,
  }
  return recordSio((handlers) => connectViaRelay(endpoint, target, handlers, NodeSocket))
}

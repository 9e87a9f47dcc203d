/**
 * Guards against clients that hold sockets without using them: a header deadline (a slowloris
 * trickling its headers), an idle deadline (a socket that sends part of a request, or nothing),
 * and a cap on the connections one client address may hold at once. Without them a few thousand
 * half-open sockets would keep the server from answering anyone.
 */
import type http from 'node:http'
import type { Socket } from 'node:net'
import type { Limits } from './config.ts'

type ConnectionLimits = Pick<Limits, 'headerTimeoutMs' | 'idleTimeoutMs' | 'maxConnectionsPerClient'>

/** Options for http.createServer: Node checks the header deadline on this interval. */
export function serverTimeouts(limits: ConnectionLimits): http.ServerOptions {
  return {
    headersTimeout: limits.headerTimeoutMs,
    // The whole request (headers and body) of an unauthenticated caller; the body of a relayed
    // request is bounded by its size limit, and the idle deadline stops a stalled upload.
    requestTimeout: Math.max(300_000, limits.headerTimeoutMs),
    connectionsCheckingInterval: Math.min(5_000, Math.max(10, Math.floor(limits.headerTimeoutMs / 4))),
  }
}

const MESSAGE = 'Too many open connections from this address: close some and try again.\n'
const REFUSED =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(MESSAGE)}\r\n\r\n${MESSAGE}`

export interface ConnectionGuard {
  /** A socket over the cap: it is being closed, and nothing it sends is to be answered. */
  refused(socket: Socket): boolean
}

export function guardConnections(server: http.Server, limits: ConnectionLimits): ConnectionGuard {
  server.timeout = limits.idleTimeoutMs
  const open = new Map<string, number>()
  const refused = new WeakSet<Socket>()
  server.on('connection', (socket: Socket) => {
    const client = socket.remoteAddress ?? '?'
    const count = (open.get(client) ?? 0) + 1
    if (count > limits.maxConnectionsPerClient) {
      // Told why, then closed, whether or not it reads the answer.
      refused.add(socket)
      socket.on('error', () => socket.destroy())
      socket.end(REFUSED, () => socket.destroy())
      return
    }
    open.set(client, count)
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1
      if (left > 0) open.set(client, left)
      else open.delete(client)
    })
  })
  return { refused: (socket) => refused.has(socket) }
}

/**
 * An authenticated exchange may be quiet for long (an upstream that answers slowly, an event
 * stream between events, a sync room): the relay's and sync's own limits bound it instead.
 */
export function exemptFromIdleTimeout(socket: Socket): void {
  socket.setTimeout(0)
}

/**
 * One Socket.IO connection with `socket.io-client`: in the page (direct mode) and in the relay's
 * bridge (Node, with the relay's TLS and proxy settings). It reports what happens through
 * `handlers` and is driven with `emit` and `close`. Reconnects as the client does by default; a
 * `close` ends it and reaches the server as a disconnect.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'
import type { HeaderList } from '../../../model/wire.ts'
import { socketIoUrl, type SocketIoVersion } from '../../../model/realtime/socketio.ts'

export interface SocketIoTarget {
  /** The request's URL (http, https, ws or wss), query included. */
  url: string
  path: string
  namespace: string
  version: SocketIoVersion
  headers: HeaderList
  auth?: Record<string, unknown>
  /** Listen to these events only; none: all. */
  events: string[]
  /** Node only (the relay): passed to the engine (rejectUnauthorized, ca, cert, key, agent). */
  node?: Partial<ManagerOptions>
}

export interface SocketIoHandlers {
  open(socketId: string): void
  event(name: string, args: unknown[]): void
  failure(message: string): void
  reconnecting(attempt: number): void
  /** `byClient`: `Disconnect` (or the caller) ended it; otherwise the server or the network did. */
  closed(reason: string, byClient: boolean): void
}

export interface SocketIoConnection {
  /** Emits `event`; with `ack` the server's reply arrives there (or an error after `timeoutMs`). */
  emit(event: string, args: unknown[], ack?: (error: Error | null, reply: unknown[]) => void): void
  close(): void
}

export const ACK_TIMEOUT_MS = 10_000

/** Why the client cannot speak to a server of `version`, or null when it can. */
export function unsupportedVersion(version: SocketIoVersion): string | null {
  return version === 'v2'
    ? 'Socket.IO v2 servers are not supported yet: this client speaks the v3 and v4 protocol'
    : null
}

export function connectSocketIo(target: SocketIoTarget, handlers: SocketIoHandlers): SocketIoConnection {
  const url = socketIoUrl(target.url, target.namespace)
  const version = unsupportedVersion(target.version)
  if (!url.ok || version) {
    const problem = url.ok ? version! : url.problem
    queueMicrotask(() => {
      handlers.failure(problem)
      handlers.closed(problem, false)
    })
    return { emit: () => {}, close: () => {} }
  }
  const extraHeaders: Record<string, string> = {}
  for (const [name, value] of target.headers)
    extraHeaders[name] = extraHeaders[name] ? `${extraHeaders[name]}, ${value}` : value
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: target.path || '/socket.io',
    extraHeaders,
    forceNew: true,
    ...(target.auth ? { auth: target.auth } : {}),
    ...target.node,
  }
  const socket: Socket = io(url.value, options)
  let byClient = false
  let ended = false
  const listening = new Set(target.events.filter((e) => e.trim() !== '').map((e) => e.trim()))

  socket.on('connect', () => handlers.open(socket.id ?? ''))
  socket.on('connect_error', (error: Error & { data?: unknown }) => {
    const detail = error.data === undefined ? '' : ` ${JSON.stringify(error.data)}`
    handlers.failure(`${error.message}${detail}`)
    // A refusal by the server's middleware is final (the client does not retry it).
    if (!socket.active) end(error.message)
  })
  socket.on('disconnect', (reason) => {
    if (!socket.active) end(reason)
  })
  socket.io.on('reconnect_attempt', (attempt) => handlers.reconnecting(attempt))
  socket.onAny((name: string, ...args: unknown[]) => {
    if (listening.size > 0 && !listening.has(name)) return
    // An event that asks for an acknowledgement carries a callback last: it is answered empty.
    const last = args[args.length - 1]
    if (typeof last === 'function') {
      args.pop()
      ;(last as () => void)()
    }
    handlers.event(name, args)
  })

  function end(reason: string) {
    if (ended) return
    ended = true
    socket.offAny()
    handlers.closed(reason, byClient)
  }

  return {
    emit(event, args, ack) {
      if (!ack) {
        socket.emit(event, ...args)
        return
      }
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emit(event, ...args, (error: Error | null, ...reply: unknown[]) => ack(error, reply))
    },
    close() {
      byClient = true
      socket.disconnect()
      end('io client disconnect')
    },
  }
}

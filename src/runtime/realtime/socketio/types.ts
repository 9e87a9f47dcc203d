/** The Socket.IO connection's shapes, shared by connect.ts and the client modules it loads. */
import type { SocketIoVersion } from '../../../model/realtime/socketio.ts'
import type { HeaderList } from '../../../model/wire.ts'

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
  /** Node only (the relay): passed to the engine (`agent`: the relay's proxy and TLS route). */
  node?: { agent?: unknown }
}

export interface SocketIoHandlers {
  open(socketId: string): void
  event(name: string, args: unknown[]): void
  failure(message: string): void
  reconnecting(attempt: number): void
  /** `byClient`: `Disconnect` (or the caller) ended it; otherwise the server or the network did. */
  closed(reason: string, byClient: boolean): void
}

export type AckCallback = (error: Error | null, reply: unknown[]) => void

export interface SocketIoConnection {
  /** Emits `event`; with `ack` the server's reply arrives there (or an error after ACK_TIMEOUT_MS). */
  emit(event: string, args: unknown[], ack?: AckCallback): void
  close(): void
}

export const ACK_TIMEOUT_MS = 10_000

/** What a client module gets: the URL with the namespace, the engine's options, the handlers. */
export interface ClientStart {
  url: string
  options: {
    path: string
    extraHeaders: Record<string, string>
    forceNew: true
    auth?: Record<string, unknown>
    agent?: unknown
  }
  listening: Set<string>
  handlers: SocketIoHandlers
}

export type StartClient = (start: ClientStart) => SocketIoConnection

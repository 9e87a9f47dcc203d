/**
 * The `Connection` seam of the WebSocket kind: what opens a socket for the page, the CLI or a
 * test (through the relay's bridge, or the host's own WebSocket). Events come in the order
 * open → message* → closed, or failure (and maybe closed) when it could not connect.
 */
import type { HeaderList } from '../../../model/wire.ts'
import type { ProxySettings, TlsSettings } from '../../../model/settings.ts'

export interface WsTarget {
  url: string
  headers: HeaderList
  protocols?: string[]
  proxy?: ProxySettings
  tls?: TlsSettings
}

export interface WsHandshake {
  status: number
  headers: HeaderList
  protocol: string
}

export interface WsFailure {
  code: string
  message: string
  status?: number
  body?: string
}

export interface WsClosed {
  code: number
  reason: string
  by: 'server' | 'client' | 'limit'
}

export interface WsEvents {
  open(handshake: WsHandshake): void
  message(data: string | Uint8Array): void
  failure(failure: WsFailure): void
  closed(closed: WsClosed): void
}

export interface WsConnection {
  send(data: string | Uint8Array): void
  close(code?: number, reason?: string): void
}

export type WsConnector = (target: WsTarget, events: WsEvents) => WsConnection

/** The host's WebSocket class: the browser's, or `ws` in Node (same surface). */
export type WebSocketClass = new (url: string, protocols?: string | string[]) => WebSocket

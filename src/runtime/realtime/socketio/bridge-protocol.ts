/**
 * The frames of `/relay/socketio` (docs/relay.md): the page opens one WebSocket to the relay per
 * Socket.IO connection and sends `connect` first; the relay runs `socket.io-client` upstream (the
 * request's proxy, TLS settings and client certificate) and reports what happens on it. Every
 * frame is one JSON text message; event arguments travel as JSON (binary arguments arrive as
 * `{"type":"Buffer","data":[…]}`).
 */
import type { ProxySettings } from '../../../model/settings.ts'
import type { SocketIoVersion } from '../../../model/realtime/socketio.ts'
import type { HeaderList } from '../../../model/wire.ts'
import type { TlsJson } from '../../transport/relay-protocol.ts'

export const SIO_BRIDGE_PATH = '/relay/socketio'
export const SIO_BRIDGE_VERSION = 1

/** Page → relay, first: the target and its settings. */
export interface SioBridgeConnect {
  type: 'connect'
  v: typeof SIO_BRIDGE_VERSION
  url: string
  path: string
  namespace: string
  version: SocketIoVersion
  headers: HeaderList
  auth?: Record<string, unknown>
  events: string[]
  proxy?: ProxySettings
  tls?: TlsJson
}

/** Page → relay, once open: an event; with `ack` (a number of the page's choosing) its reply comes back. */
export interface SioBridgeEmit {
  type: 'emit'
  event: string
  args: unknown[]
  ack?: number
}

/** Page → relay: `Disconnect`. */
export interface SioBridgeClose {
  type: 'close'
}

export type SioPageFrame = SioBridgeConnect | SioBridgeEmit | SioBridgeClose

/** Relay → page. */
export type SioRelayFrame =
  | { type: 'open'; socketId: string }
  | { type: 'event'; name: string; args: unknown[] }
  | { type: 'ack'; ack: number; reply?: unknown[]; error?: string }
  | { type: 'failure'; message: string }
  | { type: 'reconnecting'; attempt: number }
  | { type: 'closed'; reason: string; byClient: boolean }

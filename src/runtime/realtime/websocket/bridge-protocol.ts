/**
 * The wire format of the WebSocket bridge (`/relay/ws` of the sync-server), shared by the page
 * and the server. Control messages are text frames of JSON; the user's messages travel as binary
 * frames with one leading byte saying what they were (0 text, 1 binary), both ways:
 *
 *   app → bridge   BridgeConnect (first), then data frames, BridgeCloseRequest to close
 *   bridge → app   BridgeOpen or BridgeFailure, then data frames, then BridgeClosed
 */
import type { HeaderList } from '../../../model/wire.ts'
import type { TlsJson } from '../../transport/relay-protocol.ts'
import type { ProxySettings } from '../../../model/settings.ts'

export const BRIDGE_PATH = '/relay/ws'
export const BRIDGE_VERSION = 1

export interface BridgeConnect {
  type: 'connect'
  v: number
  url: string
  headers: HeaderList
  protocols?: string[]
  proxy?: ProxySettings
  tls?: TlsJson
}

export interface BridgeCloseRequest {
  type: 'close'
  code?: number
  reason?: string
}

/** The upstream accepted the upgrade: its handshake answer. */
export interface BridgeOpen {
  type: 'open'
  status: number
  headers: HeaderList
  protocol: string
}

/** The upstream could not be reached or refused the upgrade (then `status` and `body` are its answer). */
export interface BridgeFailure {
  type: 'failure'
  code: 'unreachable' | 'tls' | 'proxy' | 'refused' | 'invalid-request' | 'too-large' | 'timeout' | 'other'
  message: string
  status?: number
  headers?: HeaderList
  body?: string
}

/** The upstream connection ended: its close code and reason (1006 when it went away unclosed). */
export interface BridgeClosed {
  type: 'closed'
  code: number
  reason: string
  /** Who closed: the server, the app (`client`), or the bridge's limits. */
  by: 'server' | 'client' | 'limit'
}

export type BridgeControl = BridgeOpen | BridgeFailure | BridgeClosed

const encoder = new TextEncoder()

/** A user's message as a bridge data frame. */
export function encodeData(data: string | Uint8Array): Uint8Array {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data
  const frame = new Uint8Array(bytes.length + 1)
  frame[0] = typeof data === 'string' ? 0 : 1
  frame.set(bytes, 1)
  return frame
}

/** A bridge data frame back into the message: its bytes and whether it was text. */
export function decodeData(frame: Uint8Array): { text: boolean; bytes: Uint8Array } {
  return { text: frame[0] === 0, bytes: frame.subarray(1) }
}

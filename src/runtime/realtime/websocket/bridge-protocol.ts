/**
 * The wire format of the WebSocket bridge (`/relay/ws` of the sync-server), shared by the page
 * and the server. Control messages are text frames of JSON; the user's messages travel as binary
 * frames with one leading byte saying what they were (0 text, 1 binary), both ways. Towards the
 * app, messages that arrive together are packed into one batch frame (tag 2, then per message
 * u32 length | tag | bytes), at most BATCH_MAX_MESSAGES or BATCH_MAX_BYTES each: a page then
 * handles a flood in a few hundred events instead of one per message (one task each).
 *
 *   app → bridge   BridgeConnect (first), then data frames, BridgeCloseRequest to close
 *   bridge → app   BridgeOpen or BridgeFailure, then data frames, then BridgeClosed
 *
 * A close request waits behind the data the app sent before it, and while the upstream reads
 * nothing the bridge reads nothing from the app (backpressure), so it can wait long. The app then
 * opens a second socket whose only message is BridgeCancel with the id BridgeOpen gave: the
 * bridge drops that connection's two sockets at once and answers BridgeClosed.
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

/** The first and only message of a second socket: end connection `id` now, dropping both sockets. */
export interface BridgeCancel {
  type: 'cancel'
  v: number
  id: string
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
  /** Names this connection for a BridgeCancel (unguessable; only this server's owner can send one). */
  id?: string
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

export const BATCH_TAG = 2
export const BATCH_MAX_MESSAGES = 256
export const BATCH_MAX_BYTES = 256 * 1024

/** A bridge data frame (single or batch) back into its messages: bytes and whether each was text. */
export function decodeData(frame: Uint8Array): { text: boolean; bytes: Uint8Array }[] {
  if (frame[0] !== BATCH_TAG) return [{ text: frame[0] === 0, bytes: frame.subarray(1) }]
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength)
  const out: { text: boolean; bytes: Uint8Array }[] = []
  let at = 1
  while (at + 5 <= frame.length) {
    const length = view.getUint32(at)
    out.push({ text: frame[at + 4] === 0, bytes: frame.subarray(at + 5, at + 5 + length) })
    at += 5 + length
  }
  return out
}

/** The shape of a /relay/ WebSocket endpoint (relay-upgrades.ts maps paths to them; each bridge is one). */
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import type { Limits } from './config.ts'
import type { SelfCheck } from './self-requests.ts'

export interface RelayUpgradeContext {
  limits: Limits
  /** Refuses targets that are this server's own API (as the HTTP relay does). */
  selfCheck: SelfCheck
}

/** Takes over an authorised upgrade request on its path (it completes or rejects the handshake). */
export type RelayUpgrade = (
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer,
  context: RelayUpgradeContext,
) => void

/**
 * WebSocket endpoints under /relay/: the WebSocket bridge and gRPC calls. They are reached only
 * by the owner, exactly as POST /relay (the access token as `?token=`, or a logged-in page of
 * this server), after the Host and Origin checks every upgrade passes (server.ts).
 */
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import type { Limits } from './config.ts'
import { grpcBridge } from './grpc-bridge.ts'
import type { SelfCheck } from './self-requests.ts'
import { wsBridge } from './ws-bridge.ts'

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

/** Path → handler; each protocol adds its own line. */
export const RELAY_UPGRADES: ReadonlyMap<string, RelayUpgrade> = new Map<string, RelayUpgrade>([
  ['/relay/grpc', grpcBridge],
  ['/relay/ws', wsBridge],
])

/**
 * WebSocket endpoints under /relay/: the WebSocket and Socket.IO bridges and gRPC calls. They are reached only
 * by the owner, exactly as POST /relay (the access token as `?token=`, or a logged-in page of
 * this server), after the Host and Origin checks every upgrade passes (server.ts).
 */
import { grpcBridge } from './grpc-bridge.ts'
import type { RelayUpgrade } from './relay-upgrade-types.ts'
import { socketIoBridge } from './socketio-bridge.ts'
import { wsBridge } from './ws-bridge.ts'

export type { RelayUpgrade, RelayUpgradeContext } from './relay-upgrade-types.ts'

/** Path → handler; each protocol adds its own line. */
export const RELAY_UPGRADES: ReadonlyMap<string, RelayUpgrade> = new Map<string, RelayUpgrade>([
  ['/relay/grpc', grpcBridge],
  ['/relay/ws', wsBridge],
  ['/relay/socketio', socketIoBridge],
])

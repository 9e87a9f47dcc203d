/**
 * The request kinds' facts the app shell reads: the badge shown instead of the method, whether it
 * is sent or connected, its history entries' method, a new request's fields and how a history entry
 * reopens. One entry per kind of `REQUEST_KINDS` (types.ts): `satisfies Record<RequestKind, …>`
 * makes a new kind a compile error until it has one. The other tables, each with the layer that
 * reads it: export/kinds.ts (names, formats), src/runtime/run-steps.ts (collection runs) and
 * src/ui/request-kinds.tsx (`+` menu, editor); docs/adding-a-request-kind.md lists the rest.
 */
import { grpcFromHistoryUrl, makeGrpcSpec } from './realtime/grpc.ts'
import type { KeyValueRow, RequestKind, RequestSpec } from './types.ts'

export interface RequestKindInfo {
  /** Shown instead of the method on a row, tab or history entry; none: the method. */
  badge?: string
  /**
   * `send`: `Send` and Ctrl+Enter send it (the shell's URL bar). `connect`: its editor brings its
   * own URL bar and handles Ctrl+Enter itself.
   */
  action: 'send' | 'connect'
  /** The method a history entry of an ended connection carries; a sent kind records its own. */
  historyMethod?: string
  /**
   * What a new request of the kind has besides the common defaults (factories.ts makeRequest,
   * which hands in its row maker).
   */
  starts?: (row: (fields: Partial<KeyValueRow>) => KeyValueRow) => Partial<RequestSpec>
  /** The fields a history entry's URL opens into; none: the entry's method and URL. */
  fromHistory?: (url: string) => Partial<RequestSpec>
}

export const REQUEST_KIND_INFO = {
  http: { action: 'send' },
  graphql: {
    action: 'send',
    starts: (row) => ({
      method: 'POST',
      headers: [row({ key: 'Content-Type', value: 'application/json' })],
      body: { type: 'graphql', query: '', variables: '' },
    }),
  },
  websocket: { badge: 'WS', action: 'connect', historyMethod: 'WS' },
  sse: { badge: 'SSE', action: 'connect', historyMethod: 'GET' },
  // Its settings are made when first edited (realtime/socketio.ts), so the shell does not carry them.
  socketio: { badge: 'SIO', action: 'connect', historyMethod: 'SIO' },
  grpc: {
    badge: 'gRPC',
    action: 'connect',
    // A gRPC entry's `method` is `gRPC` and its URL `target/Service/Method`.
    historyMethod: 'gRPC',
    starts: () => ({ grpc: makeGrpcSpec() }),
    fromHistory: grpcFromHistoryUrl,
  },
} as const satisfies Record<RequestKind, RequestKindInfo>

/** A kind's entry; a kind this version does not know (written by a newer one) reads as HTTP. */
export function kindInfo(kind: RequestKind): RequestKindInfo {
  return REQUEST_KIND_INFO[kind] ?? REQUEST_KIND_INFO.http
}

/** Whether the request is sent with `Send` (HTTP, GraphQL) rather than connected. */
export function isSentKind(kind: RequestKind): boolean {
  return kindInfo(kind).action === 'send'
}

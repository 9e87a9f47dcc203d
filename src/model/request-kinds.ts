/**
 * The request kinds' facts that every layer reads: the kind's name, the badge shown instead of the
 * method, whether it is sent or connected, what its history entries carry as the method, and the
 * export formats that have a form for it. One entry per kind of `REQUEST_KINDS` (types.ts):
 * `satisfies Record<RequestKind, …>` makes a new kind a compile error until it has one. The
 * runtime's table (run-steps.ts: how a collection run treats it) and the UI's (src/ui/request-kinds.ts:
 * its `+` menu label and editor) are the other two; docs/adding-a-request-kind.md lists the rest.
 */
import type { ExportFormat } from './export/types.ts'
import { newId } from './ids.ts'
import { grpcFromHistoryUrl, makeGrpcSpec } from './realtime/grpc.ts'
import type { RequestKind, RequestSpec } from './types.ts'

export interface RequestKindInfo {
  /** As the `+` menu and the export report name it: `WebSocket request "x"`. */
  name: string
  /** Shown instead of the method on a row, tab or history entry; none: the method. */
  badge?: string
  /**
   * `send`: `Send` and Ctrl+Enter send it (the shell's URL bar). `connect`: its editor brings its
   * own URL bar and handles Ctrl+Enter itself.
   */
  action: 'send' | 'connect'
  /** The method a history entry of an ended connection carries; a sent kind records its own. */
  historyMethod?: string
  /** The formats besides Sendbox's own that carry it; every other one reports it skipped. */
  exportsTo: readonly Exclude<ExportFormat, 'sendbox'>[]
  /** What a new request of the kind has besides the common defaults (factories.ts makeRequest). */
  starts?: () => Partial<RequestSpec>
  /** The fields a history entry's URL opens into; none: the entry's method and URL. */
  fromHistory?: (url: string) => Partial<RequestSpec>
}

const HTTP_FORMATS = ['postman', 'bruno', 'openapi', 'har'] as const

export const REQUEST_KIND_INFO = {
  http: { name: 'HTTP', action: 'send', exportsTo: HTTP_FORMATS },
  graphql: {
    name: 'GraphQL',
    action: 'send',
    exportsTo: HTTP_FORMATS,
    starts: () => ({
      method: 'POST',
      headers: [{ id: newId(), key: 'Content-Type', value: 'application/json', enabled: true }],
      body: { type: 'graphql', query: '', variables: '' },
    }),
  },
  websocket: { name: 'WebSocket', badge: 'WS', action: 'connect', historyMethod: 'WS', exportsTo: [] },
  sse: { name: 'Server-Sent Events', badge: 'SSE', action: 'connect', historyMethod: 'GET', exportsTo: [] },
  grpc: {
    name: 'gRPC',
    badge: 'gRPC',
    action: 'connect',
    // A gRPC entry's `method` is `gRPC` and its URL `target/Service/Method`.
    historyMethod: 'gRPC',
    exportsTo: [],
    starts: () => ({ grpc: makeGrpcSpec() }),
    fromHistory: grpcFromHistoryUrl,
  },
} as const satisfies Record<RequestKind, RequestKindInfo>

/** A kind's entry; a kind this version does not know (written by a newer one) reads as HTTP. */
export function kindInfo(kind: RequestKind): RequestKindInfo {
  return REQUEST_KIND_INFO[kind] ?? REQUEST_KIND_INFO.http
}

/** Whether `format` has a form for requests of `kind` (Sendbox's own format has one for all). */
export function exportsKind(kind: RequestKind, format: ExportFormat): boolean {
  return format === 'sendbox' || (kindInfo(kind).exportsTo as readonly ExportFormat[]).includes(format)
}

/** Whether the request is sent with `Send` (HTTP, GraphQL) rather than connected. */
export function isSentKind(kind: RequestKind): boolean {
  return kindInfo(kind).action === 'send'
}

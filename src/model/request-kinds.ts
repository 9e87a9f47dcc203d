/**
 * The request kinds' facts that every layer reads: the kind's name, the badge shown instead of the
 * method, whether it is sent or connected, what its history entries carry as the method, and the
 * export formats that have a form for it. One entry per kind of `REQUEST_KINDS` (types.ts):
 * `satisfies Record<RequestKind, …>` makes a new kind a compile error until it has one. The
 * runtime's table (run-steps.ts: how a collection run treats it) and the UI's (src/ui/request-kinds.ts:
 * its `+` menu label and editor) are the other two; docs/adding-a-request-kind.md lists the rest.
 */
import type { ExportFormat } from './export/types.ts'
import type { RequestKind } from './types.ts'

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
}

const HTTP_FORMATS = ['postman', 'bruno', 'openapi', 'har'] as const

export const REQUEST_KIND_INFO = {
  http: { name: 'HTTP', action: 'send', exportsTo: HTTP_FORMATS },
  graphql: { name: 'GraphQL', action: 'send', exportsTo: HTTP_FORMATS },
  websocket: { name: 'WebSocket', badge: 'WS', action: 'connect', historyMethod: 'WS', exportsTo: [] },
  sse: { name: 'Server-Sent Events', badge: 'SSE', action: 'connect', historyMethod: 'GET', exportsTo: [] },
  grpc: { name: 'gRPC', badge: 'gRPC', action: 'connect', historyMethod: 'gRPC', exportsTo: [] },
} as const satisfies Record<RequestKind, RequestKindInfo>

export function kindInfo(kind: RequestKind): RequestKindInfo {
  return REQUEST_KIND_INFO[kind]
}

/** Whether `format` has a form for requests of `kind` (Sendbox's own format has one for all). */
export function exportsKind(kind: RequestKind, format: ExportFormat): boolean {
  return format === 'sendbox' || (kindInfo(kind).exportsTo as readonly ExportFormat[]).includes(format)
}

/** Whether the request is sent with `Send` (HTTP, GraphQL) rather than connected. */
export function isSentKind(kind: RequestKind): boolean {
  return kindInfo(kind).action === 'send'
}

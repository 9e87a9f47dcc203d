/**
 * What the exporters need of each request kind: its name in the report (`WebSocket request "x"
 * (not supported in Postman)`) and the formats besides Sendbox's own that carry it; every other
 * format reports it skipped. One entry per kind (`satisfies Record<RequestKind, …>`); kept apart
 * from ../request-kinds.ts so the app shell does not carry it.
 */
import type { RequestKind } from '../types.ts'
import type { ExportFormat } from './types.ts'

export interface ExportKind {
  /** As the `+` menu names it. */
  name: string
  exportsTo: readonly Exclude<ExportFormat, 'sendbox'>[]
  /** Why a format has no form for it, where that says more than `not supported in X`. */
  why?: Partial<Record<ExportFormat, string>>
}

const HTTP_FORMATS = ['postman', 'bruno', 'openapi', 'har'] as const

export const EXPORT_KINDS = {
  http: { name: 'HTTP', exportsTo: HTTP_FORMATS },
  graphql: { name: 'GraphQL', exportsTo: HTTP_FORMATS },
  websocket: { name: 'WebSocket', exportsTo: [] },
  sse: { name: 'Server-Sent Events', exportsTo: [] },
  grpc: { name: 'gRPC', exportsTo: [] },
  // Postman keeps Socket.IO requests in its own multi-protocol collections, which its collection
  // format v2.1 (what Postman exports and imports as JSON) cannot hold: v2.1 items are HTTP
  // requests. Bruno has no Socket.IO requests; HAR and OpenAPI describe HTTP exchanges only.
  socketio: {
    name: 'Socket.IO',
    exportsTo: [],
    why: {
      postman:
        'its collection format v2.1 has HTTP requests only; Postman keeps Socket.IO requests in multi-protocol collections, which it does not export as v2.1',
      bruno: 'Bruno has no Socket.IO requests',
      har: 'HAR records HTTP exchanges only',
      openapi: 'OpenAPI describes HTTP operations only',
    },
  },
} as const satisfies Record<RequestKind, ExportKind>

/** The kind's name in a report (`WebSocket`); an unknown kind by its id. */
export function kindName(kind: RequestKind): string {
  return EXPORT_KINDS[kind]?.name ?? kind
}

/** Why `format` cannot carry requests of `kind`, when the table says; undefined otherwise. */
export function whyNot(kind: RequestKind, format: ExportFormat): string | undefined {
  const known: ExportKind | undefined = EXPORT_KINDS[kind]
  return known?.why?.[format]
}

/** Whether `format` has a form for requests of `kind` (Sendbox's own format has one for all). */
export function exportsKind(kind: RequestKind, format: ExportFormat): boolean {
  const known: ExportKind | undefined = EXPORT_KINDS[kind]
  return (
    format === 'sendbox' ||
    (known?.exportsTo as readonly ExportFormat[] | undefined)?.includes(format) === true
  )
}

/** What a tab or sidebar row shows where an HTTP request shows its method. */
import type { RequestKind } from '../../model/types.ts'

const BADGES: Partial<Record<RequestKind, string>> = { websocket: 'WS', sse: 'SSE', grpc: 'gRPC' }

export function kindBadge(kind: RequestKind | undefined, method: string | undefined): string {
  return (kind && BADGES[kind]) ?? method ?? ''
}

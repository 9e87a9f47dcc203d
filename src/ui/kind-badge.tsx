/**
 * What a request row, tab or history entry shows before its name: the method for HTTP and
 * GraphQL, a short badge for the connection kinds.
 */
import type { RequestKind } from '../model/types.ts'

const KIND_BADGES: Partial<Record<RequestKind, string>> = { websocket: 'WS', sse: 'SSE', grpc: 'gRPC' }

export function KindBadge(props: { kind: RequestKind | undefined; method: string }) {
  const badge = () => (props.kind ? KIND_BADGES[props.kind] : undefined)
  return (
    <span class={badge() ? `method kind-badge kind-${props.kind}` : `method method-${props.method}`}>
      {badge() ?? props.method}
    </span>
  )
}

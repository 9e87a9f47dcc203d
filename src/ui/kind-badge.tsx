/**
 * What a request row, tab or history entry shows before its name: the method for HTTP and
 * GraphQL, a short badge for the connection kinds.
 */
import { kindInfo } from '../model/request-kinds.ts'
import type { RequestKind } from '../model/types.ts'

export function KindBadge(props: { kind: RequestKind | undefined; method: string }) {
  const badge = () => (props.kind ? kindInfo(props.kind).badge : undefined)
  return (
    <span class={badge() ? `method kind-badge kind-${props.kind}` : `method method-${props.method}`}>
      {badge() ?? props.method}
    </span>
  )
}

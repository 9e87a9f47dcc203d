/**
 * What a request row, tab or history entry shows before its name: the method for HTTP and
 * GraphQL, a short badge for the connection kinds.
 */
import { kindInfo } from '../model/request-kinds.ts'
import type { RequestKind } from '../model/types.ts'

/** The badge's text and classes (the sidebar's pooled rows set them on their own element). */
export function badgeLook(
  kind: RequestKind | undefined,
  method: string,
): { text: string; className: string } {
  const badge = kind ? kindInfo(kind).badge : undefined
  return badge
    ? { text: badge, className: `method kind-badge kind-${kind}` }
    : { text: method, className: `method method-${method}` }
}

export function KindBadge(props: { kind: RequestKind | undefined; method: string }) {
  const look = () => badgeLook(props.kind, props.method)
  return <span class={look().className}>{look().text}</span>
}

/** What a tab and a sidebar row show before a request's name: the method, or the kind's short badge. */
import type { RequestKind } from './types.ts'

const BADGES: Partial<Record<RequestKind, string>> = {
  websocket: 'WS',
}

export function requestBadge(kind: RequestKind, method: string): string {
  return BADGES[kind] ?? method
}

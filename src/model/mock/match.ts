/**
 * Which saved response answers a request to the mock server, in this order: the method; the
 * path (`:vars` and `{{vars}}` match any segment); then the best query and header match (more
 * literal segments first on a tie, then a 2xx status, then the collection's order); or the
 * example named in the request header `x-mock-response-name`, or only those with the status in
 * `x-mock-response-code` (both as Postman's mock servers read them).
 */
import type { NameValue } from '../types.ts'
import { pathAndQuery, splitPath, type MockRoute } from './routes.ts'

export interface MockRequest {
  method: string
  /** The path and query as received (`/users/3?full=1`). */
  url: string
  headers: Readonly<Record<string, string | string[] | undefined>>
}

export interface MockAnswer {
  status: number
  headers: NameValue[]
  body: string
  /** The route that answered; absent when nothing matched (then a 404 listing what is served). */
  route?: MockRoute
}

export const RESPONSE_NAME_HEADER = 'x-mock-response-name'
export const RESPONSE_CODE_HEADER = 'x-mock-response-code'

/** Headers that describe the saved body's transfer, not the body itself: never replayed. */
const NOT_REPLAYED = new Set([
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
])

function pathMatches(route: MockRoute, segments: string[]): boolean {
  return (
    route.segments.length === segments.length &&
    route.segments.every((segment, i) => segment === null || segment === segments[i])
  )
}

function header(headers: MockRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}

function score(route: MockRoute, query: URLSearchParams, headers: MockRequest['headers']): number {
  let points = 0
  for (const row of route.query) {
    if (query.getAll(row.key).includes(row.value)) points += 2
    else if (query.has(row.key)) points += 1
    else points -= 1
  }
  for (const row of route.headers) if (header(headers, row.key) === row.value) points += 1
  return points
}

export function matchMock(routes: readonly MockRoute[], request: MockRequest): MockRoute | undefined {
  const { path, query } = pathAndQuery(request.url)
  const segments = splitPath(path).map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      return segment
    }
  })
  const method = request.method.toUpperCase()
  const code = header(request.headers, RESPONSE_CODE_HEADER)
  const candidates = routes.filter(
    (route) =>
      route.method === method &&
      pathMatches(route, segments) &&
      (code === undefined || String(route.example.status) === code.trim()),
  )
  if (candidates.length === 0) return undefined
  const wanted = header(request.headers, RESPONSE_NAME_HEADER)
  if (wanted !== undefined) {
    const named = candidates.find((route) => route.example.name === wanted)
    if (named) return named
  }
  const params = new URLSearchParams(query)
  let best = candidates[0]!
  let bestScore = -Infinity
  for (const route of candidates) {
    const literal = route.segments.filter((s) => s !== null).length
    const success = route.example.status >= 200 && route.example.status < 300 ? 1 : 0
    const points = score(route, params, request.headers) * 1000 + literal * 2 + success
    if (points > bestScore) {
      best = route
      bestScore = points
    }
  }
  return best
}

/** The answer to one request: the matched example, or a 404 naming the request and what is served. */
export function answerMock(routes: readonly MockRoute[], request: MockRequest): MockAnswer {
  const route = matchMock(routes, request)
  if (route) {
    const headers = route.example.headers.filter((row) => !NOT_REPLAYED.has(row.key.toLowerCase()))
    return { status: route.example.status, headers, body: route.example.body, route }
  }
  const { path } = pathAndQuery(request.url)
  const body = {
    error: `No saved response matches ${request.method.toUpperCase()} ${path}`,
    method: request.method.toUpperCase(),
    path,
    served: routes.map((r) => `${r.method} ${r.pattern} (${r.example.name})`),
  }
  return {
    status: 404,
    headers: [{ key: 'Content-Type', value: 'application/json; charset=utf-8' }],
    body: JSON.stringify(body, null, 2),
  }
}

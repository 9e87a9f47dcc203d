/**
 * The routes a mock server serves: one per saved response (example) of a collection, with the
 * method, the path as a pattern (`:id` and `{{var}}` segments match any value), and the query
 * and headers the example was sent with (used to pick the best of several matches).
 */
import type { Collection, NameValue, RequestSpec, SavedResponse, TreeItem } from '../types.ts'

export interface MockRoute {
  method: string
  /** Path segments; `null` stands for a segment that matches any value. */
  segments: (string | null)[]
  /** The pattern as shown to people: `/users/:id`. */
  pattern: string
  query: NameValue[]
  headers: NameValue[]
  requestName: string
  example: SavedResponse
}

const VARIABLE = /\{\{\s*([^{}]+?)\s*\}\}/g

/** `{{name}}` filled from `variables` where it has a value; others are left as written. */
function fill(text: string, variables: ReadonlyMap<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) => variables.get(name) ?? whole)
}

/**
 * The path and query of a URL as written in a collection: after the scheme and host, or after
 * a leading `{{baseUrl}}` that no variable fills.
 */
export function pathAndQuery(url: string): { path: string; query: string } {
  let rest = url.trim()
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest)
  if (scheme) rest = rest.slice(scheme[0].length)
  else if (/^\{\{[^{}]+\}\}/.test(rest)) rest = rest.replace(/^\{\{[^{}]+\}\}/, '')
  else if (!rest.startsWith('/')) rest = rest.replace(/^[^/?#]*/, '')
  const hash = rest.indexOf('#')
  if (hash >= 0) rest = rest.slice(0, hash)
  const mark = rest.indexOf('?')
  const path = mark >= 0 ? rest.slice(0, mark) : rest
  return { path: path || '/', query: mark >= 0 ? rest.slice(mark + 1) : '' }
}

export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

function queryRows(query: string): NameValue[] {
  if (!query) return []
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=')
      const decode = (text: string) => {
        try {
          return decodeURIComponent(text.replace(/\+/g, ' '))
        } catch {
          return text
        }
      }
      return eq < 0
        ? { key: decode(pair), value: '' }
        : { key: decode(pair.slice(0, eq)), value: decode(pair.slice(eq + 1)) }
    })
}

function routesOf(request: RequestSpec, variables: ReadonlyMap<string, string>): MockRoute[] {
  return (request.examples ?? []).map((example) => {
    const url = fill(example.request?.url || request.url, variables)
    const { path, query } = pathAndQuery(url)
    const segments = splitPath(path).map((segment) =>
      segment.startsWith(':') || /\{\{[^{}]+\}\}/.test(segment) ? null : safeDecode(segment),
    )
    return {
      method: (example.request?.method || request.method).toUpperCase(),
      segments,
      pattern: `/${splitPath(path).join('/')}`,
      query: queryRows(query),
      headers: example.request?.headers ?? [],
      requestName: request.name,
      example,
    }
  })
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Every example of the collection, in the collection's order; `variables` fill `{{…}}` first. */
export function mockRoutes(
  collection: Collection,
  variables: ReadonlyMap<string, string> = new Map(),
): MockRoute[] {
  const all = new Map(collection.variables.filter((v) => v.enabled).map((v) => [v.key, v.value]))
  for (const [key, value] of variables) all.set(key, value)
  const routes: MockRoute[] = []
  const visit = (items: TreeItem[]) => {
    for (const item of items) {
      if (item.type === 'folder') visit(item.children)
      else routes.push(...routesOf(item, all))
    }
  }
  visit(collection.children)
  return routes
}

/**
 * Insomnia keeps saved responses only in its mock servers (a v4 export's `mock` and `mock_route`
 * resources, a v5 `mock.insomnia.rest/5.0` file's `server` and `routes`): a route is a method, a
 * path (its `name`) and the response it answers. Each route becomes a request to the server's URL
 * and that path, with the response as its one example, so Sendbox's own mock server can serve it.
 */
import { makeRequest } from '../factories.ts'
import { newId } from '../ids.ts'
import { HTTP_METHODS, type HttpMethod, type NameValue, type RequestSpec } from '../types.ts'
import {
  isObject,
  optionalArray,
  optionalString,
  optionalText,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { named, skip, type ImportReport } from './report.ts'

/** A mock server's or route's place in the source, as the v4 and v5 readers hold them. */
interface MockResource {
  raw: JsonObject
  at: string
  name: string
}

/** Resource types of a mock server (`mock` in v4 exports, `mock_server` as v5 is flattened). */
export const MOCK_SERVER_TYPES = new Set(['mock', 'mock_server'])

/** The server's routes, each a request with its one example, in the file's order. */
export function mockRouteRequests(
  server: MockResource,
  routes: readonly MockResource[],
  report: ImportReport,
): RequestSpec[] {
  const base = optionalString(server.raw.url, `${server.at ? `${server.at}.` : ''}url`).replace(/\/+$/, '')
  return routes.flatMap((route) => {
    const at = (field: string) => (route.at ? `${route.at}.${field}` : field)
    const path = route.name || '/'
    const method = optionalString(route.raw.method, at('method')).toUpperCase() || 'GET'
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      skip(report, at('method'), named('mock route', path), `method ${quoted(method)} is not supported`)
      return []
    }
    const headers: NameValue[] = optionalArray(route.raw.headers, at('headers')).flatMap((raw, i) =>
      isObject(raw) && typeof raw.name === 'string' && raw.name !== ''
        ? [{ key: raw.name, value: optionalText(raw.value, at(`headers[${i}].value`)) }]
        : [],
    )
    const mimeType = optionalString(route.raw.mimeType, at('mimeType'))
    if (mimeType && !headers.some((row) => row.key.toLowerCase() === 'content-type'))
      headers.unshift({ key: 'Content-Type', value: mimeType })
    const code = Number(route.raw.statusCode)
    const statusText = optionalString(route.raw.statusText, at('statusText'))
    const url = `${base}${path.startsWith('/') ? '' : '/'}${path}`
    return [
      makeRequest({
        name: `${method} ${path}`,
        method: method as HttpMethod,
        url,
        examples: [
          {
            id: newId(),
            name: path,
            status: Number.isInteger(code) && code >= 100 && code <= 999 ? code : 200,
            ...(statusText ? { statusText } : {}),
            headers,
            body: optionalText(route.raw.body, at('body')),
            request: { method, url, headers: [] },
          },
        ],
      }),
    ]
  })
}

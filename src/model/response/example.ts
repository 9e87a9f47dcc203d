/**
 * A response as a saved response (example), and an example as a response the viewer shows:
 * status, reason, headers and the body as text; the request it was sent with.
 */
import { newId } from '../ids.ts'
import type { SavedResponse } from '../types.ts'
import type { WireRequest, WireResponse } from '../wire.ts'

const text = new TextDecoder()
const bytes = new TextEncoder()

/** The default name of a response saved as an example: its status and reason (`200 OK`). */
export function exampleName(status: number, statusText: string): string {
  return `${status}${statusText ? ` ${statusText}` : ''}`
}

export function exampleFromResponse(
  request: WireRequest,
  response: Pick<WireResponse, 'status' | 'statusText' | 'headers'>,
  body: Uint8Array,
  name = exampleName(response.status, response.statusText),
): SavedResponse {
  return {
    id: newId(),
    name,
    status: response.status,
    ...(response.statusText ? { statusText: response.statusText } : {}),
    headers: response.headers.map(([key, value]) => ({ key, value })),
    body: text.decode(body),
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers.map(([key, value]) => ({ key, value })),
      ...(request.body ? { body: text.decode(request.body) } : {}),
    },
  }
}

/** The example as the request and response the response viewer takes. */
export function exampleAsWire(example: SavedResponse): { request: WireRequest; response: WireResponse } {
  const body = bytes.encode(example.body)
  const headers = example.headers.map((row): [string, string] => [row.key, row.value])
  const requestBody = example.request?.body
  return {
    request: {
      method: example.request?.method ?? 'GET',
      url: example.request?.url ?? '',
      headers: (example.request?.headers ?? []).map((row): [string, string] => [row.key, row.value]),
      body: requestBody === undefined ? null : bytes.encode(requestBody),
    },
    response: {
      status: example.status,
      statusText: example.statusText ?? '',
      httpVersion: '1.1',
      headers,
      body,
      eventStream: false,
      cookies: [],
      timings: { total: 0 },
      sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBody: body.length },
      url: example.request?.url ?? '',
    },
  }
}

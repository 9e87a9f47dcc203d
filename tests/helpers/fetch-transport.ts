/** A minimal sendRequest for script tests: Node's fetch to the echo server, answered as a WireResponse. */
import type { WireRequest, WireResponse } from '../../src/model/wire.ts'

export async function fetchSend(request: WireRequest, signal: AbortSignal): Promise<WireResponse> {
  const started = performance.now()
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body && request.method !== 'GET' && request.method !== 'HEAD' ? request.body : undefined,
    signal,
    redirect: 'follow',
  })
  const body = new Uint8Array(await response.arrayBuffer())
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => headers.push([name, value]))
  return {
    status: response.status,
    statusText: response.statusText,
    httpVersion: '1.1',
    headers,
    body,
    eventStream: false,
    cookies: [],
    timings: { total: performance.now() - started },
    sizes: {
      requestHeaders: 0,
      requestBody: request.body?.length ?? 0,
      responseHeaders: 0,
      responseBody: body.length,
    },
    url: response.url,
  }
}

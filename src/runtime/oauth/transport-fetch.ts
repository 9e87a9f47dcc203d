/**
 * oauth4webapi speaks `fetch`; Sendbox's token requests go through the active Transport instead
 * (the relay when there is one, so CORS and the page's origin do not matter). This adapts one to
 * the other, keeping whatever the transport reports when nothing came back.
 */
import type { HeaderList, WireRequest } from '../../model/wire.ts'
import type { SendOptions, Transport } from '../transport/types.ts'

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export function transportFetch(transport: Transport, options: Omit<SendOptions, 'signal'> = {}): FetchLike {
  return async (url, init) => {
    const headers: HeaderList = []
    new Headers(init.headers).forEach((value, name) => headers.push([name, value]))
    const wire: WireRequest = {
      method: init.method ?? 'GET',
      url,
      headers,
      body: await bodyBytes(init.body),
    }
    const response = await transport.send(wire, {
      ...options,
      followRedirects: false,
      ...(init.signal ? { signal: init.signal } : {}),
    })
    const out = new Headers()
    for (const [name, value] of response.headers) {
      try {
        out.append(name, value)
      } catch {
        // A header value `Headers` refuses (a raw control character) says nothing about the token.
      }
    }
    // A 204/304 may not carry a body in a `Response`.
    const nullBody = [101, 204, 205, 304].includes(response.status)
    return new Response(nullBody ? null : new Uint8Array(response.body), {
      status: response.status,
      statusText: response.statusText,
      headers: out,
    })
  }
}

async function bodyBytes(body: RequestInit['body']): Promise<Uint8Array | null> {
  if (body === undefined || body === null) return null
  if (typeof body === 'string') return new TextEncoder().encode(body)
  return new Uint8Array(await new Response(body).arrayBuffer())
}

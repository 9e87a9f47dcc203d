/**
 * The page's transport when no relay is reachable: the browser's own `fetch`. It is bound by the
 * browser's rules, so it cannot set forbidden headers (User-Agent, Cookie), read Set-Cookie, use a
 * proxy or client certificates. A cross-origin server that does not allow the page's origin makes
 * fetch fail without any detail; that failure is reported as `cors`, with a message saying so.
 * `httpVersion` is what the browser says it negotiated (next-hop.ts), `''` when it does not tell.
 */
import { headerBlockSize, type HeaderList, type WireRequest, type WireResponse } from '../../model/wire.ts'
import { makeTimingRoom, negotiatedVersion } from './next-hop.ts'
import { TransportError, type SendOptions, type Transport } from './types.ts'

/** Headers a page may not set; fetch would drop them silently, so they are left out on purpose. */
const FORBIDDEN =
  /^(user-agent|cookie|cookie2|host|connection|content-length|keep-alive|te|trailer|transfer-encoding|upgrade|via|expect|date|origin|referer|accept-charset|accept-encoding|access-control-request-.*|proxy-.*|sec-.*)$/i

export const CORS_MESSAGE =
  'The browser blocked the request (CORS) or the server is unreachable. Direct mode can only reach servers that allow this page’s origin; start Sendbox with `npm start` to send through the relay.'

export function createDirectTransport(
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Transport {
  async function send(request: WireRequest, opts: SendOptions): Promise<WireResponse> {
    const headers = new Headers()
    for (const [name, value] of request.headers) if (!FORBIDDEN.test(name)) headers.append(name, value)
    makeTimingRoom()
    const started = performance.now()
    let response: Response
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers,
        body:
          request.body && request.method !== 'GET' && request.method !== 'HEAD'
            ? (request.body as Uint8Array<ArrayBuffer>)
            : null,
        redirect: opts.followRedirects === false ? 'manual' : 'follow',
        credentials: 'omit',
        signal: opts.signal,
      })
    } catch (error) {
      if (opts.signal?.aborted) throw new TransportError('Request cancelled', 'aborted', { cause: error })
      throw new TransportError(CORS_MESSAGE, 'cors', { cause: error })
    }
    const list: HeaderList = []
    response.headers.forEach((value, name) => list.push([name, value]))
    const firstByte = performance.now() - started
    let body = new Uint8Array(0)
    let bodyStream: ReadableStream<Uint8Array> | undefined
    const eventStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    if (opts.responseBody === 'stream' || eventStream) bodyStream = response.body ?? undefined
    else {
      try {
        body = new Uint8Array(await response.arrayBuffer())
      } catch (error) {
        if (opts.signal?.aborted) throw new TransportError('Request cancelled', 'aborted', { cause: error })
        throw new TransportError((error as Error).message, 'unreachable', { cause: error })
      }
    }
    const total = performance.now() - started
    // A stream's entry comes only when it ends: not waited for.
    const httpVersion = await negotiatedVersion(request.url, started, undefined, bodyStream ? 1 : 3)
    return {
      status: response.status,
      statusText: response.statusText,
      httpVersion,
      headers: list,
      body,
      ...(bodyStream ? { bodyStream } : {}),
      eventStream,
      cookies: [],
      timings: { total, firstByte, download: total - firstByte },
      sizes: {
        requestHeaders: headerBlockSize(request.headers),
        requestBody: request.body?.length ?? 0,
        responseHeaders: headerBlockSize(list),
        responseBody: body.length || Number(response.headers.get('content-length') ?? 0),
      },
      url: response.url || request.url,
    }
  }
  return {
    send,
    capabilities: {
      setForbiddenHeaders: false,
      readSetCookie: false,
      proxy: false,
      clientCertificates: false,
      timingPhases: false,
    },
  }
}

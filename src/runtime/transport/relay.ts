/**
 * The page's transport when a sync-server is reachable: the wire request goes to its /relay,
 * which sends it with the Node transport, so nothing is lost to CORS or forbidden headers.
 * Plain `fetch`, so it runs in browsers, workers and Node 20 alike. Aborting the signal
 * aborts the fetch, and the relay then aborts the upstream request.
 */
import { BodyArrival, expectedLength } from '../../model/response/arrival.ts'
import type { ProxySettings, TlsSettings } from '../../model/settings.ts'
import { headerValue, type WireRequest, type WireResponse } from '../../model/wire.ts'
import {
  encodeRelayRequest,
  FrameParser,
  RELAY_CONTENT_TYPE,
  tlsToJson,
  type RelayEvent,
  type RelayTestProxyRequest,
} from './relay-protocol.ts'
import type { ProxyTestResult } from './proxy-test.ts'
import { readChunks } from './read-chunks.ts'
import { TransportError, type SendOptions, type Transport } from './types.ts'

export interface RelayTransportOptions {
  /** Origin (and optional path prefix) of the sync-server; '' for the page's own origin. */
  baseUrl: string
  /** The access token (from `fetchRelayToken` when the app is served by the sync-server). */
  token: string
  fetch?: typeof fetch
}

const CODES = new Set<string>([
  'unreachable',
  'timeout',
  'aborted',
  'tls',
  'proxy',
  'too-large',
  'invalid-request',
  'cors',
  'other',
])

/** The relay's JSON error answer (anything before the response head) as a TransportError. */
async function relayError(response: Response): Promise<TransportError> {
  let body: { code?: unknown; message?: unknown } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    body = {}
  }
  const code = typeof body.code === 'string' && CODES.has(body.code) ? body.code : 'other'
  const message = typeof body.message === 'string' ? body.message : `the relay answered ${response.status}`
  return new TransportError(`Relay: ${message}`, code as TransportError['code'])
}

function failure(error: unknown, signal: AbortSignal | undefined, what: string): TransportError {
  if (error instanceof TransportError) return error
  if (signal?.aborted) return new TransportError('Request cancelled', 'aborted', { cause: error })
  return new TransportError(what, 'unreachable', { cause: error })
}

export function createRelayTransport(options: RelayTransportOptions): Transport {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const base = options.baseUrl.replace(/\/+$/, '')

  async function send(request: WireRequest, opts: SendOptions): Promise<WireResponse> {
    const { signal } = opts
    let response: Response
    try {
      response = await doFetch(`${base}/relay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/octet-stream' },
        body: encodeRelayRequest(request, opts),
        signal,
      })
    } catch (error) {
      throw failure(error, signal, `Relay unreachable at ${base || 'this origin'}`)
    }
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith(RELAY_CONTENT_TYPE)) {
      throw await relayError(response)
    }
    // Chunks read into one reused buffer: each body piece is copied where it is kept before the next read.
    const reader = readChunks(response.body!)
    const parser = new FrameParser()
    const queue: RelayEvent[] = []
    const cut = () =>
      new TransportError('Relay: the connection closed in the middle of the response', 'unreachable')
    /** Next event; null when the stream ended cleanly between frames. */
    const next = async (): Promise<RelayEvent | null> => {
      while (queue.length === 0) {
        let chunk: Uint8Array | null
        try {
          chunk = await reader.read()
        } catch (error) {
          throw failure(error, signal, 'Relay: the connection was lost')
        }
        if (chunk === null) {
          if (!parser.atBoundary) throw cut()
          return null
        }
        queue.push(...parser.push(chunk))
      }
      return queue.shift()!
    }
    const first = await next()
    if (first?.type === 'error') throw new TransportError(first.error.message, first.error.code)
    if (first?.type !== 'head') throw cut()
    const wire: WireResponse = { ...first.head, body: new Uint8Array(0) }

    if (opts.responseBody === 'stream' || wire.eventStream) {
      wire.bodyStream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            for (;;) {
              const event = await next()
              if (event === null) throw cut()
              // The reader of the stream may keep a piece: its own copy when the chunk is reused.
              if (event.type === 'body')
                return controller.enqueue(reader.reused ? event.bytes.slice() : event.bytes)
              if (event.type === 'error') throw new TransportError(event.error.message, event.error.code)
              if (event.type === 'end') {
                // Known only once the body is through: filled in on the same objects.
                Object.assign(wire.timings, event.end.timings)
                Object.assign(wire.sizes, event.end.sizes)
                return controller.close()
              }
            }
          } catch (error) {
            controller.error(failure(error, signal, 'Relay: the connection was lost'))
          }
        },
        cancel: (reason) => reader.cancel(reason),
      })
      return wire
    }

    // Copied as the chunks come into one buffer of the announced length (no join of a 100 MB
    // body, no long task at its end), and shown as they come by whoever listens (the viewer).
    const arrival = new BodyArrival(
      expectedLength(
        headerValue(wire.headers, 'content-length'),
        headerValue(wire.headers, 'content-encoding'),
      ),
    )
    wire.arrival = arrival
    opts.onHead?.(wire)
    try {
      for (;;) {
        const event = await next()
        if (event === null) throw cut()
        if (event.type === 'error') throw new TransportError(event.error.message, event.error.code)
        if (event.type === 'body') {
          arrival.push(event.bytes)
        } else if (event.type === 'end') {
          wire.timings = event.end.timings
          wire.sizes = event.end.sizes
          wire.body = arrival.finish()
          return wire
        }
      }
    } catch (error) {
      arrival.fail()
      throw error
    }
  }

  return {
    send,
    capabilities: {
      setForbiddenHeaders: true,
      readSetCookie: true,
      proxy: true,
      clientCertificates: true,
      timingPhases: true,
    },
  }
}

/** The sync-server answered, but this browser has not logged in to it (no session cookie). */
export class RelayLoginRequired extends Error {
  override name = 'RelayLoginRequired'
}

/**
 * The token of the sync-server that served this page, given only to a browser that logged in
 * (its session cookie) and refused to pages of any other origin.
 */
export async function fetchRelayToken(
  baseUrl = '',
  doFetch: typeof fetch = globalThis.fetch,
): Promise<string> {
  const response = await doFetch(`${baseUrl.replace(/\/+$/, '')}/relay/token`, { credentials: 'same-origin' })
  if (response.status === 401) throw new RelayLoginRequired((await relayError(response)).message)
  if (!response.ok) throw await relayError(response)
  return ((await response.json()) as { token: string }).token
}

/** Settings → Proxy → `Test Connection`, answered by the relay (it can open the connection). */
export async function testProxyThroughRelay(
  options: RelayTransportOptions,
  proxy: ProxySettings,
  test: { tls?: TlsSettings; target?: string } = {},
): Promise<ProxyTestResult> {
  const doFetch = options.fetch ?? globalThis.fetch
  const body: RelayTestProxyRequest = {
    proxy,
    ...(test.tls ? { tls: tlsToJson(test.tls) } : {}),
    ...(test.target ? { target: test.target } : {}),
  }
  let response: Response
  try {
    response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/relay/test-proxy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch (error) {
    throw failure(error, undefined, 'Relay unreachable')
  }
  if (!response.ok) throw await relayError(response)
  return (await response.json()) as ProxyTestResult
}

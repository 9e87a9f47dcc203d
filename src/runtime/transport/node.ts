/**
 * The node transport (CLI and relay): undici with our own connector, so proxies, client
 * certificates, custom CAs and timing phases all work, and headers go out as the user wrote them.
 */
import { STATUS_CODES } from 'node:http'
import { cookiesFromHeaders } from '../../model/cookies.ts'
import {
  headerBlockSize,
  headerValue,
  type HeaderList,
  type ResponseCookie,
  type WireRequest,
  type WireResponse,
} from '../../model/wire.ts'
import { codingsToUndo, decodeBuffer, decodeStream } from './decode.ts'
import { makeDispatchers } from './dispatcher.ts'
import { toTransportError } from './errors.ts'
import { deadline } from './deadline.ts'
import { exchangeRetrying, type HopResponse } from './exchange.ts'
import { userinfoAuthorization, writtenTarget } from './as-written.ts'
import { redirectTarget, REDIRECT_STATUSES, type NextRequest } from './redirects.ts'
import { describeProxy, type Env, type ProxyRoute } from './route.ts'
import { TransportError, type SendOptions, type Transport } from './types.ts'

export interface NodeTransportOptions {
  /** Where `System Proxy` reads HTTP_PROXY, HTTPS_PROXY and NO_PROXY; `process.env` by default. */
  env?: Env
}

export interface NodeTransport extends Transport {
  /** Closes kept-alive connections (tests, CLI exit). */
  close(): Promise<void>
}

const PAYLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH', 'QUERY'])

export function createNodeTransport(options: NodeTransportOptions = {}): NodeTransport {
  const dispatchers = makeDispatchers(options.env)
  return {
    capabilities: {
      setForbiddenHeaders: true,
      readSetCookie: true,
      proxy: true,
      clientCertificates: true,
      timingPhases: true,
    },
    send: (request, sendOptions) => send(dispatchers, request, sendOptions),
    close: () => dispatchers.close(),
  }
}

async function send(
  dispatchers: ReturnType<typeof makeDispatchers>,
  request: WireRequest,
  options: SendOptions,
): Promise<WireResponse> {
  const started = performance.now()
  const url = parseUrl(request.url)
  let current: NextRequest = {
    method: request.method.toUpperCase(),
    url,
    written: writtenTarget(request.url, url),
    headers: withUserinfo(request.headers, url),
    body: request.body,
  }
  const follow = options.followRedirects ?? true
  const maxRedirects = options.maxRedirects ?? 10
  const { signal, stop, stopTimer } = deadline(options)
  const earlierCookies: { host: string; cookies: ResponseCookie[] }[] = []
  let streaming = false
  try {
    for (let redirects = 0; ; redirects++) {
      const target = dispatchers.target(
        current.url,
        options.proxy,
        options.tls,
        options.httpVersion,
        current.written,
      )
      const hop: HopResponse = await exchangeRetrying({
        method: current.method,
        target,
        headers: current.headers,
        body: current.body,
        signal,
        maxBytes: options.maxResponseBytes,
        explain: (error) => toTransportError(error, current.url),
        onStreamEnd: stop,
        bodyMode: (status, headers) => {
          if (follow && REDIRECT_STATUSES.has(status) && headerValue(headers, 'location')) return 'discard'
          return options.responseBody === 'stream' || isEventStream(headers) ? 'stream' : 'buffer'
        },
      })
      if (hop.status === 407 && target.route.kind === 'http' && target.origin !== current.url.origin) {
        void hop.stream?.cancel()
        throw proxyRefused(target.route)
      }
      const next = follow
        ? redirectTarget(hop.status, headerValue(hop.headers, 'location'), current)
        : undefined
      if (next) {
        if (redirects >= maxRedirects) {
          throw new TransportError(
            `Stopped after ${maxRedirects} redirects (last to ${next.url.href})`,
            'other',
          )
        }
        earlierCookies.push({ host: current.url.hostname, cookies: cookiesFromHeaders(hop.headers) })
        current = next
        continue
      }
      streaming = hop.stream !== undefined
      const response = toWireResponse(hop, current, started, options)
      // A login answered with a redirect sets its cookie on the redirect; keep those for the same host.
      if (earlierCookies.length > 0) {
        const carried = earlierCookies.filter((entry) => entry.host === current.url.hostname)
        response.cookies = [...carried.flatMap((entry) => entry.cookies), ...response.cookies]
      }
      // An event stream runs until the user stops it; the timeout covers only its start.
      if (response.eventStream) stopTimer()
      return response
    }
  } finally {
    if (!streaming) stop()
  }
}

/** `user:password@` in the URL is Basic authorization, as newman sends it, unless one is given. */
function withUserinfo(headers: HeaderList, url: URL): HeaderList {
  const authorization = userinfoAuthorization(url)
  if (authorization === undefined || headers.some(([name]) => name.toLowerCase() === 'authorization'))
    return headers
  return [...headers, ['Authorization', authorization]]
}

/** In absolute form the proxy answers itself; its 407 is a proxy failure, as it is for CONNECT. */
function proxyRefused(route: ProxyRoute): TransportError {
  const hint =
    route.username === undefined
      ? 'the proxy needs a username and password'
      : 'the proxy rejected the username or password'
  return new TransportError(
    `${describeProxy(route)} answered 407 Proxy Authentication Required (${hint})`,
    'proxy',
  )
}

function toWireResponse(
  hop: HopResponse,
  request: NextRequest,
  started: number,
  options: SendOptions,
): WireResponse {
  const now = performance.now()
  const codings = request.method === 'HEAD' ? [] : codingsToUndo(headerValue(hop.headers, 'content-encoding'))
  let body = hop.body
  let bodyStream = hop.stream
  if (codings && codings.length > 0) {
    if (bodyStream) bodyStream = decodeStream(bodyStream, codings)
    else if (body.length > 0) body = decodeBuffer(body, codings, options.maxResponseBytes)
  }
  const timings: WireResponse['timings'] = { total: now - started, ...hop.phases }
  if (hop.sentAt !== undefined && hop.firstByteAt !== undefined)
    timings.firstByte = hop.firstByteAt - hop.sentAt
  if (hop.firstByteAt !== undefined && hop.endAt !== undefined) timings.download = hop.endAt - hop.firstByteAt
  const requestBody = request.body?.length ?? 0
  return {
    status: hop.status,
    // HTTP/2 and some HTTP/1.1 servers send no reason phrase; show the standard one then.
    statusText: hop.statusText || STATUS_CODES[hop.status] || '',
    httpVersion: hop.httpVersion,
    ...(hop.httpVersion === '2' ? { pseudoHeaders: [[':status', String(hop.status)]] as HeaderList } : {}),
    headers: hop.headers,
    body: bodyStream ? new Uint8Array(0) : body,
    ...(bodyStream ? { bodyStream } : {}),
    eventStream: isEventStream(hop.headers),
    cookies: cookiesFromHeaders(hop.headers),
    timings,
    sizes: {
      requestHeaders: requestHeadSize(hop.head, request, requestBody),
      requestBody,
      responseHeaders: hop.responseHeaderBytes,
      responseBody: bodyStream ? Number(headerValue(hop.headers, 'content-length') ?? 0) || 0 : hop.bodyBytes,
    },
    url: request.url.href,
  }
}

/** undici publishes the head without the Content-Length it appends and the closing blank line. */
function requestHeadSize(head: string | undefined, request: NextRequest, bodyLength: number): number {
  if (head === undefined) {
    const line = `${request.method} ${request.written.path} HTTP/1.1\r\n`
    return line.length + headerBlockSize(request.headers) + 2
  }
  let size = head.length + 2
  if (bodyLength > 0 || PAYLOAD_METHODS.has(request.method))
    size += `content-length: ${bodyLength}\r\n`.length
  return size
}

export function isEventStream(headers: HeaderList): boolean {
  const type = headerValue(headers, 'content-type')
  return type !== undefined && type.split(';')[0]!.trim().toLowerCase() === 'text/event-stream'
}

function parseUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TransportError(`Invalid URL: ${raw}`, 'invalid-request')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TransportError(`Unsupported protocol ${url.protocol} (only http and https)`, 'invalid-request')
  }
  return url
}

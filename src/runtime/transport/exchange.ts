/**
 * One request/response exchange on an undici dispatcher, with a low-level handler: it sees the
 * raw header list (order, case, every Set-Cookie), the reason phrase, and controls flow, so a
 * streamed body is never buffered and an oversized one is cut off.
 */
import { isAscii } from 'node:buffer'
import type { Dispatcher } from 'undici'
import { headerValue, type HeaderList } from '../../model/wire.ts'
import type { Target } from './dispatcher.ts'
import { versionOf } from './http-version.ts'
import { expectHead, takePhases, tlsFacts, type ConnectPhases, type TlsFacts } from './timings.ts'
import { TransportError } from './types.ts'

export type BodyMode = 'buffer' | 'stream' | 'discard'

export interface HopRequest {
  method: string
  target: Target
  headers: HeaderList
  body: Uint8Array | null
  /** Absent when nothing can cancel the request (no caller's signal, no timeout). */
  signal?: CancelSignal
  maxBytes?: number
  /** Turns any failure into the error to report (rejection or stream error). */
  explain(error: unknown): Error
  /** Called once a streamed body has ended, failed or been cancelled. */
  onStreamEnd?: () => void
  /** Chosen once the status and headers are known. */
  bodyMode(status: number, headers: HeaderList): BodyMode
}

/** A failed exchange, with what is known of its connection to explain the failure. */
export class ExchangeError extends Error {
  constructor(
    readonly error: unknown,
    readonly context: { tls?: TlsFacts; freshConnection: boolean; answered: boolean },
  ) {
    super(error instanceof Error ? error.message : String(error), { cause: error })
  }
}

export interface HopResponse {
  status: number
  statusText: string
  headers: HeaderList
  /** Bytes as received (still content-encoded); empty unless the body mode was `buffer`. */
  body: Uint8Array
  stream?: ReadableStream<Uint8Array>
  /** What the connection spoke: `1.1`, or `2` (HTTP/2 by ALPN or prior knowledge). */
  httpVersion: '1.1' | '2'
  head?: string
  phases?: ConnectPhases
  responseHeaderBytes: number
  bodyBytes: number
  sentAt?: number
  firstByteAt?: number
  endAt?: number
}

/** What exchange() needs of a signal: an AbortSignal has it, and so has the lighter Cancel. */
export interface CancelSignal {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void): void
  removeEventListener(type: 'abort', listener: () => void): void
}

/**
 * A signal for one exchange, aborted by the transport's timeout or the caller's signal. Node's
 * AbortController costs about 15 us to make and its listeners about as much again; a collection
 * run makes one per request.
 */
export class Cancel implements CancelSignal {
  aborted = false
  reason: unknown = undefined
  private listener: (() => void) | undefined

  addEventListener(_type: 'abort', listener: () => void): void {
    this.listener = listener
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    if (this.listener === listener) this.listener = undefined
  }

  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.listener?.()
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** Methods a server must treat as safe to receive twice (RFC 9110, 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE'])
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'])

/**
 * A kept-alive connection can be closed by the server just as a request goes out on it, and a
 * client whose event loop was busy (a script running in the CLI's process) cannot have seen
 * the close in time. An idempotent request that got no answer on a reused connection is sent
 * once more, on another connection; anything else reports the failure.
 */
export async function exchangeRetrying(request: HopRequest): Promise<HopResponse> {
  if (!IDEMPOTENT.has(request.method)) return exchange(request)
  let stale: unknown
  const first: HopRequest = {
    ...request,
    explain: (error) => {
      if (!isStaleConnection(error)) return request.explain(error)
      stale = new Error('the kept-alive connection was closed')
      return stale as Error
    },
  }
  try {
    return await exchange(first)
  } catch (error) {
    if (error !== stale || stale === undefined || request.signal?.aborted) throw error
    // One turn of the event loop first: the closes of other idle connections the server ended
    // meanwhile are read then, so the retry does not pick one of them.
    await new Promise((resolve) => setImmediate(resolve))
    return exchange(request)
  }
}

function isStaleConnection(error: unknown): boolean {
  if (!(error instanceof ExchangeError)) return false
  const { freshConnection, answered } = error.context
  const code = (error.error as { code?: unknown } | null)?.code
  return !freshConnection && !answered && typeof code === 'string' && CLOSED.has(code)
}

export function exchange(request: HopRequest): Promise<HopResponse> {
  const { signal, maxBytes } = request
  return new Promise<HopResponse>((resolve, reject) => {
    let abortRequest: ((reason?: Error) => void) | undefined
    let settled = false
    let mode: BodyMode = 'buffer'
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined
    let resumeSocket: (() => void) | undefined
    let paused = false
    let socket: object | undefined
    const chunks: Buffer[] = []
    const response: HopResponse = {
      status: 0,
      statusText: '',
      headers: [],
      body: new Uint8Array(0),
      httpVersion: '1.1',
      responseHeaderBytes: 0,
      bodyBytes: 0,
    }

    const settle = (error?: unknown) => {
      if (settled) return
      settled = true
      // An open stream still answers to the signal; it lets go when the body ends.
      if (!controller) signal?.removeEventListener('abort', onAbort)
      if (error) reject(error)
      else resolve(response)
    }
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      const explained = request.explain(error)
      if (controller) {
        try {
          controller.error(explained)
        } catch {
          // already closed or errored
        }
        controller = undefined
        request.onStreamEnd?.()
      }
      abortRequest?.(explained)
      signal?.removeEventListener('abort', onAbort)
      settle(explained)
    }
    const onAbort = () => fail(signal?.reason)
    signal?.addEventListener('abort', onAbort)
    if (signal?.aborted) return onAbort()

    const tooLarge = () =>
      new TransportError(`The response body is larger than the limit of ${maxBytes} bytes`, 'too-large')

    const handler: Dispatcher.DispatchHandler = {
      onConnect(abort) {
        abortRequest = abort
        if (settled) return abort(new Error('cancelled'))
        expectHead((sent) => {
          response.head = sent.head
          socket = sent.socket
          response.httpVersion = versionOf(sent.socket)
          response.phases = takePhases(sent.socket)
          response.sentAt = performance.now()
        })
      },
      onResponseStarted() {
        response.firstByteAt ??= performance.now()
      },
      onHeaders(status, rawHeaders, resume, statusText) {
        if (status < 200) return true
        response.status = status
        response.statusText = statusText ?? ''
        response.headers = toHeaderList(rawHeaders as Buffer[])
        response.responseHeaderBytes = headBytes(rawHeaders as Buffer[], status, response.statusText)
        const length = Number(headerValue(response.headers, 'content-length'))
        if (maxBytes !== undefined && length > maxBytes) {
          fail(tooLarge())
          return false
        }
        mode = request.bodyMode(status, response.headers)
        if (mode === 'stream') {
          resumeSocket = resume
          response.stream = new ReadableStream<Uint8Array>(
            {
              start(c) {
                controller = c
              },
              pull() {
                if (paused) {
                  paused = false
                  resumeSocket?.()
                }
              },
              cancel() {
                controller = undefined
                signal?.removeEventListener('abort', onAbort)
                request.onStreamEnd?.()
                abortRequest?.(new TransportError('Response stream cancelled', 'aborted'))
              },
            },
            { highWaterMark: 16 },
          )
          settle()
        }
        return true
      },
      onData(chunk) {
        // Resuming a paused parser replays an empty body chunk; pausing on it would stall forever.
        if (chunk.length === 0) return true
        response.bodyBytes += chunk.length
        if (maxBytes !== undefined && response.bodyBytes > maxBytes) {
          fail(tooLarge())
          return false
        }
        if (mode === 'buffer') chunks.push(chunk)
        else if (mode === 'stream' && controller) {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 1) <= 0) {
            paused = true
            return false
          }
        }
        return true
      },
      onComplete() {
        response.endAt = performance.now()
        signal?.removeEventListener('abort', onAbort)
        if (controller) {
          controller.close()
          controller = undefined
          request.onStreamEnd?.()
        }
        if (mode === 'buffer') {
          const body = Buffer.concat(chunks)
          response.body = new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
        }
        settle()
      },
      onError(error) {
        fail(
          new ExchangeError(error, {
            tls: socket && tlsFacts(socket),
            freshConnection: response.phases !== undefined,
            answered: response.status > 0,
          }),
        )
      },
    }

    const flat: string[] = []
    const { headers } = request
    const extra = request.target.extraHeaders
    for (let i = 0; i < extra.length; i++) {
      const [name, value] = extra[i]!
      if (name === 'Host' && headers.some((header) => header[0].toLowerCase() === 'host')) continue
      flat.push(name, value)
    }
    // undici's HTTP/2 joins repeated fields with ", " except `cookie` (lower case), whose crumbs
    // it sends apart, as HTTP/2 wants. HTTP/2 certain: Cookie rows go as crumbs. HTTP/2 possible
    // (auto over TLS, known only after the handshake): Cookie rows join into the first one with
    // "; ", right for both (RFC 9113 §8.2.3, RFC 6265 §5.4). Otherwise HTTP/1.1 keeps them as given.
    const h2 = request.target.h2
    let cookieAt = -1
    for (let i = 0; i < headers.length; i++) {
      const name = headers[i]![0]
      const value = headers[i]![1]
      if (h2 !== undefined && name.length === 6 && name.toLowerCase() === 'cookie') {
        if (h2 === true) {
          flat.push('cookie', value)
          continue
        }
        if (cookieAt >= 0) {
          flat[cookieAt] += `; ${value}`
          continue
        }
        cookieAt = flat.length + 1
      }
      flat.push(name, value)
    }
    const body =
      request.body && request.body.length > 0
        ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength)
        : null
    request.target.dispatcher.dispatch(
      {
        origin: request.target.origin,
        path: request.target.path,
        method: request.method,
        headers: flat,
        body,
        // undici closes the connection after a HEAD (against servers that send a body anyway);
        // newman keeps it alive, as for any other request, and so do we.
        ...(request.method === 'HEAD' ? { reset: false } : {}),
      },
      handler,
    )
  })
}

function toHeaderList(raw: Buffer[]): HeaderList {
  const list: HeaderList = []
  for (let i = 0; i + 1 < raw.length; i += 2) list.push([raw[i]!.toString('latin1'), headerText(raw[i + 1]!)])
  return list
}

/** UTF-8 when the bytes are valid UTF-8 (what servers mean in practice), else byte-for-byte Latin-1. */
function headerText(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1')
  try {
    return decoder.decode(bytes)
  } catch {
    return bytes.toString('latin1')
  }
}

function headBytes(raw: Buffer[], status: number, statusText: string): number {
  let size = `HTTP/1.1 ${status} ${statusText}\r\n`.length + 2
  for (let i = 0; i + 1 < raw.length; i += 2) size += raw[i]!.length + raw[i + 1]!.length + 4
  return size
}

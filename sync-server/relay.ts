/**
 * POST /relay: sends the app's wire request with the injected (Node) transport and streams
 * the answer back in the frames of relay-protocol.ts. Bodies pass through with backpressure,
 * never buffered; the relay's own size and time limits hold even if the caller asks for more;
 * a caller that goes away aborts the upstream request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ProxySettings, TlsSettings } from '../src/model/settings.ts'
import type { WireResponse } from '../src/model/wire.ts'
import {
  FRAME_END,
  FRAME_ERROR,
  FRAME_HEAD,
  RELAY_CONTENT_TYPE,
  type RelayEnd,
  type RelayErrorBody,
  type RelayHead,
} from '../src/runtime/transport/relay-protocol.ts'
import { TransportError, type Transport } from '../src/runtime/transport/types.ts'
import type { Limits } from './config.ts'
import { FrameWriter } from './relay-frames.ts'
import { checkProxy, checkTls, parseRelayRequest, RelayRefusal } from './relay-validate.ts'
import type { SelfCheck } from './self-requests.ts'

export { RelayRefusal }

/** Settings → Proxy `Test Connection`: the relay opens the connection the page cannot. */
export type TestProxy = (
  proxy: ProxySettings,
  options: { tls?: TlsSettings; target?: string },
) => Promise<unknown>

export interface RelayDeps {
  transport: Transport
  testProxy?: TestProxy
  limits: Limits
  /** Why a URL is this server's own API, which the relay never calls (self-requests.ts). */
  selfCheck?: SelfCheck
}

const MAX_TEST_PROXY_BYTES = 1024 * 1024
/** Largest body frame built from chunks that were already waiting. */
const MAX_BATCH_BYTES = 1024 * 1024
/** Settles after any already-settled read: racing the two tells whether a chunk is waiting. */
const NOT_YET = Promise.resolve('not yet' as const)
type NotYet = Awaited<typeof NOT_YET>

export function readAll(req: IncomingMessage, max: number): Promise<Buffer> {
  const tooLarge = () =>
    new RelayRefusal(413, 'too-large', `the request is larger than the relay's limit of ${max} bytes`)
  if (Number(req.headers['content-length'] ?? 0) > max) return Promise.reject(tooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= max) return void chunks.push(chunk)
      req.removeAllListeners('data')
      req.resume()
      reject(tooLarge())
    })
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)))
    req.on('error', reject)
  })
}

/** The tighter of what the caller asked and what the relay allows; 0 means no limit. */
function tighter(asked: number | undefined, limit: number): number | undefined {
  if (!asked) return limit || undefined
  return limit ? Math.min(asked, limit) : asked
}

export function errorBody(error: unknown): RelayErrorBody {
  if (error instanceof RelayRefusal || error instanceof TransportError)
    return { code: error.code, message: error.message }
  return { code: 'other', message: error instanceof Error ? error.message : String(error) }
}

/** A 200 JSON answer that is never cached (tokens, versions). */
export function sendJson(res: ServerResponse, value: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(value))
}

export function sendError(res: ServerResponse, status: number, body: RelayErrorBody) {
  if (res.headersSent) return void res.destroy()
  const json = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
  })
  res.end(json)
}

function head(response: WireResponse): RelayHead {
  const {
    status,
    statusText,
    httpVersion,
    pseudoHeaders,
    headers,
    cookies,
    eventStream,
    url,
    timings,
    sizes,
  } = response
  return {
    status,
    statusText,
    httpVersion,
    ...(pseudoHeaders ? { pseudoHeaders } : {}),
    headers,
    cookies,
    eventStream,
    url,
    timings,
    sizes,
  }
}

export function createRelay({ transport, testProxy, limits, selfCheck }: RelayDeps) {
  async function refuseSelf(url: string) {
    const refusal = await selfCheck?.(url)
    if (refusal) throw new RelayRefusal(403, 'invalid-request', refusal)
  }

  async function send(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { request, options } = parseRelayRequest(await readAll(req, limits.maxRequestBytes))
    await refuseSelf(request.url)
    const maxBytes = tighter(options.maxResponseBytes, limits.maxResponseBytes)
    const controller = new AbortController()
    let stopped: 'client' | 'time' | 'size' | undefined
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
    const stop = (why: NonNullable<typeof stopped>) => {
      stopped ??= why
      controller.abort()
      reader?.cancel().catch(() => undefined)
    }
    res.on('close', () => !res.writableFinished && stop('client'))
    const timer = limits.maxRelayMs > 0 ? setTimeout(() => stop('time'), limits.maxRelayMs) : undefined
    const timeLimit = () =>
      new RelayRefusal(504, 'timeout', `the relay's time limit of ${limits.maxRelayMs} ms was reached`)
    try {
      let response: WireResponse
      try {
        response = await transport.send(request, {
          ...options,
          timeoutMs: tighter(options.timeoutMs, limits.maxRelayMs),
          maxResponseBytes: maxBytes,
          responseBody: 'stream',
          signal: controller.signal,
        })
      } catch (error) {
        if (stopped === 'client') return
        const refusal = stopped === 'time' ? timeLimit() : error
        return sendError(res, refusal instanceof RelayRefusal ? refusal.status : 502, errorBody(refusal))
      }
      res.writeHead(200, {
        'content-type': RELAY_CONTENT_TYPE,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      const frames = new FrameWriter(res)
      frames.json(FRAME_HEAD, head(response))
      const headAt = performance.now()
      let received = 0
      /** The bytes within the size limit, one frame; false when the reader is behind. */
      const forward = (chunks: Uint8Array[]) => {
        let length = 0
        for (let i = 0; i < chunks.length; i++) {
          if (maxBytes !== undefined && received + length + chunks[i]!.length > maxBytes) {
            stop('size')
            chunks = chunks.slice(0, i)
            break
          }
          length += chunks[i]!.length
        }
        received += length
        return length === 0 || frames.body(chunks, length)
      }
      try {
        if (response.bodyStream) {
          reader = response.bodyStream.getReader()
          if (stopped) await reader.cancel()
          for (let pending = reader.read(); ;) {
            const first = await pending
            if (first.done || stopped) break
            // What upstream has already delivered goes out as one frame: a reader that fell behind
            // catches up in fewer, larger writes, and a live event stream is never held back.
            const batch = [first.value]
            let size = first.value.length
            for (;;) {
              pending = reader.read()
              if (size >= MAX_BATCH_BYTES) break
              // A failed read is left in `pending`, to fail after this batch went out.
              const next = await Promise.race([pending, NOT_YET]).catch((): NotYet => 'not yet')
              if (next === 'not yet' || next.done) break
              batch.push(next.value)
              size += next.value.length
            }
            if (!forward(batch)) await frames.drain()
          }
        } else if (response.body.length > 0) {
          forward([response.body])
        }
      } catch (error) {
        if (!stopped) return frames.end(FRAME_ERROR, errorBody(error))
      }
      if (stopped === 'client') return
      if (stopped === 'time') return frames.end(FRAME_ERROR, errorBody(timeLimit()))
      if (stopped === 'size') {
        const message = `the response is larger than the limit of ${maxBytes} bytes`
        return frames.end(FRAME_ERROR, { code: 'too-large', message })
      }
      // A streamed body ends after the transport answered: its download time is the relay's, and so
      // is its size when no Content-Length announced it.
      const timings = { ...response.timings }
      if (response.bodyStream && timings.download === undefined) {
        timings.download = performance.now() - headAt
        timings.total += timings.download
      }
      const end: RelayEnd = {
        timings,
        sizes: { ...response.sizes, responseBody: response.sizes.responseBody || received },
      }
      frames.end(FRAME_END, end)
    } finally {
      clearTimeout(timer)
    }
  }

  async function checkProxyConnection(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!testProxy) throw new RelayRefusal(501, 'other', 'this server cannot test proxies')
    let parsed: { proxy?: unknown; tls?: unknown; target?: unknown }
    try {
      parsed = JSON.parse((await readAll(req, MAX_TEST_PROXY_BYTES)).toString('utf8')) as typeof parsed
    } catch (error) {
      if (error instanceof RelayRefusal) throw error
      throw new RelayRefusal(400, 'invalid-request', 'the body must be JSON: { "proxy": ProxySettings }')
    }
    const proxy = checkProxy(parsed.proxy)
    const tls = parsed.tls === undefined ? undefined : checkTls(parsed.tls)
    const target = parsed.target
    if (target !== undefined && (typeof target !== 'string' || !/^https?:\/\//.test(target))) {
      throw new RelayRefusal(400, 'invalid-request', 'target must be an http(s) URL')
    }
    if (typeof target === 'string') await refuseSelf(target)
    let result: unknown
    try {
      result = await testProxy(proxy, { tls, target })
    } catch (error) {
      const body = errorBody(error)
      return sendError(res, 502, body.code === 'other' ? { ...body, code: 'proxy' } : body)
    }
    const json = JSON.stringify(result ?? null)
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(json)
  }

  return { send, checkProxyConnection }
}

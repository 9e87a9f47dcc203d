/**
 * The Node transport as a run on the relay sends through it: each request passes the checks a
 * single `POST /relay` passes (method, URL, header names and values, proxy and TLS fields, the
 * HTTP version; never this server's own API) and gets the relay's limits (the tighter of the
 * run's and the relay's time and response size), so handing a run over opens nothing a single
 * relayed send does not. A refusal is that request's `TransportError` (its row says why); the run
 * goes on as it would after any failed send.
 */
import type { WireRequest } from '../src/model/wire.ts'
import { tlsToJson } from '../src/runtime/transport/relay-protocol.ts'
import { TransportError, type SendOptions, type Transport } from '../src/runtime/transport/types.ts'
import type { Limits } from './config.ts'
import { checkHeaders, checkProxy, checkTls, RelayRefusal } from './relay-validate.ts'
import { isHttpVersion } from '../src/model/settings.ts'
import type { SelfCheck } from './self-requests.ts'

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** The tighter of what the caller asked and what the relay allows; 0 means no limit. */
export function tighter(asked: number | undefined, limit: number): number | undefined {
  if (!asked) return limit || undefined
  return limit ? Math.min(asked, limit) : asked
}

export interface RunTransportOptions {
  limits: Limits
  selfCheck?: SelfCheck
  /** Waited before each request goes out: the run's request limit, and a reader that fell behind. */
  beforeSend: () => Promise<void>
}

function checkRequest(request: WireRequest): void {
  if (!TOKEN.test(request.method) || request.method.length > 64)
    throw new RelayRefusal(
      400,
      'invalid-request',
      `method ${JSON.stringify(request.method.slice(0, 60))} is not valid`,
    )
  let protocol = ''
  try {
    protocol = new URL(request.url).protocol
  } catch {
    throw new RelayRefusal(400, 'invalid-request', `${JSON.stringify(request.url.slice(0, 60))} is not a URL`)
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new RelayRefusal(400, 'invalid-request', 'only http and https URLs can be relayed')
  checkHeaders(request.headers)
}

export function runTransport(
  transport: Transport,
  { limits, selfCheck, beforeSend }: RunTransportOptions,
): Transport {
  /** TLS settings already checked (the run's own, reused by every request): checked once. */
  const checkedTls = new WeakSet<object>()
  const checkOptions = (options: SendOptions) => {
    if (options.proxy) checkProxy(options.proxy)
    if (options.tls && !checkedTls.has(options.tls)) {
      checkTls(tlsToJson(options.tls))
      checkedTls.add(options.tls)
    }
    if (options.httpVersion !== undefined && !isHttpVersion(options.httpVersion))
      throw new RelayRefusal(
        400,
        'invalid-request',
        `httpVersion ${JSON.stringify(options.httpVersion)} is not known`,
      )
  }
  return {
    capabilities: transport.capabilities,
    async send(request, options) {
      try {
        checkRequest(request)
        checkOptions(options)
      } catch (error) {
        if (error instanceof RelayRefusal) throw new TransportError(`Relay: ${error.message}`, error.code)
        throw error
      }
      const refusal = await selfCheck?.(request.url)
      if (refusal) throw new TransportError(`Relay: ${refusal}`, 'invalid-request')
      await beforeSend()
      if (options.signal?.aborted) throw new TransportError('Request cancelled', 'aborted')
      return transport.send(request, {
        ...options,
        timeoutMs: tighter(options.timeoutMs, limits.maxRelayMs),
        maxResponseBytes: tighter(options.maxResponseBytes, limits.maxResponseBytes),
      })
    },
  }
}

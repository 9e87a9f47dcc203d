/**
 * The one seam between the send pipeline and the network. Each host picks its implementation
 * (node, relay, service worker, direct fetch) in its own entry file; nothing else does I/O.
 */
import type { HttpVersion, ProxySettings, TlsSettings } from '../../model/settings.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'

export interface SendOptions {
  signal?: AbortSignal
  /** Whole-request timeout in ms; 0 or absent for none. */
  timeoutMs?: number
  /** Follow redirects (default true), at most `maxRedirects` (default 10). */
  followRedirects?: boolean
  maxRedirects?: number
  proxy?: ProxySettings
  tls?: TlsSettings
  /** `auto` (default): ALPN over TLS, HTTP/1.1 on plain TCP; see `HttpVersion`. */
  httpVersion?: HttpVersion
  /** `stream`: hand back `bodyStream` instead of buffering (relay pass-through, downloads). */
  responseBody?: 'buffer' | 'stream'
  /** Refuse a response body larger than this many bytes. */
  maxResponseBytes?: number
  /**
   * Called once the head is in, before the body, with the response whose `arrival` then carries
   * the body as it comes; `send` still resolves with the whole body. Transports that cannot tell
   * the head apart (or buffer in another process) ignore it.
   */
  onHead?: (response: WireResponse) => void
}

export interface TransportCapabilities {
  setForbiddenHeaders: boolean
  readSetCookie: boolean
  proxy: boolean
  clientCertificates: boolean
  timingPhases: boolean
}

export interface Transport {
  send(request: WireRequest, options: SendOptions): Promise<WireResponse>
  readonly capabilities: TransportCapabilities
}

/** Why a request got no response: the reason shown after `Request failed`. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'unreachable'
      | 'timeout'
      | 'aborted'
      | 'tls'
      | 'proxy'
      | 'too-large'
      | 'invalid-request'
      | 'cors'
      | 'other',
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'TransportError'
  }
}

/**
 * How the `HTTP version` option shapes a connection: the ALPN protocols offered in the TLS
 * handshake, HTTP/2 with prior knowledge on plain TCP (h2c), and the check that a forced HTTP/2
 * was agreed to. undici speaks HTTP/2 on any socket whose `alpnProtocol` is `h2`.
 */
import type net from 'node:net'
import type { HttpVersion } from '../../model/settings.ts'
import { ConnectError } from './connector-error.ts'
import { TransportError } from './types.ts'

/** What the TLS handshake offers (server's choice among them). */
export function alpnProtocols(version: HttpVersion): string[] {
  if (version === '1.1') return ['http/1.1']
  if (version === 'auto') return ['h2', 'http/1.1']
  return ['h2']
}

/** Plain TCP speaking HTTP/2 from the first byte: `h2c`, and `2` on an http:// URL. */
export function priorKnowledge(version: HttpVersion, https: boolean): boolean {
  return !https && (version === 'h2c' || version === '2')
}

/** Marks a plain socket as HTTP/2, the way undici's own `useH2c` does. */
export function speakH2(socket: net.Socket): net.Socket {
  ;(socket as net.Socket & { alpnProtocol?: string | false }).alpnProtocol = 'h2'
  return socket
}

/** After the target's handshake: HTTP/2 asked for and not agreed to is a clear failure. */
export function checkNegotiated(
  socket: net.Socket & { alpnProtocol?: string | false | null },
  version: HttpVersion,
  where: string,
): void {
  if (version !== '2' && version !== 'h2c') return
  if (socket.alpnProtocol === 'h2') return
  socket.destroy()
  const chose = socket.alpnProtocol ? `it chose ${socket.alpnProtocol}` : 'it offered no protocol'
  throw new ConnectError(
    `${where} did not agree to HTTP/2 in the TLS handshake (${chose}); it may speak only HTTP/1.1: choose HTTP/1.1 or Auto`,
    'tls',
  )
}

/** The protocol a response came over, from the socket it was sent on. */
export function versionOf(socket: object | undefined): '1.1' | '2' {
  return (socket as { alpnProtocol?: unknown } | undefined)?.alpnProtocol === 'h2' ? '2' : '1.1'
}

/**
 * HTTP/2 failures in words: an HTTP/1.1 server answering an h2c preface breaks the HTTP/2
 * framing (`ERR_HTTP2_ERROR`), and a server that refuses the offered ALPN protocols sends a
 * `no_application_protocol` alert.
 */
export function explainProtocol(error: unknown, authority: string): TransportError | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return undefined
  if (code === 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL') {
    return new TransportError(
      `${authority} refused the HTTP version offered in the TLS handshake (no common protocol): choose another HTTP version, or Auto to offer both HTTP/2 and HTTP/1.1`,
      'tls',
      { cause: error },
    )
  }
  if (code.startsWith('ERR_HTTP2_')) {
    const detail = error instanceof Error ? error.message : code
    return new TransportError(
      `${authority} did not speak HTTP/2 (${detail}): with HTTP/2 (prior knowledge) the server must take HTTP/2 without TLS; it may speak only HTTP/1.1: choose HTTP/1.1 or Auto`,
      'other',
      { cause: error },
    )
  }
  return undefined
}

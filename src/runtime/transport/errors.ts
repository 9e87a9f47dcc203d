/**
 * Every failure of the node transport becomes a TransportError whose message is shown after
 * `Request failed`: it names the host (or proxy) and says what went wrong in words.
 */
import { TransportError } from './types.ts'
import { ConnectError } from './connector-error.ts'
import { ExchangeError } from './exchange.ts'
import { explainProtocol } from './http-version.ts'
import type { TlsFacts } from './timings.ts'
import { ClientCertificateError } from './tls-options.ts'

const SYSTEM_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
}

const CERT_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it was issued by an unknown certificate authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it was issued by an unknown certificate authority',
  UNABLE_TO_GET_ISSUER_CERT: 'it was issued by an unknown certificate authority',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is not valid for this host name',
  CERT_REVOKED: 'it was revoked',
}

const TRUST_HINT = 'Add its CA certificate in Settings → Zertifikate, or disable SSL verification.'

export function toTransportError(error: unknown, url: URL): TransportError {
  if (error instanceof TransportError) return error
  const authority = url.host
  if (error instanceof ExchangeError) return explainExchange(error, authority, url)
  if (error instanceof ClientCertificateError)
    return new TransportError(error.message, 'tls', { cause: error })
  if (error instanceof ConnectError) {
    const cause = error.cause
    if (error.stage === 'tls')
      return (
        explainProtocol(cause, authority) ??
        tlsError(cause, authority) ??
        wrap(error.message, cause, 'tls', error)
      )
    if (error.stage === 'proxy') return wrap(error.message, cause, 'proxy', error)
    return wrap(error.message, cause, 'unreachable', error)
  }
  const protocol = explainProtocol(error, authority)
  if (protocol) return protocol
  const tls = tlsError(error, authority)
  if (tls) return tls
  const code = errorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED') {
    return new TransportError(`Invalid request: ${message}`, 'invalid-request', { cause: error })
  }
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new TransportError(
      `${authority} closed the connection before the response was complete`,
      'other',
      {
        cause: error,
      },
    )
  }
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return new TransportError(
      `${authority} sent a body that does not match its Content-Length header`,
      'other',
      {
        cause: error,
      },
    )
  }
  if (error instanceof Error && error.name === 'HTTPParserError') {
    return new TransportError(`${authority} sent an invalid HTTP response: ${message}`, 'other', {
      cause: error,
    })
  }
  if (code && SYSTEM_REASONS[code]) {
    return new TransportError(
      `Network error talking to ${authority} (${code}: ${SYSTEM_REASONS[code]})`,
      'other',
      {
        cause: error,
      },
    )
  }
  return new TransportError(message || 'Unknown error', 'other', { cause: error })
}

/**
 * TLS 1.3 servers check the client certificate after the handshake, so a refusal shows up as a
 * dropped connection once the request is sent; the socket's own TLS error says why.
 */
function explainExchange(
  failure: ExchangeError,
  authority: string,
  url: URL,
  closedCodes: ReadonlySet<string> = UNDICI_CLOSED,
): TransportError {
  const { error, context } = failure
  if (error instanceof TransportError) return error
  const fromSocket =
    context.tls?.error &&
    (explainProtocol(context.tls.error, authority) ?? tlsError(context.tls.error, authority))
  if (fromSocket) return fromSocket
  const dropped = closedCodes.has(errorCode(error) ?? '') && context.freshConnection && !context.answered
  if (dropped && context.tls?.clientCertificate) {
    return new TransportError(
      `${authority} closed the connection right after the TLS handshake: it did not accept the client certificate`,
      'tls',
      { cause: error },
    )
  }
  if (dropped && context.tls) {
    return new TransportError(
      `${authority} closed the connection right after the TLS handshake without answering (it may require a client certificate)`,
      'other',
      { cause: error },
    )
  }
  return toTransportError(error, url)
}

const UNDICI_CLOSED = new Set(['UND_ERR_SOCKET'])
const NODE_CLOSED = new Set(['ECONNRESET', 'EPIPE'])

/**
 * A request on a new connection that failed before any answer, outside undici (the WebSocket
 * bridge's upgrade on `node:http`): explained as an exchange is, from its TLS socket's facts.
 */
export function explainUnanswered(error: unknown, tls: TlsFacts | undefined, url: URL): TransportError {
  const failure = new ExchangeError(error, {
    ...(tls ? { tls } : {}),
    freshConnection: true,
    answered: false,
  })
  return explainExchange(failure, url.host, url, NODE_CLOSED)
}

function wrap(message: string, cause: unknown, code: TransportError['code'], error: Error): TransportError {
  const causeCode = errorCode(cause)
  const detail = causeCode
    ? ` (${causeCode}${SYSTEM_REASONS[causeCode] ? `: ${SYSTEM_REASONS[causeCode]}` : ''})`
    : cause instanceof Error && !message.includes(cause.message)
      ? `: ${cause.message}`
      : ''
  return new TransportError(`${message}${detail}`, code, { cause: error })
}

/** Certificate and handshake failures, in words a user can act on; undefined if not TLS. */
function tlsError(error: unknown, authority: string): TransportError | undefined {
  const code = errorCode(error)
  const message = error instanceof Error ? error.message : ''
  if (!code && !message) return undefined
  if (code && CERT_REASONS[code]) {
    return new TransportError(
      `The SSL certificate of ${authority} is not trusted: ${CERT_REASONS[code]}. ${TRUST_HINT}`,
      'tls',
      { cause: error },
    )
  }
  if (/certificate required|CERTIFICATE_REQUIRED/i.test(`${code} ${message}`)) {
    return new TransportError(
      `${authority} requires a client certificate; add one for this host in Settings → Zertifikate`,
      'tls',
      { cause: error },
    )
  }
  if (
    /alert (bad|unknown|unsupported) certificate|certificate unknown|ALERT_(BAD|UNKNOWN)_C/i.test(
      `${code} ${message}`,
    )
  ) {
    return new TransportError(`${authority} rejected the client certificate`, 'tls', { cause: error })
  }
  if (/handshake failure|HANDSHAKE_FAILURE/i.test(`${code} ${message}`)) {
    return new TransportError(
      `TLS handshake with ${authority} failed (the server may require a client certificate)`,
      'tls',
      { cause: error },
    )
  }
  if (code?.startsWith('ERR_SSL_') || code?.startsWith('ERR_TLS_')) {
    return new TransportError(`TLS error with ${authority}: ${message}`, 'tls', { cause: error })
  }
  return undefined
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

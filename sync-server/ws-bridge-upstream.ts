/**
 * The WebSocket bridge's upstream connection: `ws` on the HTTP relay's connector (the request's
 * proxy route, its TLS settings and the client certificate chosen for the host), and its failures
 * in the words the HTTP relay uses (an untrusted certificate, a missing client certificate, a
 * refused tunnel…), with the TLS socket's own facts: a TLS 1.3 server refuses a client
 * certificate only after the handshake, when the upgrade request is already on its way.
 */
import type http from 'node:http'
import type net from 'node:net'
import { WebSocket } from 'ws'
import type { ProxySettings, TlsSettings } from '../src/model/settings.ts'
import type { BridgeFailure } from '../src/runtime/realtime/websocket/bridge-protocol.ts'
import { makeConnector } from '../src/runtime/transport/connector.ts'
import { explainUnanswered } from '../src/runtime/transport/errors.ts'
import { resolveRoute } from '../src/runtime/transport/route.ts'
import { tlsFacts } from '../src/runtime/transport/timings.ts'
import { makeSecureContexts } from '../src/runtime/transport/tls-options.ts'
import { RelayRefusal } from './relay-validate.ts'

const HANDSHAKE_TIMEOUT_MS = 30_000

export interface UpstreamRequest {
  url: string
  headers: Record<string, string>
  protocols: string[]
  proxy?: ProxySettings
  tls: TlsSettings
  maxPayload: number
}

export interface Upstream {
  socket: WebSocket
  /** A failure before the upgrade completed, explained. */
  explain(error: unknown): BridgeFailure
}

export function openUpstream(request: UpstreamRequest): Upstream {
  const url = new URL(request.url.replace(/^ws/, 'http'))
  // The WebSocket handshake is an HTTP/1.1 Upgrade: ALPN offers only http/1.1.
  const connector = makeConnector(
    resolveRoute(url, request.proxy),
    makeSecureContexts(request.tls),
    false,
    '1.1',
  )
  let connection: net.Socket | undefined
  const socket = new WebSocket(request.url, request.protocols, {
    headers: request.headers,
    handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    maxPayload: request.maxPayload,
    followRedirects: false,
    createConnection: ((options: { hostname?: string; host?: string; port?: number | string }, done) => {
      connector(
        {
          hostname: options.hostname ?? options.host ?? url.hostname,
          port: String(options.port ?? url.port),
          protocol: url.protocol,
        } as Parameters<typeof connector>[0],
        (error, made) => {
          if (error) return done(error, undefined as never)
          connection = made as net.Socket
          done(null, connection)
          // A CONNECT tunnel is handed over paused (its first bytes may be put back); node:http
          // only listens for data, it does not resume.
          connection.resume()
        },
      )
      return undefined as never
    }) as http.RequestOptions['createConnection'],
  })
  return {
    socket,
    explain: (error) => failureOf(error, url, connection),
  }
}

export function failureOf(error: unknown, url?: URL, connection?: net.Socket): BridgeFailure {
  if (error instanceof RelayRefusal) {
    const code = error.code === 'too-large' ? 'too-large' : 'invalid-request'
    return { type: 'failure', code, message: error.message }
  }
  const message = error instanceof Error ? error.message : String(error)
  if (/opening handshake has timed out/i.test(message))
    return {
      type: 'failure',
      code: 'timeout',
      message: `${url?.host ?? 'The server'} did not answer the upgrade`,
    }
  if (!url) return { type: 'failure', code: 'other', message }
  const explained = explainUnanswered(error, connection && tlsFacts(connection), url)
  const code = explained.code === 'aborted' || explained.code === 'cors' ? 'other' : explained.code
  return { type: 'failure', code, message: explained.message }
}

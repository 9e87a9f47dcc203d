/**
 * The Socket.IO bridge's way out: an `http.Agent` whose every connection is made by the HTTP
 * relay's connector (the request's proxy route, its TLS settings, the client certificate chosen for
 * the host; ALPN offers only http/1.1, which both Engine.IO transports speak). `socket.io-client`
 * hands it to its polling requests and its WebSocket alike. A connection that cannot be made is
 * explained in the HTTP relay's words, which say more than the client's `xhr poll error`.
 */
import http from 'node:http'
import type net from 'node:net'
import type { ProxySettings, TlsSettings } from '../src/model/settings.ts'
import { makeConnector } from '../src/runtime/transport/connector.ts'
import { explainUnanswered } from '../src/runtime/transport/errors.ts'
import { resolveRoute } from '../src/runtime/transport/route.ts'
import { tlsFacts } from '../src/runtime/transport/timings.ts'
import { makeSecureContexts } from '../src/runtime/transport/tls-options.ts'

export interface UpstreamAgent {
  agent: http.Agent
  /** The last connection failure, explained, once (then forgotten); undefined when none. */
  takeProblem(): string | undefined
}

type Done = (error: Error | null, socket?: net.Socket) => void

export function upstreamAgent(
  target: URL,
  proxy: ProxySettings | undefined,
  tls: TlsSettings,
): UpstreamAgent {
  const connector = makeConnector(resolveRoute(target, proxy), makeSecureContexts(tls), false, '1.1')
  let problem: string | undefined
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  // node:https accepts an agent only of its own protocol: the connector makes the TLS itself.
  ;(agent as unknown as { protocol: string }).protocol = target.protocol
  const create = (
    options: { host?: string | null; hostname?: string | null; port?: number | string | null },
    done: Done,
  ) => {
    connector(
      {
        hostname: options.hostname ?? options.host ?? target.hostname,
        port: String(options.port ?? target.port),
        protocol: target.protocol,
      } as Parameters<typeof connector>[0],
      (error, made) => {
        if (error) {
          problem = explainUnanswered(error, undefined, target).message
          return done(error)
        }
        const socket = made as net.Socket
        // A TLS 1.3 server refuses a client certificate only after the handshake, when the
        // request is on its way: explained from the TLS socket's facts, as the WebSocket bridge does.
        socket.once('error', (failure) => {
          problem = explainUnanswered(failure, tlsFacts(socket), target).message
        })
        done(null, socket)
        // A CONNECT tunnel is handed over paused; node:http only listens for data.
        socket.resume()
      },
    )
    return undefined
  }
  ;(agent as unknown as { createConnection: typeof create }).createConnection = create
  return {
    agent,
    takeProblem() {
      const taken = problem
      problem = undefined
      return taken
    },
  }
}

/**
 * One undici Agent per (route, TLS settings), kept so repeated sends reuse keep-alive
 * connections. Plain-HTTP requests through an HTTP(S) proxy go to the proxy in absolute form
 * (what curl does; many proxies refuse CONNECT to port 80); everything else is tunnelled.
 */
import type { Agent as AgentType, Dispatcher } from 'undici'
// The Agent alone, not undici's index: that loads fetch, WebSocket, cookies and Node's own copy
// of undici besides (110 files against 23, about 65 ms more CPU before the first send).
import Agent from 'undici/lib/dispatcher/agent.js'
import { DEFAULT_TLS, type HttpVersion, type ProxySettings, type TlsSettings } from '../../model/settings.ts'
import type { WrittenTarget } from './as-written.ts'
import { makeConnector } from './connector.ts'
import { priorKnowledge } from './http-version.ts'
import { resolveRoute, type Env, type Route } from './route.ts'
import { makeSecureContexts } from './tls-options.ts'

export interface Target {
  dispatcher: Dispatcher
  /** What undici connects to (the proxy itself in absolute form). */
  origin: string
  path: string
  route: Route
  /** Headers the hop needs besides the user's (absolute form: Host, Proxy-Authorization). */
  extraHeaders: [string, string][]
  /**
   * `true`: HTTP/2 is certain (forced, or prior knowledge); `possible`: auto over TLS, where the
   * handshake decides. See exchange.ts for what that changes (Cookie rows).
   */
  h2?: true | 'possible'
}

const MAX_AGENTS = 16

export function makeDispatchers(env?: Env) {
  const agents = new Map<string, AgentType>()
  const tlsKeys = new WeakMap<TlsSettings, string>()
  const routeKeys = new WeakMap<Route, string>()

  function agentFor(route: Route, tls: TlsSettings, forward: boolean, version: HttpVersion): AgentType {
    let tlsKey = tlsKeys.get(tls)
    if (tlsKey === undefined) {
      tlsKey = JSON.stringify(tls, (_key, value: unknown) =>
        value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
      )
      tlsKeys.set(tls, tlsKey)
    }
    // Without a proxy every request has the same route object: its key is made once.
    let routeKey = routeKeys.get(route)
    if (routeKey === undefined) {
      routeKey = JSON.stringify(route)
      routeKeys.set(route, routeKey)
    }
    const key = `${routeKey}|${forward}|${version}|${tlsKey}`
    let agent = agents.get(key)
    if (!agent) {
      agent = new Agent({
        connect: makeConnector(route, makeSecureContexts(tls), forward, version),
        // The caller's timeout and AbortSignal govern; undici's own would cut long event streams.
        headersTimeout: 0,
        bodyTimeout: 0,
      })
      agents.set(key, agent)
      if (agents.size > MAX_AGENTS) {
        const [oldestKey, oldest] = agents.entries().next().value as [string, AgentType]
        agents.delete(oldestKey)
        void oldest.close()
      }
    }
    return agent
  }

  return {
    target(
      url: URL,
      proxy: ProxySettings | undefined,
      tls: TlsSettings = DEFAULT_TLS,
      version: HttpVersion = 'auto',
      written: WrittenTarget = { path: `${url.pathname}${url.search}` },
    ): Target {
      const route = resolveRoute(url, proxy, env)
      const { path } = written
      const host = written.host ?? url.host
      // h2c goes through a CONNECT tunnel: a proxy's absolute form is HTTP/1.1.
      if (route.kind === 'http' && url.protocol === 'http:' && !priorKnowledge(version, false)) {
        const extraHeaders: [string, string][] = [['Host', host]]
        if (route.username !== undefined) {
          const token = Buffer.from(`${route.username}:${route.password ?? ''}`).toString('base64')
          extraHeaders.push(['Proxy-Authorization', `Basic ${token}`])
        }
        const proxyHost = route.host.includes(':') ? `[${route.host}]` : route.host
        return {
          dispatcher: agentFor(route, tls, true, version),
          origin: `${route.secure ? 'https' : 'http'}://${proxyHost}:${route.port}`,
          path: `${url.protocol}//${host}${path}`,
          route,
          extraHeaders,
        }
      }
      return {
        dispatcher: agentFor(route, tls, false, version),
        origin: url.origin,
        path,
        route,
        // An explicit default port stays in Host, as written (undici's own Host drops it).
        extraHeaders: written.host === undefined ? [] : [['Host', written.host]],
        ...(version === '2' || version === 'h2c'
          ? { h2: true as const }
          : version === 'auto' && url.protocol === 'https:'
            ? { h2: 'possible' as const }
            : {}),
      }
    },
    async close(): Promise<void> {
      const all = [...agents.values()]
      agents.clear()
      await Promise.all(all.map((agent) => agent.close()))
    },
  }
}

export type Dispatchers = ReturnType<typeof makeDispatchers>

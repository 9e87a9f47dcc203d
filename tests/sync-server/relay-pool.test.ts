/**
 * The relay keeps one pool of kept-alive connections per proxy route and TLS settings: requests
 * with different proxy settings, back to back or at once, never ride each other's connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProxySettings } from '../../src/model/settings.ts'
import type { Transport, TransportError } from '../../src/runtime/transport/types.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import {
  startHttpProxy,
  startSocksProxy,
  type CountingProxy,
  type CountingSocks,
  proxySettings as proxy,
} from '../helpers/proxy-servers.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack
let echo: EchoServer
let relay: Transport
let httpProxy: CountingProxy
let socks: CountingSocks

beforeAll(async () => {
  stack = await startRelayStack()
  ;({ echo, relay } = stack)
  httpProxy = await startHttpProxy()
  socks = await startSocksProxy()
})

afterAll(async () => {
  await stack.close()
  await httpProxy.close()
  await socks.close()
})

describe('relay connection pools', () => {
  it('send each request the way its own proxy settings say', async () => {
    const [httpBefore, socksBefore] = [httpProxy.forwarded.length, socks.connections.length]
    const routes: (ProxySettings | undefined)[] = [
      proxy('http', httpProxy.port),
      undefined,
      proxy('socks5', socks.port),
      undefined,
      proxy('http', httpProxy.port),
      proxy('socks5', socks.port),
      { ...proxy('http', httpProxy.port), enabled: false },
    ]
    const send = (route: ProxySettings | undefined, i: number) =>
      relay.send(
        { method: 'GET', url: `${echo.url}/anything/pooled-${i}`, headers: [], body: null },
        route ? { proxy: route } : {},
      )
    // One after another, so each request may find the previous one's kept-alive connection.
    for (const [i, route] of routes.entries()) expect((await send(route, i)).status).toBe(200)
    // And all at once.
    const together = await Promise.all(routes.map((route, i) => send(route, i + routes.length)))
    expect(together.map((response) => response.status)).toEqual(routes.map(() => 200))

    // The HTTP proxy sees plain-HTTP requests in absolute form: exactly those sent through it.
    const forwarded = httpProxy.forwarded.slice(httpBefore)
    const viaHttp = [...routes, ...routes].flatMap((route, i) =>
      route?.enabled === true && route.type === 'http' ? [`${echo.url}/anything/pooled-${i}`] : [],
    )
    expect([...forwarded].sort()).toEqual([...viaHttp].sort())
    // SOCKS5 sees connections, not requests: at least one, and no more than its own requests.
    const socksConnections = socks.connections.length - socksBefore
    expect(socksConnections).toBeGreaterThan(0)
    expect(socksConnections).toBeLessThanOrEqual(4)
  })

  it('never send a request over a connection pooled for other proxy settings', async () => {
    // This SOCKS5 proxy refuses the echo server: through it a request fails, directly it works. A
    // pool shared across settings would let either one ride the other's kept-alive connection.
    const refusing = await startSocksProxy(undefined, echo.port)
    try {
      const request = { method: 'GET', url: `${echo.url}/anything/refused`, headers: [], body: null }
      const outcome = (options: { proxy?: ProxySettings }) =>
        relay.send(request, options).then(
          (response) => response.status,
          (error: unknown) => (error as TransportError).code,
        )
      const viaSocks = { proxy: proxy('socks5', refusing.port) }
      const sequence = [{}, viaSocks, {}, viaSocks, {}]
      const seen: (number | string)[] = []
      for (const options of sequence) seen.push(await outcome(options))
      expect(seen).toEqual([200, 'proxy', 200, 'proxy', 200])
      expect(await Promise.all(sequence.map(outcome))).toEqual([200, 'proxy', 200, 'proxy', 200])
    } finally {
      await refusing.close()
    }
  })
})

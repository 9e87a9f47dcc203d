/** Real proxies on 127.0.0.1 that count what went through them. */
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { createServer as createSocksServer } from '@pondwader/socks5-server'
import { createProxy } from 'proxy'
import type { ProxySettings } from '../../src/model/settings.ts'

/** Settings for a proxy on 127.0.0.1, as Settings → Proxy would hold them. */
export const proxySettings = (
  type: ProxySettings['type'],
  port: number,
  extra: Partial<ProxySettings> = {},
): ProxySettings => ({ enabled: true, type, host: '127.0.0.1', port, bypass: '', ...extra })

export interface CountingProxy {
  port: number
  url: string
  /** Absolute-form requests (plain HTTP forwarded by the proxy). */
  forwarded: string[]
  /** CONNECT tunnels, by target authority. */
  tunnels: string[]
  /** Proxy-Authorization of every request the proxy saw. */
  authorizations: (string | undefined)[]
  close(): Promise<void>
}

export async function startHttpProxy(
  options: { credentials?: { username: string; password: string }; tls?: { key: string; cert: string } } = {},
): Promise<CountingProxy> {
  const base = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert })
    : http.createServer()
  const forwarded: string[] = []
  const tunnels: string[] = []
  const authorizations: (string | undefined)[] = []
  base.prependListener('request', (req: http.IncomingMessage) => {
    forwarded.push(req.url ?? '')
    authorizations.push(req.headers['proxy-authorization'])
  })
  base.prependListener('connect', (req: http.IncomingMessage) => {
    tunnels.push(req.url ?? '')
    authorizations.push(req.headers['proxy-authorization'])
  })
  const server = createProxy(base)
  if (options.credentials) {
    const expected = `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    server.authenticate = (req) => req.headers['proxy-authorization'] === expected
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    forwarded,
    tunnels,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface CountingSocks {
  port: number
  /** `host:port` of every connection the proxy opened. */
  connections: string[]
  close(): Promise<void>
}

export async function startSocksProxy(
  credentials?: { username: string; password: string },
  /** A destination port this proxy refuses to connect to. */
  refusePort?: number,
): Promise<CountingSocks> {
  const server = createSocksServer(credentials ? { auth: credentials } : {})
  const connections: string[] = []
  server.setRulesetValidator((connection) => {
    connections.push(`${connection.destAddress}:${connection.destPort}`)
    return connection.destPort !== refusePort
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // The library keeps its net.Server private; the port is read from it all the same.
  const inner = (server as unknown as { server: import('node:net').Server }).server
  const port = (inner.address() as AddressInfo).port
  return {
    port,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Which way a request leaves the machine: straight to the host, through an HTTP(S) proxy, or
 * through a SOCKS5 proxy. Decided per URL, so a redirect to a bypassed host goes direct.
 */
import type { ProxySettings } from '../../model/settings.ts'

export type Route =
  | { kind: 'direct' }
  | { kind: 'http'; secure: boolean; host: string; port: number; username?: string; password?: string }
  | { kind: 'socks5'; host: string; port: number; username?: string; password?: string }

export type ProxyRoute = Exclude<Route, { kind: 'direct' }>

export type Env = Record<string, string | undefined>

const DIRECT: Route = { kind: 'direct' }

export function resolveRoute(url: URL, proxy: ProxySettings | undefined, env: Env = process.env): Route {
  if (!proxy?.enabled) return DIRECT
  const port = effectivePort(url)
  if (isBypassed(url.hostname, port, proxy.bypass)) return DIRECT
  if (proxy.type === 'system') return systemRoute(url, port, env)
  const credentials = proxy.username ? { username: proxy.username, password: proxy.password ?? '' } : {}
  if (proxy.type === 'socks5') return { kind: 'socks5', host: proxy.host, port: proxy.port, ...credentials }
  return { kind: 'http', secure: proxy.type === 'https', host: proxy.host, port: proxy.port, ...credentials }
}

/** HTTP_PROXY / HTTPS_PROXY / NO_PROXY as curl reads them (lower case wins). */
function systemRoute(url: URL, port: number, env: Env): Route {
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? ''
  if (isBypassed(url.hostname, port, noProxy)) return DIRECT
  const raw =
    url.protocol === 'https:'
      ? (env.https_proxy ?? env.HTTPS_PROXY ?? env.all_proxy ?? env.ALL_PROXY)
      : (env.http_proxy ?? env.HTTP_PROXY ?? env.all_proxy ?? env.ALL_PROXY)
  if (!raw) return DIRECT
  return parseProxyUrl(raw)
}

export function parseProxyUrl(raw: string): ProxyRoute {
  const url = new URL(raw.includes('://') ? raw : `http://${raw}`)
  const credentials = url.username
    ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
    : {}
  const host = stripBrackets(url.hostname)
  if (url.protocol === 'socks5:' || url.protocol === 'socks5h:' || url.protocol === 'socks:') {
    return { kind: 'socks5', host, port: Number(url.port) || 1080, ...credentials }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Unsupported proxy scheme ${url.protocol} in ${raw}`)
  }
  const secure = url.protocol === 'https:'
  return { kind: 'http', secure, host, port: Number(url.port) || (secure ? 443 : 80), ...credentials }
}

/**
 * The bypass list: comma- (or space-) separated `host`, `host:port`, `.suffix`, `*.suffix` or `*`.
 * A suffix matches the domain itself and every subdomain.
 */
export function isBypassed(hostname: string, port: number, list: string): boolean {
  const host = stripBrackets(hostname).toLowerCase()
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase()
    if (!entry) continue
    if (entry === '*') return true
    const { name, port: entryPort } = splitHostPort(entry)
    if (entryPort !== undefined && entryPort !== port) continue
    const suffix = name.startsWith('*.') ? name.slice(2) : name.startsWith('.') ? name.slice(1) : undefined
    if (suffix !== undefined) {
      if (host === suffix || host.endsWith(`.${suffix}`)) return true
    } else if (host === name) return true
  }
  return false
}

function splitHostPort(entry: string): { name: string; port?: number } {
  if (entry.startsWith('[')) {
    const end = entry.indexOf(']')
    const rest = entry.slice(end + 1)
    const name = entry.slice(1, end)
    return rest.startsWith(':') ? { name, port: Number(rest.slice(1)) } : { name }
  }
  const colon = entry.lastIndexOf(':')
  // More than one colon without brackets is a bare IPv6 address, not host:port.
  if (colon === -1 || entry.indexOf(':') !== colon) return { name: entry }
  return { name: entry.slice(0, colon), port: Number(entry.slice(colon + 1)) }
}

export function effectivePort(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
}

export function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}

export function describeProxy(route: ProxyRoute): string {
  const scheme = route.kind === 'socks5' ? 'SOCKS5' : route.secure ? 'HTTPS' : 'HTTP'
  return `${scheme} proxy ${route.host}:${route.port}`
}

/**
 * The collection runner's cookie store (spec 2.1 rule 5: the runner is the one place that sends
 * cookies back). Single requests in the app never keep one: their scripts' `pm.cookies` read a
 * jar of the one response (send.ts). A script reads and changes a copy (`snapshot()`, plain
 * data that crosses to a script worker) and its changes come back whole (`replace()`).
 */
import type { ResponseCookie } from '../model/wire.ts'

export interface StoredCookie {
  name: string
  value: string
  domain: string
  hostOnly: boolean
  path: string
  /** Milliseconds since the epoch; null for a session cookie. */
  expiresAt: number | null
  /** Max-Age as the server (or script) gave it, in seconds. */
  maxAge?: number
  secure: boolean
  httpOnly: boolean
}

export class CookieJar {
  private cookies: StoredCookie[] = []

  constructor(private readonly now: () => number = Date.now) {}

  /** A jar holding these cookies (a copy). */
  static of(cookies: readonly StoredCookie[], now?: () => number): CookieJar {
    const jar = new CookieJar(now)
    jar.replace(cookies)
    return jar
  }

  /** Every cookie held, as plain data in the jar's order. */
  snapshot(): StoredCookie[] {
    return this.cookies.map((cookie) => ({ ...cookie }))
  }

  replace(cookies: readonly StoredCookie[]): void {
    this.cookies = cookies.map((cookie) => ({ ...cookie }))
  }

  get isEmpty(): boolean {
    return this.cookies.length === 0
  }

  /** Remembers the cookies a response from `url` set; an expired one deletes its match. */
  store(url: string, cookies: ResponseCookie[]): StoredCookie[] {
    const kept: StoredCookie[] = []
    const { hostname, pathname } = new URL(url)
    for (const cookie of cookies) {
      const domain = (cookie.domain ?? hostname).replace(/^\./, '').toLowerCase()
      if (!domainMatches(hostname.toLowerCase(), domain)) continue // a server may not set cookies for others
      const path = cookie.path?.startsWith('/') ? cookie.path : defaultPath(pathname)
      let expiresAt: number | null = null
      if (cookie.maxAge !== undefined) expiresAt = this.now() + cookie.maxAge * 1000
      else if (cookie.expires) expiresAt = Date.parse(cookie.expires)
      const at = this.cookies.findIndex(
        (c) => c.name === cookie.name && c.domain === domain && c.path === path,
      )
      if (expiresAt !== null && expiresAt <= this.now()) {
        if (at >= 0) this.cookies.splice(at, 1)
        continue
      }
      const stored: StoredCookie = {
        name: cookie.name,
        value: cookie.value,
        domain,
        hostOnly: cookie.domain === undefined,
        path,
        expiresAt,
        ...(cookie.maxAge !== undefined ? { maxAge: cookie.maxAge } : {}),
        secure: cookie.secure,
        httpOnly: cookie.httpOnly,
      }
      // A cookie set again keeps its creation time, so its place in the order (RFC 6265 5.3 step
      // 11.3; newman's jar does the same): `foo1` stays before a `foo2` set after it.
      if (at >= 0) this.cookies[at] = stored
      else this.cookies.push(stored)
      kept.push(stored)
    }
    return kept
  }

  /** Stores one cookie as set for `url` (a script's `pm.cookies.jar().set`); null when refused. */
  put(url: string, cookie: ResponseCookie): StoredCookie | null {
    return this.store(url, [cookie])[0] ?? null
  }

  /** Name/value pairs to send to `url`, longest path first (RFC 6265 order). */
  cookiesFor(url: string): [string, string][] {
    return this.matching(url).map((c) => [c.name, c.value])
  }

  /** The cookies `url` gets, whole, longest path first. */
  matching(url: string): StoredCookie[] {
    const { hostname, pathname, protocol } = new URL(url)
    const host = hostname.toLowerCase()
    const now = this.now()
    this.cookies = this.cookies.filter((c) => c.expiresAt === null || c.expiresAt > now)
    return this.cookies
      .filter((c) => (c.hostOnly ? c.domain === host : domainMatches(host, c.domain)))
      .filter((c) => pathMatches(pathname, c.path))
      .filter((c) => !c.secure || protocol === 'https:')
      .sort((a, b) => b.path.length - a.path.length)
  }

  /** Removes the cookies `url` gets: all of them, or the first named `name` (as newman's jar). */
  remove(url: string, name?: string): void {
    const found = this.matching(url)
    const gone = new Set(name === undefined ? found : found.filter((c) => c.name === name).slice(0, 1))
    this.cookies = this.cookies.filter((c) => !gone.has(c))
  }
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`)
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true
  if (!requestPath.startsWith(cookiePath)) return false
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'
}

function defaultPath(pathname: string): string {
  const last = pathname.lastIndexOf('/')
  return last <= 0 ? '/' : pathname.slice(0, last)
}

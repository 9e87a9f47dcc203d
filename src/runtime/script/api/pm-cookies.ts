/**
 * Postman's `pm.cookies` (as newman gives it): in a post-response script the cookies of the
 * collection run's jar that the response's URL gets (the response's own included), in a
 * pre-request script none; a CookieList built in the guest (guest/cookie-list.ts). `jar()` reads
 * and changes the run's jar for any URL (get, getAll, set, unset, clear; each answers through its
 * callback on a later turn, as newman's does); the phase's scripts share one copy of it
 * (RequestChangeLog.cookieJar) and a change goes back to the run with the result. A single send in
 * the app has a jar of its one response, kept by nothing after the script (spec 2.1 rule 5).
 */
import { parseCookies } from '../../../model/cookies.ts'
import type { ResponseCookie } from '../../../model/wire.ts'
import { CookieJar, type StoredCookie } from '../../cookie-jar.ts'
import type { ScriptRun } from '../run-state.ts'
import type { CurrentRun } from './common.ts'
import { api, CookieListValue, SdkCookie, type SdkCookieData } from './bridge.ts'

function sdkCookie(cookie: StoredCookie): SdkCookieData {
  return {
    name: cookie.name,
    value: cookie.value,
    expires: cookie.expiresAt,
    maxAge: cookie.maxAge ?? 0,
    domain: cookie.domain,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    hostOnly: cookie.hostOnly,
  }
}

/** The URL a jar call names, as an absolute http(s) URL; newman's wording for a missing one. */
function urlOf(method: string, url: unknown): string {
  if (typeof url !== 'string' || url === '') throw new TypeError(`CookieJar.${method}() requires a valid url`)
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`
}

function callbackOf(method: string, callback: unknown): unknown {
  if (typeof callback !== 'function')
    throw new TypeError(`CookieJar.${method}() requires a callback function`)
  return callback
}

/** Runs `work` on the phase's jar and answers `callback` on a later turn: (error) or (null, value). */
function answer(run: ScriptRun, callback: unknown, work: (jar: CookieJar) => unknown): void {
  let result: unknown
  try {
    result = work(run.changes.cookieJar(run.input.cookieJar))
  } catch (error) {
    run.callLater(callback, [error instanceof Error ? error : new Error(String(error))])
    return
  }
  run.callLater(callback, [null, result])
}

/** What `jar.set(url, name, value)` stores: a name and value, a cookie object, or a Set-Cookie line. */
function cookieToSet(name: unknown, value: unknown): ResponseCookie | null {
  if (name && value && typeof value !== 'function')
    return { name: String(name), value: String(value), httpOnly: false, secure: false }
  if (name !== null && typeof name === 'object') {
    const o = name as Record<string, unknown>
    const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v))
    const expires = o.expires instanceof Date ? o.expires.toUTCString() : text(o.expires)
    const domain = o.hostOnly ? undefined : text(o.domain)
    const path = text(o.path)
    return {
      name: String(o.name ?? o.key ?? ''),
      value: text(o.value) ?? '',
      httpOnly: Boolean(o.httpOnly),
      secure: Boolean(o.secure),
      ...(domain ? { domain } : {}),
      ...(path ? { path } : {}),
      ...(expires ? { expires } : {}),
      ...(typeof o.maxAge === 'number' && Number.isFinite(o.maxAge) ? { maxAge: o.maxAge } : {}),
    }
  }
  if (typeof name === 'string') return parseCookies([name])[0] ?? null
  throw new TypeError('CookieJar.set() requires a valid set cookie arguments')
}

export function pmCookies(current: CurrentRun): { cookies: () => CookieListValue } {
  const jarApi = api({
    get: (url: unknown, name: unknown, callback: unknown) => {
      const at = urlOf('get', url)
      callbackOf('get', callback)
      if (typeof name !== 'string') throw new TypeError('CookieJar.get() requires cookie name to be a string')
      answer(current.run, callback, (jar) => {
        const found = jar.matching(at).find((c) => c.name === name)
        return found ? decoded(found.value) : null
      })
    },
    getAll: (url: unknown, options: unknown, callback: unknown) => {
      const at = urlOf('getAll', url)
      const done = typeof options === 'function' && callback === undefined ? options : callback
      callbackOf('getAll', done)
      const opts = typeof options === 'object' && options !== null ? (options as { http?: unknown }) : {}
      answer(current.run, done, (jar) => {
        const list = jar.matching(at).filter((c) => opts.http === undefined || opts.http || !c.httpOnly)
        return new CookieListValue(list.map(sdkCookie))
      })
    },
    set: (url: unknown, name: unknown, value: unknown, callback: unknown) => {
      const at = urlOf('set', url)
      const done = typeof value === 'function' && callback === undefined ? value : callback
      const cookie = cookieToSet(name, value)
      answer(current.run, done, (jar) => {
        if (!cookie) return null
        const stored = jar.put(at, cookie)
        if (!stored) throw new Error(`Cookie not in this host's domain. Cookie:${cookie.domain ?? ''}`)
        current.run.changes.cookiesChanged = true
        return new SdkCookie(sdkCookie(stored))
      })
    },
    unset: (url: unknown, name: unknown, callback: unknown) => {
      const at = urlOf('unset', url)
      if (typeof name !== 'string')
        throw new TypeError('CookieJar.unset() requires cookie name to be a string')
      answer(current.run, callback, (jar) => {
        jar.remove(at, name)
        current.run.changes.cookiesChanged = true
        return undefined
      })
    },
    clear: (url: unknown, callback: unknown) => {
      const at = urlOf('clear', url)
      answer(current.run, callback, (jar) => {
        jar.remove(at)
        current.run.changes.cookiesChanged = true
        return undefined
      })
    },
  })
  const jar = () => jarApi
  return {
    cookies: () => {
      const input = current.run.input
      const url = input.cookieUrl
      const list = url && input.cookieJar ? CookieJar.of(input.cookieJar).matching(url) : []
      return new CookieListValue(list.map(sdkCookie), jar)
    },
  }
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

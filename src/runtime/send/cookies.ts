/**
 * The collection run's cookies in a send (SendInput.cookieJar): the jar's cookies added to the
 * request, again after a pre-request script changed the jar (`pm.cookies.jar()`), the response's
 * cookies stored before the post-response script, and the copy of the jar scripts get (only for
 * a script that names `cookies`). A single send has no jar: its post-response script reads one
 * holding the response's cookies alone, which nothing keeps (spec 2.1 rule 5).
 */
import { makeRow } from '../../model/factories.ts'
import type { RequestSpec } from '../../model/types.ts'
import type { VariableContext } from '../../model/variables.ts'
import type { ResponseCookie } from '../../model/wire.ts'
import { CookieJar, type StoredCookie } from '../cookie-jar.ts'
import type { ScriptRunResult, ScriptSource } from '../script/types.ts'

/** Adds stored cookies the user's cookies table does not already name. */
export function withJarCookies(
  request: RequestSpec,
  jar: CookieJar,
  variables: VariableContext,
): RequestSpec {
  // Until a response sets a cookie there is nothing to add (and no URL to resolve).
  if (jar.isEmpty) return request
  let url: string
  try {
    url = new URL(variables.replace(request.url).replace(/^(?![a-z][a-z0-9+.-]*:\/\/)/i, 'http://')).href
  } catch {
    return request
  }
  const stored = jar.cookiesFor(url)
  if (stored.length === 0) return request
  const own = new Set(request.cookies.filter((row) => row.enabled).map((row) => row.key))
  const extra = stored.filter(([name]) => !own.has(name)).map(([key, value]) => makeRow({ key, value }))
  return { ...request, cookies: [...request.cookies, ...extra] }
}

const namesCookies = (scripts: ScriptSource[]) => scripts.some((s) => s.code.includes('cookies'))

/** The jar a pre-request chain's scripts get, when one of them can reach `pm.cookies`. */
export function preRequestCookies(
  jar: CookieJar | undefined,
  scripts: ScriptSource[],
): { cookieJar: StoredCookie[] } | Record<string, never> {
  return namesCookies(scripts) ? { cookieJar: jar?.snapshot() ?? [] } : {}
}

/**
 * Stores the response's cookies in the run's jar, and gives what a post-response chain's
 * scripts get: the jar and the URL whose cookies `pm.cookies` lists.
 */
export function afterResponseCookies(
  jar: CookieJar | undefined,
  url: string,
  cookies: ResponseCookie[],
  scripts: ScriptSource[],
): { cookieJar: StoredCookie[]; cookieUrl: string } | Record<string, never> {
  const reads = namesCookies(scripts)
  const into = jar ?? (reads ? new CookieJar() : undefined)
  if (into && cookies.length > 0) storeQuietly(into, url, cookies)
  return into && reads ? { cookieJar: into.snapshot(), cookieUrl: url } : {}
}

/** A script's change to the jar, taken back into the run's jar; true when there was one. */
export function takeScriptCookies(jar: CookieJar | undefined, result: ScriptRunResult): boolean {
  if (!jar || !result.cookieJar) return false
  jar.replace(result.cookieJar)
  return true
}

function storeQuietly(jar: CookieJar, url: string, cookies: ResponseCookie[]): void {
  try {
    jar.store(url, cookies)
  } catch {
    // A URL the jar cannot read keeps no cookies.
  }
}

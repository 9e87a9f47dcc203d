/**
 * Set-Cookie headers into `ResponseCookie`s. Pure and browser-safe, so every transport (node, relay,
 * service worker) parses cookies the same way.
 */
import { parseSetCookie } from 'set-cookie-parser'
import type { HeaderList, ResponseCookie } from './wire.ts'

/** Every `Set-Cookie` entry of a header list, in order, parsed. */
export function cookiesFromHeaders(headers: HeaderList): ResponseCookie[] {
  const values: string[] = []
  for (let i = 0; i < headers.length; i++)
    if (headers[i]![0].toLowerCase() === 'set-cookie') values.push(headers[i]![1])
  return parseCookies(values)
}

/**
 * One `Set-Cookie` value per entry; entries that are not cookies (no name=value pair) are skipped.
 * Values stay as the server encoded them: they are sent back verbatim in a `Cookie` header.
 */
export function parseCookies(setCookieValues: readonly string[]): ResponseCookie[] {
  const result: ResponseCookie[] = []
  for (const raw of setCookieValues) {
    const [parsed] = parseSetCookie(raw, { decodeValues: false, split: false, silent: true })
    if (!parsed || (!parsed.name && !raw.includes('='))) continue
    const cookie: ResponseCookie = {
      name: parsed.name,
      value: parsed.value,
      httpOnly: parsed.httpOnly === true,
      secure: parsed.secure === true,
    }
    if (parsed.path !== undefined) cookie.path = parsed.path
    if (parsed.domain !== undefined) cookie.domain = parsed.domain
    const expires = rawAttribute(raw, 'expires')
    if (expires !== undefined) cookie.expires = expires
    if (parsed.maxAge !== undefined && Number.isFinite(parsed.maxAge)) cookie.maxAge = parsed.maxAge
    if (parsed.sameSite !== undefined) cookie.sameSite = parsed.sameSite
    result.push(cookie)
  }
  return result
}

// The parser turns Expires into a Date; the UI shows what the server wrote, so read it again.
function rawAttribute(raw: string, name: string): string | undefined {
  const parts = raw.split(';').slice(1)
  for (const part of parts) {
    const eq = part.indexOf('=')
    const key = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase()
    if (key === name && eq !== -1) return part.slice(eq + 1).trim()
  }
  return undefined
}

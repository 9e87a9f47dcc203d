/**
 * Logging a browser in, as Jupyter does with its token: `npm start` prints a URL carrying a
 * one-time login secret; opening it exchanges the secret for a long-lived HttpOnly,
 * SameSite=Strict session cookie and redirects to the app without the secret. Then a new secret
 * takes its place in `<data>/login-url` (mode 0600), where `sendbox login-url` reads it.
 *
 * A session is `<id>.<HMAC(session-secret, id)>`: stateless, so it survives restarts; deleting
 * `session-secret` logs every browser out. Only the server's user can read either file, so no
 * other local user or page learns how to log in, and nothing served without a session reveals
 * the access token.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { readOrCreate, sameToken } from './auth.ts'
import { escapeHtml, LOGIN_CSP, loginPage } from './login-page.ts'

/** The file `sendbox login-url` prints (src/cli/login-url.ts reads the same name). */
export const LOGIN_URL_FILE = 'login-url'
const SESSION_FILE = 'session-secret'
/** 400 days: the longest a browser keeps a cookie. An installed app logs in once. */
const SESSION_SECONDS = 400 * 24 * 3600

export interface Login {
  /** The URL that logs a browser in, with the current unused secret. */
  url(): string
  /** The session cookie is present and was issued by this server (with this data directory). */
  hasSession(req: IncomingMessage): boolean
  /** GET /login?secret=…: the cookie and a redirect to the app, or a page saying what to do. */
  handle(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void>
  /** The page shown instead of the app to a browser that is not logged in. */
  refuse(res: ServerResponse): void
  /** Removes the login URL file: it works only while this server runs. */
  close(): Promise<void>
}

const random = () => randomBytes(32).toString('base64url')

export async function createLogin(dataDir: string, baseUrl: string, port: number): Promise<Login> {
  const key = Buffer.from(await readOrCreate(path.join(dataDir, SESSION_FILE), () => random()), 'utf8')
  const file = path.join(dataDir, LOGIN_URL_FILE)
  // Cookies are per host, not per port: two servers on one machine keep apart by name.
  const cookieName = `sendbox-session-${port}`
  let secret = random()
  const url = () => `${baseUrl}/login?secret=${secret}`
  const publish = () => writeFile(file, url() + '\n', { mode: 0o600 })
  await rm(file, { force: true })
  await publish()

  const sign = (id: string) => createHmac('sha256', key).update(`sendbox-session:${id}`).digest('base64url')

  function hasSession(req: IncomingMessage): boolean {
    const value = cookie(req.headers.cookie, cookieName)
    const dot = value?.indexOf('.') ?? -1
    if (!value || dot <= 0) return false
    return sameToken(value.slice(dot + 1), sign(value.slice(0, dot)))
  }

  function page(res: ServerResponse, status: number, reason?: string) {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': LOGIN_CSP,
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    })
    res.end(loginPage(reason ? escapeHtml(reason) : undefined))
  }

  return {
    url,
    hasSession,
    async handle(req, res, target) {
      const given = target.searchParams.get('secret') ?? ''
      if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end()
      const home = { location: '/', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }
      if (given && sameToken(given, secret)) {
        // Used once: the next login needs the next secret.
        secret = random()
        await publish()
        const id = randomBytes(16).toString('base64url')
        res.writeHead(303, {
          ...home,
          'set-cookie': `${cookieName}=${id}.${sign(id)}; Max-Age=${SESSION_SECONDS}; Path=/; HttpOnly; SameSite=Strict`,
        })
        return void res.end()
      }
      // An old link of a browser that is logged in anyway just opens the app.
      if (hasSession(req)) return void res.writeHead(303, home).end()
      page(res, 403, 'This login link was already used or is not valid.')
    },
    refuse: (res) => page(res, 401),
    close: () => rm(file, { force: true }),
  }
}

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/**
 * Token login (Jupyter-style): the printed link is exchanged once for an HttpOnly, SameSite=Strict
 * session cookie; without it no page, relay call or sync room is open and the access token is
 * never revealed, whatever headers are forged. Real server, real sockets.
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeRelayRequest } from '../../src/runtime/transport/relay-protocol.ts'
import { logIn, startRelayStack, tempDir, type RelayStack } from '../helpers/sync-server.ts'
import { closeEvent } from '../helpers/y-client.ts'

let stack: RelayStack

beforeAll(async () => {
  const dist = await tempDir('sendbox-dist-')
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Sendbox</title><p>the app</p>')
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{}')
  stack = await startRelayStack({}, { args: ['--dist', dist] })
})
afterAll(() => stack.close())

const server = () => stack.server
const own = () => server().url

/** Raw HTTP, so every header can be what a browser or an attacker sends. */
function call(
  target: string,
  headers: Record<string, string> = {},
  options: { method?: string; body?: Uint8Array } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server().port, path: target, method: options.method ?? 'GET', headers },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const relayBody = (url = `${stack.echo.url}/get`) =>
  encodeRelayRequest({ method: 'GET', url, headers: [], body: null }, {})

describe('login', () => {
  it('the link logs in once: an HttpOnly, SameSite=Strict cookie and the app without the secret', async () => {
    const file = path.join(server().dataDir, 'login-url')
    const link = server().loginUrl()
    expect((await readFile(file, 'utf8')).trim()).toBe(link)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(link).toMatch(new RegExp(`^${own()}/login\\?secret=[\\w-]{40,}$`))

    const first = await fetch(link, { redirect: 'manual' })
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/')
    const cookie = first.headers.getSetCookie()[0]!
    expect(cookie).toMatch(new RegExp(`^sendbox-session-${server().port}=`))
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\//)
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(300 * 24 * 3600)

    // Used: the same link no longer logs anyone in; a new one is in the file.
    const again = await fetch(link, { redirect: 'manual' })
    expect(again.status).toBe(403)
    expect(again.headers.getSetCookie()).toEqual([])
    expect(await again.text()).toContain('This login link was already used or is not valid.')
    expect(server().loginUrl()).not.toBe(link)
    expect((await readFile(file, 'utf8')).trim()).toBe(server().loginUrl())
    // A browser that is logged in and opens an old link just gets the app.
    const session = cookie.slice(0, cookie.indexOf(';'))
    expect((await call(new URL(link).pathname + new URL(link).search, { cookie: session })).status).toBe(303)
  })

  it('a visit without the cookie gets the page saying how to log in; files stay public', async () => {
    for (const target of ['/', '/index.html', '/some/route']) {
      const page = await call(target, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })
      expect(page.status, target).toBe(401)
      expect(page.body).toContain('Log in to Sendbox')
      expect(page.body).toContain('npx sendbox login-url')
      expect(page.body).not.toContain('the app')
      expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/)
    }
    const cookie = await logIn(server().loginUrl())
    const app = await call('/', { 'sec-fetch-mode': 'navigate', cookie })
    expect(app.status).toBe(200)
    expect(app.body).toContain('the app')
    expect((await call('/manifest.webmanifest', { 'sec-fetch-mode': 'no-cors' })).status).toBe(200)
    // The service worker's precache fetches the shell as a file, not as a visit.
    expect((await call('/index.html', { 'sec-fetch-mode': 'same-origin' })).status).toBe(200)
  })

  it('never hands out the token without a session, however the headers are forged', async () => {
    const forged = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', origin: own() }
    for (const headers of [forged, { 'sec-fetch-site': 'same-origin' }, {}] as Record<string, string>[]) {
      const refused = await call('/relay/token', headers)
      expect(refused.status).toBe(401)
      expect(refused.body).toContain('npx sendbox login-url')
      expect(refused.body).not.toContain(server().secrets.accessToken)
    }
    const bogus = [`sendbox-session-${server().port}=abc.def`, `sendbox-session-${server().port}=`, 'x=y']
    for (const cookie of bogus) {
      expect((await call('/relay/token', { ...forged, cookie })).status).toBe(401)
    }
    const cookie = await logIn(server().loginUrl())
    const ok = await call('/relay/token', { 'sec-fetch-site': 'same-origin', cookie })
    expect(ok.status).toBe(200)
    expect(JSON.parse(ok.body)).toEqual({ token: server().secrets.accessToken })
    // The cookie alone is not enough: a page of another site or origin still gets nothing.
    for (const headers of [
      { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:1' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      const refused = await call('/relay/token', { ...headers, cookie })
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(refused.body).not.toContain(server().secrets.accessToken)
    }
  })

  it('relay and sync take the session cookie from a page of this server only', async () => {
    const cookie = await logIn(server().loginUrl())
    const post = (headers: Record<string, string>) =>
      call('/relay', headers, { method: 'POST', body: relayBody() })
    expect((await post({ cookie, origin: own() })).status).toBe(200)
    expect((await post({ cookie })).status).toBe(401)
    expect((await post({ cookie, origin: 'http://127.0.0.1:1' })).status).toBe(403)
    expect((await post({ origin: own() })).status).toBe(401)

    const room = `ws://127.0.0.1:${server().port}/sync/login-room`
    const opened = new WebSocket(room, { origin: own(), headers: { cookie } })
    await new Promise((resolve, reject) => opened.once('open', resolve).once('error', reject))
    const closing = closeEvent(opened)
    opened.close()
    await closing
    const anonymous = new WebSocket(room, { origin: own() })
    expect((await closeEvent(anonymous)).code).toBe(4401)
    const noOrigin = new WebSocket(room, { headers: { cookie } })
    expect((await closeEvent(noOrigin)).code).toBe(4401)
  })

  it('the relay refuses this server’s own API under any of its names, and still sends elsewhere', async () => {
    const auth = { authorization: `Bearer ${server().secrets.accessToken}` }
    const port = server().port
    for (const url of [
      `http://127.0.0.1:${port}/relay/token`,
      `http://localhost:${port}/sync/share-token?workspace=w`,
      `http://[::1]:${port}/relay`,
      `http://0.0.0.0:${port}/relay/token`,
      `http://127.1:${port}/login?secret=x`,
      `http://LOCALHOST.:${port}/RELAY/token`,
    ]) {
      const before = stack.echo.seen.length
      const refused = await call('/relay', auth, { method: 'POST', body: relayBody(url) })
      expect(refused.status, url).toBe(403)
      expect(JSON.parse(refused.body).message).toMatch(/does not send requests to this server's own/)
      expect(stack.echo.seen.length).toBe(before)
    }
    expect(
      (await call('/relay', auth, { method: 'POST', body: relayBody(`${own()}/manifest.webmanifest`) }))
        .status,
    ).toBe(200)
    expect((await call('/relay', auth, { method: 'POST', body: relayBody() })).status).toBe(200)
  })

  it('a session survives a restart with its data directory, not with another; the link goes with the server', async () => {
    const value = (await logIn(server().loginUrl())).split('=')[1]!
    const dataDir = server().dataDir
    const file = path.join(dataDir, 'login-url')
    await server().close()
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' })
    const token = async (stack: RelayStack) =>
      (
        await call('/relay/token', {
          'sec-fetch-site': 'same-origin',
          cookie: `sendbox-session-${stack.server.port}=${value}`,
        })
      ).status
    await stack.echo.close()
    await stack.node.close()
    stack = await startRelayStack({}, { dataDir })
    expect(await token(stack)).toBe(200)
    await stack.server.close()
    await stack.echo.close()
    await stack.node.close()
    await rm(dataDir, { recursive: true, force: true })
    stack = await startRelayStack()
    expect(await token(stack)).toBe(401)
  })
})

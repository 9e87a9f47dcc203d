/**
 * In a real Chromium: the app served by the sync-server reads the relay token once the browser
 * logged in; a browser that did not, and a page of any other origin, cannot, not even opaquely,
 * and cannot use the relay either.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startTestServer, tempDir, type TestServer } from '../helpers/sync-server.ts'

let server: TestServer
let node: NodeTransport
let other: http.Server
let otherUrl: string
let browser: Browser

beforeAll(async () => {
  const dist = await tempDir('sendbox-dist-')
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Sendbox</title><p>app</p>')
  node = createNodeTransport()
  server = await startTestServer({ transport: node }, { args: ['--dist', dist] })
  other = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>other</p>'),
  )
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  otherUrl = `http://localhost:${(other.address() as { port: number }).port}`
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
})

afterAll(async () => {
  await browser?.close()
  await server.remove()
  await node.close()
  await new Promise((resolve) => other.close(resolve))
})

describe('relay token in a browser', () => {
  it('a browser that is not logged in gets the login page and no token', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const visit = await page.goto(server.url)
    expect(visit?.status()).toBe(401)
    await page.getByRole('heading', { name: 'Log in to Sendbox' }).waitFor()
    // The login page runs no script (its CSP allows none): ask with the browser's cookies instead.
    const response = await context.request.get(`${server.url}/relay/token`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    const answer = `${response.status()} ${await response.text()}`
    expect(answer).toMatch(/^401 .*npx sendbox login-url/)
    expect(answer).not.toContain(server.secrets.accessToken)
    await context.close()
  })

  it('the app of this server reads it once logged in through the printed link', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(server.loginUrl())
    // Redirected to the app, the secret gone from the address bar; the cookie is out of scripts' reach.
    expect(page.url()).toBe(`${server.url}/`)
    await page.getByText('app').waitFor()
    expect(await page.evaluate(() => document.cookie)).toBe('')
    const cookies = await context.cookies()
    expect(cookies).toMatchObject([{ httpOnly: true, sameSite: 'Strict', path: '/' }])
    const token = await page.evaluate(async () => {
      const response = await fetch('/relay/token')
      return ((await response.json()) as { token: string }).token
    })
    expect(token).toBe(server.secrets.accessToken)
    // A reload, a new tab: still logged in.
    const second = await context.newPage()
    expect((await second.goto(server.url))?.status()).toBe(200)
    await context.close()
  })

  it('a page of another origin cannot read it, nor call the relay with a leaked token', async () => {
    const page = await browser.newPage()
    await page.goto(otherUrl)
    const outcome = await page.evaluate(
      async ({ base, token }) => {
        const read = async (init: RequestInit) => {
          try {
            const response = await fetch(`${base}/relay/token`, init)
            return `${response.type} ${response.status} ${await response.text()}`
          } catch (error) {
            return `failed: ${String(error)}`
          }
        }
        let relay: string
        try {
          const response = await fetch(`${base}/relay`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: new Uint8Array([0, 0, 0, 2, 123, 125]),
          })
          relay = `${response.status}`
        } catch (error) {
          relay = `failed: ${String(error)}`
        }
        return { cors: await read({}), opaque: await read({ mode: 'no-cors' }), relay }
      },
      { base: server.url, token: server.secrets.accessToken },
    )
    expect(outcome.cors).toMatch(/^failed/)
    expect(outcome.opaque).toBe('opaque 0 ')
    expect(outcome.relay).toMatch(/^failed/)
    expect(JSON.stringify(outcome)).not.toContain(server.secrets.accessToken.slice(0, 16))
    await page.close()
  })
})

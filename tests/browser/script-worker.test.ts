/**
 * The browser host in real Chromium: the page's WorkerScriptRunner, the script worker as Vite
 * bundles it, QuickJS's wasm loaded as an asset, sendRequest answered by the page.
 */
import { resolve } from 'node:path'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { chromium, type Browser, type Page } from '@playwright/test'

const CHROMIUM = '/usr/bin/chromium'
let server: ViteDevServer
let browser: Browser
let page: Page

describe.skipIf(!existsSync(CHROMIUM))('script worker in Chromium', () => {
  beforeAll(async () => {
    server = await createServer({
      configFile: false,
      root: resolve(import.meta.dirname, '../..'),
      // SCRIPT_BROWSER_PORT pins the dev server's port on a shared machine; 0 picks a free one.
      server: { host: '127.0.0.1', port: Number(process.env.SCRIPT_BROWSER_PORT ?? 0), strictPort: true },
      logLevel: 'silent',
    })
    await server.listen()
    const address = server.httpServer!.address() as { port: number }
    browser = await chromium.launch({ executablePath: CHROMIUM })
    page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${address.port}/tests/browser/script-worker/index.html`)
    await page.waitForFunction(() => 'runInWorker' in globalThis)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  const run = (code: string, phase: 'pre-request' | 'post-response') =>
    page.evaluate(
      ([c, p]) =>
        (globalThis as unknown as { runInWorker: (c: string, p: string) => Promise<unknown> }).runInWorker(
          c!,
          p!,
        ),
      [code, phase],
    )

  it('runs a pre-request script: sendRequest through the page, session values come back', async () => {
    const result = (await run(
      `pm.sendRequest('{{baseUrl}}/oauth/token', (err, res) => pm.environment.set('token', res.json().access_token))
       req.setHeader('X-From', 'worker')`,
      'pre-request',
    )) as { error: unknown; session: Record<string, string>; changes: { setHeaders: unknown } }
    expect(result.error).toBeNull()
    expect(result.session).toEqual({ token: 'from-page' })
    expect(result.changes.setHeaders).toEqual([['X-From', 'worker']])
  }, 60_000)

  it('runs tests with chai in the worker and stops an endless loop', async () => {
    const tests = (await run(
      `pm.test('ok', () => pm.response.to.have.status(200)); pm.test('id', () => pm.expect(pm.response.json().id).to.equal(8))`,
      'post-response',
    )) as { tests: unknown }
    expect(tests.tests).toEqual([
      { name: 'ok', passed: true, error: null },
      { name: 'id', passed: false, error: 'expected 7 to equal 8' },
    ])
    const loop = (await run('for (;;) {}', 'pre-request')) as { error: { kind: string } }
    expect(loop.error.kind).toBe('timeout')
  }, 60_000)
})

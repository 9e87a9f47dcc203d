import { readFileSync } from 'node:fs'
import http from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import { createStatic } from '../../sync-server/static.ts'
import { openApp } from './helpers.ts'
import { ECHO, header, lastEcho, section, urlField } from './send-helpers.ts'

// The built app on a plain static host: no sync-server, so no relay answers and the app sends with
// the browser's own fetch. The echo server is another origin: /cors/* allows this page, the rest not.
const STATIC_PORT = Number(process.env.E2E_STATIC_PORT ?? Number(process.env.E2E_PORT ?? 4317) + 5)
const STATIC = `http://127.0.0.1:${STATIC_PORT}`

test.describe.configure({ mode: 'serial' })

let server: http.Server
test.beforeAll(async () => {
  const serve = createStatic('dist', () => 'run `npm run build` first')
  server = http.createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => server.listen(STATIC_PORT, '127.0.0.1', resolve))
})
test.afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const directNote = (page: Page) => page.getByRole('note').filter({ hasText: 'Direct mode' })

async function send(page: Page) {
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

test('served by the sync-server the relay is used and no direct-mode notice shows', async ({ page }) => {
  await openApp(page)
  await urlField(page).fill(`${ECHO}/get`)
  const relay = page.waitForRequest((r) => r.url().endsWith('/relay'))
  await send(page)
  await relay
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  await expect(directNote(page)).toHaveCount(0)
})

test('without a relay: the notice says what direct mode cannot do, and an allowed origin gets its answer', async ({
  page,
}) => {
  await page.goto(STATIC)
  await expect(urlField(page)).toBeVisible()
  await expect(directNote(page)).toBeVisible()
  for (const limit of ['User-Agent', 'cookies', 'Set-Cookie', 'proxy', 'client certificates', 'CORS'])
    await expect(directNote(page)).toContainText(limit)

  await urlField(page).fill(`${ECHO}/cors/anything?q=1`)
  await section(page, 'Headers')
  await page.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Trace')
  await page.getByRole('textbox', { name: 'Headers Value 1' }).fill('t-1')
  let relayCalls = 0
  page.on('request', (r) => void (r.url().endsWith('/relay') && relayCalls++))
  const upstream = page.waitForResponse((r) => r.url().startsWith(`${ECHO}/cors/anything`))
  await send(page)
  await upstream
  const echo = await lastEcho(page)
  expect(echo.path).toBe('/cors/anything')
  expect(echo.query).toEqual([['q', '1']])
  expect(header(echo, 'x-trace')).toBe('t-1')
  // Sent by the page itself: the browser names the origin and its own User-Agent, not Sendbox/1.0.
  expect(header(echo, 'origin')).toBe(STATIC)
  expect(header(echo, 'user-agent')).not.toBe('Sendbox/1.0')
  expect(relayCalls).toBe(0)
})

test('without a relay: the status says the HTTP version the browser negotiated, and when it cannot tell', async ({
  page,
}) => {
  await page.goto(STATIC)
  await expect(directNote(page)).toBeVisible()
  const protocol = page.getByLabel('Protocol', { exact: true })
  const status = page.getByLabel('Status', { exact: true })
  // This page's own origin: the browser reports the protocol.
  await urlField(page).fill(`${STATIC}/index.html?probe=1`)
  await send(page)
  await expect(status).toHaveText('200 OK')
  await expect(protocol).toHaveText('HTTP/1.1')
  // Another origin that allows reading its timing (Timing-Allow-Origin): reported too.
  await urlField(page).fill(`${ECHO}/cors-timing/get?probe=2`)
  await send(page)
  expect((await lastEcho(page)).path).toBe('/cors-timing/get')
  await expect(protocol).toHaveText('HTTP/1.1')
  // Another origin without it: the browser gives an empty protocol, and the status says so.
  await urlField(page).fill(`${ECHO}/cors/get?probe=3`)
  await send(page)
  expect((await lastEcho(page)).path).toBe('/cors/get')
  await expect(protocol).toHaveText('HTTP version not known')
  await expect(protocol).toHaveAttribute('title', /Timing-Allow-Origin/)
})

test('without a relay: cookies of the cookies table cannot go out', async ({ page }) => {
  await page.goto(STATIC)
  await urlField(page).fill(`${ECHO}/cors/get`)
  await section(page, 'Cookies')
  await page.getByRole('textbox', { name: 'Cookies Key 1' }).fill('session')
  await page.getByRole('textbox', { name: 'Cookies Value 1' }).fill('abc')
  await send(page)
  const echo = await lastEcho(page)
  expect(echo.path).toBe('/cors/get')
  expect(header(echo, 'cookie')).toBeUndefined()
})

test('without a relay: a server that does not allow the origin gives the CORS message, not a generic error', async ({
  page,
}) => {
  await page.goto(STATIC)
  await urlField(page).fill(`${ECHO}/get`)
  await send(page)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Request failed')
  await expect(alert.locator('.error-line')).toHaveText(
    /^The browser blocked the request \(CORS\) or the server is unreachable\. Direct mode can only reach servers that allow this page’s origin/,
  )
})

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('without a relay: Download goes through the service worker with fetch', async ({ page }) => {
    await page.goto(STATIC)
    await expect(directNote(page)).toBeVisible()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
    await urlField(page).fill(`${ECHO}/cors/bytes/300000?filename=direct.bin`)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Send options', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Download', exact: true }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('direct.bin')
    const bytes = readFileSync(await download.path())
    expect(bytes.length).toBe(300000)
    expect(bytes.every((b, i) => b === i % 256)).toBe(true)
    await expect(page.locator('.download-status')).toHaveText('Download started: direct.bin')
  })
})

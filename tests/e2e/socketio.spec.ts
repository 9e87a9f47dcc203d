/**
 * Socket.IO end to end, at both widths (768 px with touch): made from `+` in a collection,
 * connected through the relay's bridge to a real socket.io server with an auth payload and a
 * header, an event emitted with an acknowledgement whose reply is logged, a server broadcast,
 * `Disconnect` reaching the server; saved, reloaded and connected again. Without a relay (the app
 * on a plain static host) the page connects itself and says what that cannot do.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { createStatic } from '../../sync-server/static.ts'
import { startSioServer, type SioServer } from '../helpers/socketio.ts'
import { MOD, newCollection, openApp, press, row, smallTouchTargets, WIDTHS } from './helpers.ts'

/** The built app on a plain static host (any free port): no relay answers there. */
let STATIC = ''

let upstream: SioServer
let staticHost: http.Server
test.beforeAll(async () => {
  upstream = await startSioServer()
  const serve = createStatic('dist', () => 'run `npm run build` first')
  staticHost = http.createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => staticHost.listen(0, '127.0.0.1', resolve))
  STATIC = `http://127.0.0.1:${(staticHost.address() as AddressInfo).port}`
})
test.afterAll(async () => {
  await upstream.close()
  staticHost.closeAllConnections()
  await new Promise((resolve) => staticHost.close(resolve))
})

const url = (page: Page) => page.getByRole('textbox', { name: 'URL', exact: true })
const log = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true })
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

async function sidebarOpen(page: Page, open: boolean) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click()
}

async function newSocketIo(page: Page, touch: boolean) {
  await press(page.getByRole('button', { name: 'New request', exact: true }), touch)
  await press(page.getByRole('menuitem', { name: 'Socket.IO', exact: true }), touch)
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
}

async function emitWithAck(page: Page, touch: boolean, a: number, b: number) {
  await press(page.getByRole('tab', { name: 'Emit', exact: true }), touch)
  await page.getByRole('textbox', { name: 'Event' }).fill('add')
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(`[${a}, ${b}]`)
  await page.getByRole('checkbox', { name: 'Acknowledgement' }).check()
  await press(page.locator('.sio-emit').getByRole('button', { name: 'Emit', exact: true }), touch)
  await expect(log(page).getByRole('listitem').filter({ hasText: 'ack add' }).last()).toContainText(
    `[${a + b}]`,
  )
}

for (const [width, options] of WIDTHS) {
  test.describe(width, () => {
    test.use(options)
    const touch = options.hasTouch

    test('connect through the relay with auth, emit with an acknowledgement, broadcast, disconnect, save and reload', async ({
      page,
    }) => {
      await openApp(page)
      await sidebarOpen(page, true)
      await newCollection(page, 'Sockets')
      if (touch) await sidebarOpen(page, false)
      await newSocketIo(page, touch)
      await url(page).fill(upstream.url)
      await press(page.getByRole('tab', { name: 'Headers' }), touch)
      const headers = page.getByRole('table', { name: 'Headers' })
      await headers.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Trace')
      await headers.getByRole('textbox', { name: 'Headers Value 1' }).fill(`e2e-${width}`)
      await press(page.getByRole('tab', { name: 'Settings', exact: true }), touch)
      await page.getByRole('textbox', { name: 'Auth payload' }).fill('{"token": "secret"}')

      const bridge = page.waitForEvent('websocket', (ws) => ws.url().includes('/relay/socketio'))
      await press(page.getByRole('button', { name: 'Connect', exact: true }), touch)
      await bridge
      await expect(status(page, /^Connected \(/)).toBeVisible()
      // Through the relay the header goes with the WebSocket too, and no direct-mode caveat shows.
      await expect(log(page)).toContainText(`"header":"e2e-${width}"`)
      await expect(page.getByRole('note').filter({ hasText: 'Without the relay' })).toHaveCount(0)

      await emitWithAck(page, touch, 2, 40)
      await page.getByRole('textbox', { name: 'Event' }).fill('shout')
      await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('"hello all"')
      await page.getByRole('checkbox', { name: 'Acknowledgement' }).uncheck()
      await press(page.locator('.sio-emit').getByRole('button', { name: 'Emit', exact: true }), touch)
      await expect(log(page)).toContainText('HELLO ALL')
      if (touch) expect(await smallTouchTargets(page, '.ws-editor')).toEqual([])

      const before = upstream.disconnects.length
      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), touch)
      await expect(status(page, 'Not connected')).toBeVisible()
      await expect.poll(() => upstream.disconnects.slice(before)).toEqual(['client namespace disconnect'])

      await page.keyboard.press(`${MOD}+s`)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Chat socket')
      await dialog.getByRole('treeitem', { name: 'Sockets' }).click()
      await dialog.getByRole('button', { name: 'Hier speichern' }).click()
      await sidebarOpen(page, true)
      await expect(row(page, 'Chat socket')).toContainText('SIO')
      if (touch) await sidebarOpen(page, false)

      await page.reload()
      await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
      await expect(url(page)).toHaveValue(upstream.url)
      await press(page.getByRole('tab', { name: 'Settings', exact: true }), touch)
      await expect(page.getByRole('textbox', { name: 'Auth payload' })).toHaveValue('{"token": "secret"}')
      await press(page.getByRole('tab', { name: 'Emit', exact: true }), touch)
      await expect(page.getByRole('textbox', { name: 'Event' })).toHaveValue('shout')
      await press(page.getByRole('button', { name: 'Connect', exact: true }), touch)
      await expect(status(page, /^Connected \(/)).toBeVisible()
      await emitWithAck(page, touch, 5, 6)
      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), touch)
      await expect(status(page, 'Not connected')).toBeVisible()
    })
  })
}

test('a refused auth payload is named', async ({ page }) => {
  await openApp(page)
  await newSocketIo(page, false)
  await url(page).fill(upstream.url)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not connect: not authorized' })).toBeVisible()
})

test('without a relay the page connects itself and says what that cannot do', async ({ page }) => {
  await page.goto(STATIC)
  await newSocketIo(page, false)
  await url(page).fill(upstream.url)
  await page.getByRole('tab', { name: 'Headers' }).click()
  const headers = page.getByRole('table', { name: 'Headers' })
  await headers.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Trace')
  await headers.getByRole('textbox', { name: 'Headers Value 1' }).fill('direct')
  await page.getByRole('tab', { name: 'Settings', exact: true }).click()
  await page.getByRole('textbox', { name: 'Auth payload' }).fill('{"token": "secret"}')
  let bridged = 0
  page.on('websocket', (ws) => void (ws.url().includes('/relay/') && bridged++))
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(status(page, /^Connected \(/)).toBeVisible()
  const note = page.getByRole('note').filter({ hasText: 'Without the relay' })
  await expect(note).toContainText('CORS')
  await expect(note).toContainText('X-Trace go only with HTTP polling')
  await emitWithAck(page, false, 1, 2)
  expect(bridged).toBe(0)
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(status(page, 'Not connected')).toBeVisible()
})

test('client version v2 in the page itself (its client loaded only then) against a server that accepts Engine.IO 3', async ({
  page,
}) => {
  await page.goto(STATIC)
  await newSocketIo(page, false)
  const v2Chunk = page.waitForResponse((r) => /client-v2-[\w-]+\.js$/.test(r.url()))
  await url(page).fill(`${upstream.url}/?token=secret`)
  await page.getByRole('tab', { name: 'Settings', exact: true }).click()
  await page.getByRole('combobox', { name: 'Client version' }).selectOption('v2')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await v2Chunk
  await expect(status(page, /^Connected \(/)).toBeVisible()
  await expect(log(page)).toContainText('"header":null')
  await emitWithAck(page, false, 20, 22)
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(status(page, 'Not connected')).toBeVisible()
})

/**
 * WebSocket requests end to end, at both widths: created from `+`, connected through the relay's
 * bridge to the real `ws` fixture (a custom header it requires), messages exchanged and seen in
 * the log, saved in a collection, reloaded and connected again; bad input gets a clear message.
 */
import { expect, test, type Page } from '@playwright/test'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { MOD, newCollection, openApp, press, row, smallTouchTargets, WIDTHS } from './helpers.ts'

let upstream: WsServer
test.beforeAll(async () => {
  upstream = await startWsServer()
})
test.afterAll(async () => {
  await upstream.close()
})

const url = (page: Page) => page.getByRole('textbox', { name: 'URL', exact: true })
const log = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect', exact: true })

/** At 768 px the sidebar covers the request: opened for what needs it, then closed again. */
async function sidebarOpen(page: Page, open: boolean) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click()
}

async function newWebSocket(page: Page, touch: boolean) {
  await press(page.getByRole('button', { name: 'New request', exact: true }), touch)
  await press(page.getByRole('menuitem', { name: 'WebSocket', exact: true }), touch)
  await expect(connectButton(page)).toBeVisible()
}

for (const [width, options] of WIDTHS) {
  test.describe(width, () => {
    test.use(options)
    const touch = options.hasTouch

    test('create from +, connect through the relay, exchange, save, reload and reconnect', async ({
      page,
    }) => {
      await openApp(page)
      await sidebarOpen(page, true)
      await newCollection(page, 'Sockets')
      if (touch) await sidebarOpen(page, false)
      await newWebSocket(page, touch)
      await url(page).fill(`${upstream.url}/needs-header`)
      await press(page.getByRole('tab', { name: 'Headers' }), touch)
      const headers = page.getByRole('table', { name: 'Headers' })
      await headers.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Test')
      await headers.getByRole('textbox', { name: 'Headers Value 1' }).fill('from-e2e')
      await press(page.getByRole('tab', { name: 'Message', exact: true }), touch)

      const bridge = page.waitForEvent('websocket', (ws) => ws.url().includes('/relay/ws'))
      await press(connectButton(page), touch)
      await bridge
      await expect(page.getByText(/^Connected · /)).toBeVisible()
      await expect(log(page)).toContainText('"x-test":"from-e2e"')

      await composer(page).fill('hello socket')
      await composer(page).press(`${MOD}+Enter`)
      await expect(log(page).getByRole('listitem', { name: /^Received/ })).toHaveCount(2)
      await expect(log(page)).toContainText('hello socket')

      // Binary from hex, shown in the hex view.
      await page.getByRole('combobox', { name: 'Format' }).selectOption('hex')
      await composer(page).fill('de ad be ef')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(log(page)).toContainText('Binary, 4 bytes: de ad be ef')
      await press(log(page).getByRole('listitem').last(), touch)
      await press(page.getByRole('button', { name: 'Hex', exact: true }), touch)
      await expect(page.locator('.message-detail-body')).toHaveText('de ad be ef')

      // A JSON message that does not parse is not sent, and the problem is named.
      await page.getByRole('combobox', { name: 'Format' }).selectOption('json')
      await composer(page).fill('{"a": }')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(page.getByRole('alert')).toContainText('Invalid JSON')
      await composer(page).fill('{"a": 1}')
      await press(page.getByRole('button', { name: 'Save message', exact: true }), touch)
      await expect(page.getByRole('list', { name: 'Saved messages' })).toContainText('{"a": 1}')

      if (touch) expect(await smallTouchTargets(page, '.ws-editor')).toEqual([])

      // The server closes with a code and reason: shown in the log.
      await page.getByRole('combobox', { name: 'Format' }).selectOption('text')
      await composer(page).fill('close:4001:bye now')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(log(page)).toContainText('Closed by the server: code 4001, reason "bye now"')
      await expect(connectButton(page)).toBeVisible()

      await page.keyboard.press(`${MOD}+s`)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Echo socket')
      await dialog.getByRole('treeitem', { name: 'Sockets' }).click()
      await dialog.getByRole('button', { name: 'Hier speichern' }).click()
      await sidebarOpen(page, true)
      await expect(row(page, 'Echo socket')).toContainText('WS')
      if (touch) await sidebarOpen(page, false)

      await page.reload()
      await expect(connectButton(page)).toBeVisible()
      await expect(url(page)).toHaveValue(/\/needs-header$/)
      await expect(page.getByRole('list', { name: 'Saved messages' })).toContainText('{"a": 1}')
      await press(connectButton(page), touch)
      await expect(log(page)).toContainText('"x-test":"from-e2e"')
      await press(page.getByRole('button', { name: 'Send {"a": 1}' }), touch)
      await expect(log(page).getByRole('listitem', { name: /^Received/ })).toHaveCount(2)
      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), touch)
      await expect(log(page)).toContainText('Closed by the client: code 1000')
    })

    test('the sections are those of the request editor, Message first, in order and by keyboard', async ({
      page,
    }) => {
      await openApp(page)
      await newWebSocket(page, touch)
      const sections = page.getByRole('tablist', { name: 'Request sections' }).getByRole('tab')
      await expect(sections).toHaveText([
        'Message',
        'Params',
        'Headers',
        'Cookies',
        'Autorisierung',
        'Skript',
        'Description',
      ])
      await expect(sections.first()).toHaveAttribute('aria-selected', 'true')
      await expect(composer(page)).toBeVisible()
      // A row of the params table shows in its tab's badge, as in the HTTP editor.
      await url(page).fill(`${upstream.url}/echo?room=1`)
      await expect(sections.nth(1)).toHaveText('Params (1)')
      await sections.first().focus()
      await page.keyboard.press('ArrowRight')
      await expect(sections.nth(1)).toBeFocused()
      await expect(page.getByRole('table', { name: 'Params' })).toBeVisible()
      await page.keyboard.press('End')
      await expect(sections.last()).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('Home')
      await expect(composer(page)).toBeVisible()
      if (touch) expect(await smallTouchTargets(page, '.ws-editor')).toEqual([])
    })

    test('a refused upgrade, an unreachable host and a bad URL get clear messages', async ({ page }) => {
      await openApp(page)
      await newWebSocket(page, touch)
      await url(page).fill(`${upstream.url}/needs-header`)
      await press(connectButton(page), touch)
      await expect(page.getByRole('alert')).toContainText('refused the WebSocket upgrade: 403')
      await expect(page.getByRole('alert')).toContainText('X-Test header missing')
      await url(page).fill('ws://127.0.0.1:9/')
      await press(connectButton(page), touch)
      await expect(page.getByRole('alert')).toContainText('Could not connect to 127.0.0.1:9')
      await url(page).fill('ftp://example.test/')
      await press(connectButton(page), touch)
      await expect(page.getByRole('alert')).toContainText('starts with ws:// or wss://')
      await expect(connectButton(page)).toBeEnabled()
    })
  })
}

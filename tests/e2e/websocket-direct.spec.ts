/**
 * WebSocket requests without a relay, at both widths: the built app on a plain static host, so
 * the page opens the browser's own WebSocket to the real `ws` fixture. A note names the custom
 * header the browser cannot send (and the server indeed does not get it); text and binary
 * messages go both ways; the server's and the client's close codes are shown.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { createStatic } from '../../sync-server/static.ts'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { MOD, press, smallTouchTargets, urlField, WIDTHS } from './helpers.ts'

let upstream: WsServer
let server: http.Server
let app: string
test.beforeAll(async () => {
  upstream = await startWsServer()
  // No sync-server: no relay answers, so the app is in direct mode. Port 0: each worker its own.
  const serve = createStatic('dist', () => 'run `npm run build` first')
  server = http.createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  app = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
test.afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await upstream.close()
})

const log = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true })
const received = (page: Page) => log(page).getByRole('listitem', { name: /^Received/ })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect', exact: true })
const note = (page: Page) => page.getByRole('note').filter({ hasText: "the browser's own WebSocket" })

for (const [width, options] of WIDTHS) {
  test.describe(`WebSocket without a relay at ${width}`, () => {
    test.use(options)
    const touch = options.hasTouch

    test('the page connects itself, says which header it cannot send, exchanges text and binary, shows close codes', async ({
      page,
    }) => {
      const sockets: string[] = []
      page.on('websocket', (ws) => sockets.push(ws.url()))
      await page.goto(app)
      await press(page.getByRole('button', { name: 'New request', exact: true }), touch)
      await press(page.getByRole('menuitem', { name: 'WebSocket', exact: true }), touch)
      await expect(connectButton(page)).toBeVisible()
      await expect(note(page)).toContainText('no custom headers, cookies or proxy')

      await urlField(page).fill(`${upstream.url}/echo`)
      await press(page.getByRole('tab', { name: 'Headers' }), touch)
      const headers = page.getByRole('table', { name: 'Headers' })
      await headers.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Test')
      await headers.getByRole('textbox', { name: 'Headers Value 1' }).fill('from-direct')
      await press(page.getByRole('tab', { name: 'Message', exact: true }), touch)

      await press(connectButton(page), touch)
      await expect(page.getByText(/^Connected · /)).toBeVisible()
      await expect(note(page)).toHaveText(
        "Without the relay the browser's own WebSocket is used: it cannot send X-Test.",
      )
      // The page's own socket went straight to the server, none to a relay.
      expect(sockets).toEqual([`${upstream.url}/echo`])

      // The upgrade as the server saw it: the browser's origin, and no X-Test.
      await composer(page).fill('headers')
      await composer(page).press(`${MOD}+Enter`)
      await expect(received(page)).toHaveCount(1)
      await press(received(page).first(), touch)
      const detail = page.locator('.message-detail-body')
      await expect(detail).toContainText(`"origin":"${app}"`)
      await expect(detail).toContainText('"upgrade":"websocket"')
      await expect(detail).not.toContainText('x-test')

      await composer(page).fill('hello direct')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(received(page)).toHaveCount(2)
      await expect(received(page).last()).toContainText('hello direct')

      // Binary out (from hex, echoed back as binary) and binary in (the server's own frame).
      await page.getByRole('combobox', { name: 'Format' }).selectOption('hex')
      await composer(page).fill('ca fe 00 ff')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(received(page).last()).toContainText('Binary, 4 bytes: ca fe 00 ff')
      await page.getByRole('combobox', { name: 'Format' }).selectOption('text')
      await composer(page).fill('binary:5')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(received(page)).toHaveCount(4)
      await press(received(page).last(), touch)
      await press(page.getByRole('button', { name: 'Hex', exact: true }), touch)
      await expect(page.locator('.message-detail-body')).toHaveText('00 01 02 03 04')
      if (touch) expect(await smallTouchTargets(page, '.ws-editor')).toEqual([])

      // The server closes with a code and reason.
      await composer(page).fill('close:4002:done here')
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      await expect(log(page)).toContainText('Closed by the server: code 4002, reason "done here"')
      await expect(connectButton(page)).toBeVisible()

      // Again, and `Disconnect` closes with 1000.
      await press(connectButton(page), touch)
      await expect(page.getByText(/^Connected · /)).toBeVisible()
      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), touch)
      await expect(log(page)).toContainText('Closed by the client: code 1000')
      await expect(connectButton(page)).toBeVisible()
      expect(sockets).toEqual([`${upstream.url}/echo`, `${upstream.url}/echo`])
    })

    test('a server that requires the header it cannot send refuses, and the message says so', async ({
      page,
    }) => {
      await page.goto(app)
      await press(page.getByRole('button', { name: 'New request', exact: true }), touch)
      await press(page.getByRole('menuitem', { name: 'WebSocket', exact: true }), touch)
      await urlField(page).fill(`${upstream.url}/needs-header`)
      await press(page.getByRole('tab', { name: 'Headers' }), touch)
      await page.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Test')
      await page.getByRole('textbox', { name: 'Headers Value 1' }).fill('needed')
      await press(connectButton(page), touch)
      await expect(page.getByRole('alert')).toContainText(
        `Could not connect to ${upstream.url}/needs-header (the browser gives no reason without a relay)`,
      )
      await expect(note(page)).toContainText('it cannot send X-Test')
      await expect(connectButton(page)).toBeEnabled()
    })
  })
}

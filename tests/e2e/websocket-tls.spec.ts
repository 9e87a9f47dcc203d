/**
 * A `wss://` WebSocket through the relay's bridge with the certificates from Settings →
 * Zertifikate (1280 px): an untrusted server, then its CA added, then the client certificate the
 * server requires; each failure is named in the request area, and the server finally sees the
 * certificate the bridge presented.
 */
import { expect, test, type Page } from '@playwright/test'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import { openApp, WIDTHS } from './helpers.ts'

let certs: TestCerts
let upstream: WsServer
test.beforeAll(async () => {
  certs = makeTestCerts()
  upstream = await startWsServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
})
test.afterAll(async () => {
  await upstream.close()
})

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })
const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect', exact: true })
const log = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true })

async function certificates(page: Page, fill: (dialog: ReturnType<typeof settings>) => Promise<void>) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await settings(page).getByRole('tab', { name: 'Zertifikate' }).click()
  await fill(settings(page))
  await settings(page).getByRole('button', { name: 'Close', exact: true }).click()
}

async function field(dialog: ReturnType<typeof settings>, name: string, value: string) {
  await dialog.getByRole('textbox', { name }).fill(value)
  await dialog.getByRole('textbox', { name }).blur()
}

test.use(WIDTHS[0][1])

test('wss:// through the relay: the CA and the client certificate from Zertifikate', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'New request', exact: true }).click()
  await page.getByRole('menuitem', { name: 'WebSocket', exact: true }).click()
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${upstream.url}/echo`)

  await connectButton(page).click()
  await expect(page.getByRole('alert')).toContainText(
    `The SSL certificate of 127.0.0.1:${upstream.port} is not trusted`,
  )
  await expect(page.getByRole('alert')).toContainText('Settings → Zertifikate')

  await certificates(page, async (dialog) => {
    await dialog.getByRole('button', { name: 'Add CA certificate' }).click()
    await field(dialog, 'CA certificate 1 (PEM)', certs.caPem)
  })
  await connectButton(page).click()
  await expect(page.getByRole('alert')).toContainText(
    `127.0.0.1:${upstream.port} requires a client certificate; add one for this host in Settings → Zertifikate`,
  )

  await certificates(page, async (dialog) => {
    await dialog.getByRole('button', { name: 'Add certificate' }).click()
    await field(dialog, 'Host', `127.0.0.1:${upstream.port}`)
    await field(dialog, 'Certificate (PEM)', certs.clientCert)
    await field(dialog, 'Key (PEM)', certs.clientKey)
  })
  await connectButton(page).click()
  await expect(page.getByText(/^Connected · /)).toBeVisible()
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('peer')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(log(page)).toContainText('{"cn":"sendbox-client"}')
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(log(page)).toContainText('Closed by the client: code 1000')
})

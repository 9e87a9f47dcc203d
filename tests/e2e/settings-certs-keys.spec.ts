import { expect, test, type Page } from '@playwright/test'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import { startAppServer, type AppServer } from './app-server.ts'
import { MOD, tabs, urlField } from './helpers.ts'

let app: AppServer
let certs: TestCerts
let tlsEcho: EchoServer

test.beforeAll(async () => {
  app = await startAppServer()
  certs = makeTestCerts()
  tlsEcho = await startEchoServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
})
test.afterAll(async () => {
  await tlsEcho.close()
  await app.close()
})

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })

async function open(page: Page) {
  await app.open(page)
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
}

async function openSettings(page: Page, section: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await settings(page).getByRole('tab', { name: section }).click()
}

async function send(page: Page, url: string) {
  await urlField(page).fill(url)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

test('a client certificate from Zertifikate reaches a TLS server that requires it', async ({ page }) => {
  await open(page)
  // Trust the test CA first, so the only thing missing is the client certificate.
  await openSettings(page, 'Zertifikate')
  const dialog = settings(page)
  await dialog.getByRole('button', { name: 'Add CA certificate' }).click()
  await dialog.getByRole('textbox', { name: 'CA certificate 1 (PEM)' }).fill(certs.caPem)
  await dialog.getByRole('textbox', { name: 'CA certificate 1 (PEM)' }).blur()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  // Without a client certificate the server refuses the handshake: the send fails.
  await send(page, `${tlsEcho.url}/anything/no-cert`)
  await page.getByRole('button', { name: 'Verlauf', exact: true }).click()
  const entries = page.getByRole('navigation', { name: 'Verlauf' }).locator('.history-entry')
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toHaveClass(/failed/)
  expect(tlsEcho.seen).toHaveLength(0)

  await openSettings(page, 'Zertifikate')
  await dialog.getByRole('button', { name: 'Add certificate' }).click()
  await dialog.getByRole('textbox', { name: 'Host' }).fill(`127.0.0.1:${tlsEcho.port}`)
  await dialog.getByRole('textbox', { name: 'Host' }).blur()
  await dialog.getByRole('textbox', { name: 'Certificate (PEM)' }).fill(certs.clientCert)
  await dialog.getByRole('textbox', { name: 'Certificate (PEM)' }).blur()
  await dialog.getByRole('textbox', { name: 'Key (PEM)' }).fill(certs.clientKey)
  await dialog.getByRole('textbox', { name: 'Key (PEM)' }).blur()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  await send(page, `${tlsEcho.url}/anything/with-cert`)
  await expect.poll(() => tlsEcho.seen.map((r) => r.path)).toEqual(['/anything/with-cert'])
  await expect(entries).toHaveCount(2)
  await expect(entries.first()).not.toHaveClass(/failed/)

  // Stored on this device: still there after a reload.
  await page.reload()
  await openSettings(page, 'Zertifikate')
  await expect(settings(page).getByRole('textbox', { name: 'Host' })).toHaveValue(`127.0.0.1:${tlsEcho.port}`)
  await expect(settings(page).getByRole('textbox', { name: 'Key (PEM)' })).toHaveValue(certs.clientKey)
})

test('a rebound shortcut works after a reload; a conflicting one is refused', async ({ page }) => {
  await open(page)
  await openSettings(page, 'Tastatur')
  const dialog = settings(page)
  await expect(dialog.getByRole('button', { name: 'Change shortcut for Send' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Change shortcut for Save' })).toHaveCount(0)

  // Ctrl+S belongs to Save: refused, naming it.
  await dialog.getByRole('button', { name: 'Change shortcut for Duplicate saved request' }).click()
  await page.keyboard.press(`${MOD}+s`)
  await expect(dialog.getByRole('alert')).toHaveText('Ctrl+S is already used by Save.')

  await dialog.getByRole('button', { name: 'Change shortcut for New HTTP tab' }).click()
  await page.keyboard.press(`${MOD}+Shift+y`)
  await expect(dialog.getByRole('row', { name: /New HTTP tab/ })).toContainText('Ctrl+Shift+Y')
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
  await expect(tabs(page)).toHaveCount(1)
  await page.keyboard.press(`${MOD}+Shift+y`)
  await expect(tabs(page)).toHaveCount(2)
  // The old keys no longer open a tab.
  await page.keyboard.press(`${MOD}+t`)
  await page.waitForTimeout(300)
  await expect(tabs(page)).toHaveCount(2)
})

test('the settings sections switch with the arrow keys, Home and End', async ({ page }) => {
  await open(page)
  await openSettings(page, 'Editor')
  const dialog = settings(page)
  const selected = () => dialog.getByRole('tab', { selected: true })
  await expect(selected()).toHaveText('Editor')
  await page.keyboard.press('ArrowRight')
  await expect(selected()).toHaveText('Proxy')
  await expect(selected()).toBeFocused()
  await page.keyboard.press('End')
  await expect(selected()).toHaveText('Tastatur')
  await page.keyboard.press('ArrowRight')
  await expect(selected()).toHaveText('Editor')
  await page.keyboard.press('ArrowLeft')
  await expect(selected()).toHaveText('Tastatur')
  await expect(dialog.getByRole('button', { name: 'Change shortcut for Save' })).toHaveCount(0)
  await expect(dialog.getByRole('tabpanel')).toContainText('Send')
})

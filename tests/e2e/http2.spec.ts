import { expect, test, type Page } from '@playwright/test'
import { startCleartextH2, type H2Server } from '../helpers/h2-servers.ts'
import { startAppServer, type AppServer } from './app-server.ts'
import { section, urlField } from './send-helpers.ts'

// A real node:http2 server speaking only HTTP/2 without TLS (h2c), reached through the relay of a
// sync-server of this file's own (its Settings are not shared with other specs).
let app: AppServer
let h2c: H2Server

test.beforeAll(async () => {
  app = await startAppServer()
  h2c = await startCleartextH2()
})
test.afterAll(async () => {
  await h2c.close()
  await app.close()
})

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })
const protocol = (page: Page) => page.getByLabel('Protocol', { exact: true })

async function open(page: Page) {
  await app.open(page)
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
}

async function sendTo(page: Page, path: string) {
  await urlField(page).fill(`${h2c.url}${path}`)
  const before = h2c.seen.length
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => h2c.seen.length).toBe(before + 1)
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
}

test('a request set to HTTP/2 (prior knowledge) reaches an h2c server; the status shows HTTP/2, pseudo-headers apart', async ({
  page,
}) => {
  await open(page)
  await section(page, 'Einstellungen')
  const version = page.getByRole('combobox', { name: 'HTTP version' })
  await expect(version).toHaveValue('auto')
  await version.selectOption({ label: 'HTTP/2 (prior knowledge)' })
  await sendTo(page, '/h2-request')
  expect(h2c.seen.at(-1)).toMatchObject({ httpVersion: '2.0', path: '/h2-request' })
  await expect(protocol(page)).toHaveText('HTTP/2')

  await page.getByRole('tab', { name: /^Header \d+$/ }).click()
  const pseudo = page.getByRole('table', { name: 'HTTP/2 pseudo-headers' })
  await expect(pseudo.getByRole('row')).toHaveCount(1)
  await expect(pseudo.getByRole('row')).toHaveText(':status200')
  const headers = page.getByRole('table', { name: 'Header', exact: true })
  await expect(headers.getByRole('cell', { name: 'x-served-by', exact: true })).toBeVisible()
  await expect(headers.getByRole('cell', { name: ':status' })).toHaveCount(0)

  // Back to Auto: plain TCP is HTTP/1.1 then, which this server does not speak.
  await section(page, 'Einstellungen')
  await version.selectOption({ label: 'Auto' })
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Request failed')).toBeVisible()
})

test('Settings → Proxy → HTTP version applies to a request on Auto and is kept after a reload', async ({
  page,
}) => {
  await open(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await settings(page).getByRole('tab', { name: 'Proxy' }).click()
  const field = settings(page).getByRole('combobox', { name: 'HTTP version' })
  await expect(field).toHaveValue('auto')
  await field.selectOption({ label: 'HTTP/2 (prior knowledge)' })
  await settings(page).getByRole('button', { name: 'Close', exact: true }).click()

  await sendTo(page, '/h2-settings')
  await expect(protocol(page)).toHaveText('HTTP/2')

  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await settings(page).getByRole('tab', { name: 'Proxy' }).click()
  await expect(settings(page).getByRole('combobox', { name: 'HTTP version' })).toHaveValue('h2c')
  await settings(page).getByRole('combobox', { name: 'HTTP version' }).selectOption({ label: 'Auto' })
})

import { expect, test, type Page } from '@playwright/test'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { startHttpProxy, startSocksProxy } from '../helpers/proxy-servers.ts'
import { startAppServer, type AppServer } from './app-server.ts'
import { urlField } from './helpers.ts'

let app: AppServer
let echo: EchoServer

test.beforeAll(async () => {
  app = await startAppServer()
  echo = await startEchoServer()
})
test.afterAll(async () => {
  await echo.close()
  await app.close()
})

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })

async function openProxySettings(page: Page) {
  await app.open(page)
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await settings(page).getByRole('tab', { name: 'Proxy' }).click()
}

async function configure(
  page: Page,
  fields: { type: string; port: number; bypass: string; username?: string; password?: string },
) {
  const dialog = settings(page)
  await dialog.getByRole('checkbox', { name: 'Enable Proxy' }).check()
  await dialog.getByRole('combobox', { name: 'Proxy Type' }).selectOption({ label: fields.type })
  await dialog.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1')
  await dialog.getByRole('textbox', { name: 'Host' }).blur()
  await dialog.getByRole('spinbutton', { name: 'Port' }).fill(String(fields.port))
  await dialog.getByRole('spinbutton', { name: 'Port' }).blur()
  if (fields.username) {
    await dialog.getByRole('textbox', { name: 'Username' }).fill(fields.username)
    await dialog.getByRole('textbox', { name: 'Username' }).blur()
  }
  if (fields.password) await dialog.getByLabel('Password').fill(fields.password)
  await dialog.getByRole('textbox', { name: 'Bypass' }).fill(fields.bypass)
  await dialog.getByRole('textbox', { name: 'Bypass' }).blur()
}

async function closeAndSend(page: Page, url: string) {
  await settings(page).getByRole('button', { name: 'Close', exact: true }).click()
  await urlField(page).fill(url)
  const before = echo.seen.length
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => echo.seen.length).toBe(before + 1)
}

test('a request goes through an HTTP proxy chosen in Settings, with its credentials', async ({ page }) => {
  const proxy = await startHttpProxy({ credentials: { username: 'ann', password: 'pw-session' } })
  try {
    await openProxySettings(page)
    await expect(settings(page).getByRole('textbox', { name: 'Bypass' })).toHaveValue('localhost,127.0.0.1')
    // The echo server is on 127.0.0.1: take it off the bypass list so the proxy is used.
    await configure(page, {
      type: 'HTTP',
      port: proxy.port,
      bypass: 'localhost',
      username: 'ann',
      password: 'pw-session',
    })
    await closeAndSend(page, `${echo.url}/anything/via-http-proxy`)
    expect(proxy.forwarded).toContain(`${echo.url}/anything/via-http-proxy`)
    expect(proxy.authorizations.at(-1)).toBe(`Basic ${Buffer.from('ann:pw-session').toString('base64')}`)

    // The password lives for the session only: after a reload it is gone, the rest is kept.
    await page.reload()
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await settings(page).getByRole('tab', { name: 'Proxy' }).click()
    await expect(settings(page).getByRole('spinbutton', { name: 'Port' })).toHaveValue(String(proxy.port))
    await expect(settings(page).getByRole('textbox', { name: 'Username' })).toHaveValue('ann')
    await expect(settings(page).getByLabel('Password')).toHaveValue('')
  } finally {
    await proxy.close()
  }
})

test('a request goes through a SOCKS5 proxy chosen in Settings', async ({ page }) => {
  const socks = await startSocksProxy()
  try {
    await openProxySettings(page)
    await configure(page, { type: 'SOCKS5', port: socks.port, bypass: '' })
    await closeAndSend(page, `${echo.url}/anything/via-socks`)
    expect(socks.connections).toContain(`127.0.0.1:${echo.port}`)
  } finally {
    // The relay keeps its connection to the proxy alive; the server's close waits for it.
    await Promise.race([socks.close(), new Promise((resolve) => setTimeout(resolve, 1000))])
  }
})

test('a bypassed host goes direct', async ({ page }) => {
  const proxy = await startHttpProxy()
  try {
    await openProxySettings(page)
    await configure(page, { type: 'HTTP', port: proxy.port, bypass: 'localhost, 127.0.0.1' })
    await closeAndSend(page, `${echo.url}/anything/direct`)
    expect(proxy.forwarded).toEqual([])
    expect(proxy.tunnels).toEqual([])
  } finally {
    await proxy.close()
  }
})

test('Test Connection reports success and failure clearly', async ({ page }) => {
  const proxy = await startHttpProxy()
  try {
    await openProxySettings(page)
    await configure(page, { type: 'HTTP', port: proxy.port, bypass: 'localhost,127.0.0.1' })
    const dialog = settings(page)
    await dialog.getByRole('textbox', { name: 'Test URL' }).fill(`${echo.url}/status/204`)
    await dialog.getByRole('button', { name: 'Test Connection' }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Connection' })).toHaveText(
      /^Connection OK: the target answered 204 in \d+ ms$/,
    )
    // The bypass list does not hide the proxy from its own test.
    expect(proxy.forwarded).toContain(`${echo.url}/status/204`)

    await proxy.close()
    await dialog.getByRole('button', { name: 'Test Connection' }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Connection' })).toHaveText(
      /^Connection failed: .+/,
    )
  } finally {
    await proxy.close().catch(() => {})
  }
})

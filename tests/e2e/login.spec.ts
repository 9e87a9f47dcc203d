import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { ECHO, urlField } from './send-helpers.ts'

// These browsers start without the session the other tests share: they log in themselves.
test.use({ storageState: { cookies: [], origins: [] } })
// One login link at a time: each use replaces it.
test.describe.configure({ mode: 'serial' })

const loginLink = () => readFileSync(path.join(process.env.E2E_DATA_DIR!, 'login-url'), 'utf8').trim()

test('a visit without logging in gets the page saying how, and no app', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(401)
  await expect(page.getByRole('heading', { name: 'Log in to Sendbox' })).toBeVisible()
  await expect(page.getByText('npx sendbox login-url')).toBeVisible()
  await expect(urlField(page)).toHaveCount(0)
})

test('the printed link logs in once: the app without the secret in its address, sending through the relay', async ({
  page,
  context,
}) => {
  const link = loginLink()
  await page.goto(link)
  await expect(urlField(page)).toBeVisible()
  expect(page.url()).toBe(new URL('/', link).href)
  await urlField(page).fill(`${ECHO}/get`)
  const relayed = page.waitForResponse((r) => r.url().endsWith('/relay'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  expect((await relayed).status()).toBe(200)
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  await expect(page.getByRole('note').filter({ hasText: 'Direct mode' })).toHaveCount(0)

  // Used up: another browser opening the same link is not logged in.
  const other = await context.browser()!.newContext({ storageState: { cookies: [], origins: [] } })
  const stranger = await other.newPage()
  expect((await stranger.goto(link))?.status()).toBe(403)
  await expect(stranger.getByText('This login link was already used or is not valid.')).toBeVisible()
  await other.close()
})

test.describe('installed', () => {
  test.use({ serviceWorkers: 'allow' })

  test('an installed app whose browser is not logged in says how to log in', async ({ page, context }) => {
    await page.goto(loginLink())
    await expect(urlField(page)).toBeVisible()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // The session is gone (say, an installed app from before logins): the service worker still
    // starts the app, which tells how to log in instead of silently losing the relay.
    await context.clearCookies()
    await page.reload()
    await expect(urlField(page)).toBeVisible()
    const note = page.getByRole('note').filter({ hasText: 'not logged in' })
    await expect(note).toBeVisible()
    await expect(note).toContainText('npx sendbox login-url')

    // The link reaches the server past the service worker, and the installed app is back on the relay.
    await page.goto(loginLink())
    await expect(urlField(page)).toBeVisible()
    await expect(page.getByRole('note').filter({ hasText: 'Direct mode' })).toHaveCount(0)
    expect(await context.cookies()).toHaveLength(1)
  })
})

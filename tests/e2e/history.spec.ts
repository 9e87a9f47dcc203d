import { expect, test, type Page } from '@playwright/test'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { startAppServer, type AppServer } from './app-server.ts'
import { MOD, newCollection, tabs, urlField, WIDTHS } from './helpers.ts'

let app: AppServer
let echo: EchoServer
/** A port nothing listens on: sends there fail with `Request failed`. */
let closedPort: number

test.beforeAll(async () => {
  app = await startAppServer()
  echo = await startEchoServer()
  const probe = await startEchoServer()
  closedPort = probe.port
  await probe.close()
})
test.afterAll(async () => {
  await echo.close()
  await app.close()
})

const historyPanel = (page: Page) => page.getByRole('navigation', { name: 'Verlauf' })
const entries = (page: Page) => historyPanel(page).locator('.history-entry')

async function open(page: Page) {
  await app.open(page)
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
  await page.getByRole('button', { name: 'Verlauf', exact: true }).click()
  await expect(historyPanel(page)).toBeVisible()
}

/** Sends the active tab to `url` and waits until the send is in the history. */
async function sendTo(page: Page, url: string, expected: number) {
  await urlField(page).fill(url)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(entries(page)).toHaveCount(expected)
}

test('keeps the last 100 sends, failed ones included', async ({ page }) => {
  test.setTimeout(240_000)
  await open(page)
  for (let i = 1; i <= 98; i++) await sendTo(page, `${echo.url}/anything/ok-${i}`, i)
  for (let i = 1; i <= 4; i++) {
    await sendTo(page, `http://127.0.0.1:${closedPort}/fail-${i}`, Math.min(98 + i, 100))
  }
  await expect(entries(page)).toHaveCount(100)
  const urls = await historyPanel(page)
    .locator('.history-url')
    .evaluateAll((spans) => spans.map((span) => span.getAttribute('title')))
  // Newest first: the four failures, then ok-98 down to ok-3; ok-1 and ok-2 fell out.
  const expected = [
    ...[4, 3, 2, 1].map((i) => `http://127.0.0.1:${closedPort}/fail-${i}`),
    ...Array.from({ length: 96 }, (_, k) => `${echo.url}/anything/ok-${98 - k}`),
  ]
  expect(urls).toEqual(expected)
  await expect(entries(page).filter({ hasText: '/fail-' })).toHaveCount(4)
  // The cap holds after a reload: it is the stored history, not the view.
  await page.reload()
  await page.getByRole('button', { name: 'Verlauf', exact: true }).click()
  await expect(entries(page)).toHaveCount(100)
})

test('groups by day: Heute, Gestern, then the date', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-03-10T10:15:00'))
  await open(page)
  await sendTo(page, `${echo.url}/anything/day-one`, 1)
  await page.clock.setFixedTime(new Date('2026-03-11T09:00:00'))
  await sendTo(page, `${echo.url}/anything/day-two`, 2)
  await page.clock.setFixedTime(new Date('2026-03-12T08:30:05'))
  await sendTo(page, `${echo.url}/anything/day-three`, 3)

  const days = historyPanel(page).locator('.history-day')
  await expect(days).toHaveCount(3)
  await expect(days.nth(0).locator('h3')).toHaveText('Heute')
  await expect(days.nth(0)).toContainText('day-three')
  await expect(days.nth(0)).toContainText('08:30:05')
  await expect(days.nth(0)).toContainText('GET')
  await expect(days.nth(1).locator('h3')).toHaveText('Gestern')
  await expect(days.nth(1)).toContainText('day-two')
  await expect(days.nth(2).locator('h3')).toHaveText('10.03.2026')
  await expect(days.nth(2)).toContainText('day-one')
  await expect(days.nth(2)).toContainText('10:15:00')
})

test('searches by URL and method, and clears after a confirmation', async ({ page }) => {
  await open(page)
  await sendTo(page, `${echo.url}/anything/users`, 1)
  await page.getByRole('combobox', { name: 'Method' }).selectOption('POST')
  await sendTo(page, `${echo.url}/anything/users`, 2)
  await sendTo(page, `${echo.url}/anything/orders`, 3)

  const search = page.getByRole('searchbox', { name: 'Verlauf durchsuchen…' })
  await search.fill('orders')
  await expect(entries(page)).toHaveCount(1)
  await expect(entries(page)).toContainText('POST')
  await search.fill('get')
  await expect(entries(page)).toHaveCount(1)
  await expect(entries(page)).toContainText('/anything/users')
  await search.fill('post users')
  await expect(entries(page)).toHaveCount(1)
  await search.fill('nothing-like-this')
  await expect(entries(page)).toHaveCount(0)
  await expect(historyPanel(page)).toContainText('Keine Treffer.')
  await search.fill('')
  await expect(entries(page)).toHaveCount(3)

  await historyPanel(page).getByRole('button', { name: 'Verlauf löschen' }).click()
  const confirm = page.getByRole('dialog', { name: 'Verlauf löschen?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(entries(page)).toHaveCount(3)
  await historyPanel(page).getByRole('button', { name: 'Verlauf löschen' }).click()
  await confirm.getByRole('button', { name: 'Verlauf löschen' }).click()
  await expect(entries(page)).toHaveCount(0)
  await expect(historyPanel(page)).toContainText('Noch keine Anfragen gesendet.')
  await page.reload()
  await page.getByRole('button', { name: 'Verlauf', exact: true }).click()
  await expect(entries(page)).toHaveCount(0)
})

test('an entry fills an empty tab, otherwise opens a new tab', async ({ page }) => {
  await open(page)
  await page.getByRole('combobox', { name: 'Method' }).selectOption('DELETE')
  await sendTo(page, `${echo.url}/anything/first`, 1)
  await expect(tabs(page)).toHaveCount(1)

  // The current tab has a URL: the entry opens in a new tab.
  await entries(page).first().click()
  await expect(tabs(page)).toHaveCount(2)
  await expect(urlField(page)).toHaveValue(`${echo.url}/anything/first`)
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('DELETE')

  // A fresh tab is empty: the entry fills it.
  await page.keyboard.press(`${MOD}+t`)
  await expect(tabs(page)).toHaveCount(3)
  await expect(urlField(page)).toHaveValue('')
  await entries(page).first().click()
  await expect(tabs(page)).toHaveCount(3)
  await expect(urlField(page)).toHaveValue(`${echo.url}/anything/first`)
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('DELETE')
})

test('per-request history opens an earlier response as it was', async ({ page }) => {
  await app.open(page)
  await newCollection(page, 'Runs')
  await tabs(page).first().click()
  await urlField(page).fill(`${echo.url}/cookies/set?flavour=first-run`)
  await page.keyboard.press(`${MOD}+s`)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Cookie run')
  await dialog.getByRole('treeitem', { name: 'Runs' }).click()
  await dialog.getByRole('button', { name: 'Hier speichern' }).click()
  await expect(dialog).toBeHidden()

  const clock = page.getByRole('button', { name: 'Frühere Ausführungen' })
  const send = page.getByRole('button', { name: 'Send', exact: true })
  await send.click()
  await clock.click()
  await expect(page.getByRole('menuitem')).toHaveCount(1)
  await page.keyboard.press('Escape')

  await urlField(page).fill(`${echo.url}/status/404`)
  await send.click()
  await clock.click()
  const runs = page.getByRole('menuitem')
  await expect(runs).toHaveCount(2)
  // Newest first, each with status, duration and time of day.
  await expect(runs.nth(0)).toHaveText(/^404 · \d+(\.\d+)? m?s · \d\d:\d\d:\d\d$/)
  await expect(runs.nth(1)).toHaveText(/^200 · .* · \d\d:\d\d:\d\d$/)
  await runs.nth(1).click()

  const past = page.locator('.past-run')
  await expect(past).toBeVisible()
  await expect(past.locator('.status')).toHaveText('200 OK')
  await expect(past.getByLabel('Body', { exact: true })).toContainText('"flavour"')
  await expect(past.getByLabel('Body', { exact: true })).toContainText('first-run')
  await expect(past.getByRole('table', { name: 'Headers' })).toContainText(/set-cookie/i)
  await expect(past.getByRole('table', { name: 'Cookies' })).toContainText('flavour')
  await expect(past.getByRole('table', { name: 'Cookies' })).toContainText('first-run')

  // The chip next to the name returns to the current response.
  await page.getByRole('button', { name: 'Aktuelle Antwort' }).click()
  await expect(past).toBeHidden()

  // Runs are stored on the device: they survive a reload.
  await page.reload()
  await page.getByRole('button', { name: 'Frühere Ausführungen' }).click()
  await expect(page.getByRole('menuitem')).toHaveCount(2)
})

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('an entry shows method, path and host apart, with the full URL as its tooltip', async ({ page }) => {
      await open(page)
      const url = `${echo.url}/anything/orders/42?expand=items`
      await sendTo(page, url, 1)
      const entry = entries(page).first()
      await expect(entry.locator('.method')).toHaveText('GET')
      await expect(entry.locator('.history-path')).toHaveText('/anything/orders/42?expand=items')
      await expect(entry.locator('.history-host')).toHaveText(new URL(echo.url).host)
      await expect(entry.locator('.history-url')).toHaveAttribute('title', url)
      // Path and host each fit the entry: neither is cut by the other.
      const [path, host] = await Promise.all([
        entry.locator('.history-path').boundingBox(),
        entry.locator('.history-host').boundingBox(),
      ])
      expect(host!.y).toBeGreaterThanOrEqual(path!.y + path!.height - 1)
    })
  })
}

/**
 * Large bodies in the response viewer, functional only (speed is `npm run bench:viewer`): the
 * formatted view of a 30 MB JSON response reaches its last line and search finds a term near the
 * end; the body survives the Body tab closing and opening again (its worker hands it back); a
 * body that arrives slowly shows its first lines, and how much is in, before its end arrives.
 */
import { expect, test, type Page } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, preRequestScript, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

const body = (page: Page) => page.getByRole('region', { name: 'Response body' })
const responseTab = (page: Page, name: RegExp) =>
  page.getByRole('tablist', { name: 'Response sections' }).getByRole('tab', { name })

async function send(page: Page, path: string) {
  await urlField(page).fill(`${ECHO}${path}`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK', { timeout: 90_000 })
}

test('a 30 MB JSON body: formatted to its last line and searchable near the end', async ({ page }) => {
  test.setTimeout(240_000)
  const path = '/json/30000000'
  // The layout the viewer must show: `[`, nine lines per item, `]`.
  const items = ((await (await fetch(`${ECHO}${path}`)).json()) as unknown[]).length
  const lastLine = 2 + 9 * items
  const near = items - 3

  await send(page, path)
  await expect(body(page).locator('.line').nth(0)).toHaveText('[')
  await expect(page.locator('.line-search')).not.toContainText('Indexing', { timeout: 120_000 })

  const viewport = body(page)
  await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight))
  const last = viewport.locator(`.line[data-line="${lastLine}"]`)
  await expect(last).toHaveText(']')
  await expect(viewport.locator(`.line[data-line="${lastLine - 1}"]`)).toHaveText('  }')
  await expect(viewport.locator(`.line[data-line="${lastLine + 1}"]`)).toHaveCount(0)

  await viewport.evaluate((el) => (el.scrollTop = 0))
  await expect(viewport.locator('.line[data-line="1"]')).toHaveText('[')
  const search = page.getByRole('searchbox', { name: 'Search body' })
  await search.fill(`"item ${near}"`)
  await search.press('Enter')
  await expect(page.locator('.search-count')).toHaveText('1 / 1', { timeout: 60_000 })
  const hit = viewport.locator('.line-current')
  await expect(hit).toHaveText(`    "name": "item ${near}",`)
  await expect(hit).toHaveAttribute('data-line', String(2 + 9 * near + 2))

  // Closing the Body tab ends its worker; the body comes back for the next one.
  await responseTab(page, /^Header/).click()
  await responseTab(page, /^Body/).click()
  await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,')
})

test('Copy and the previews read the body back from the worker', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await send(page, '/json/300')
  const expected = await (await fetch(`${ECHO}/json/300`)).text()
  await responseTab(page, /^Header/).click()
  await responseTab(page, /^Body/).click()
  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected)

  await send(page, '/html')
  await page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Vorschau' }).click()
  const frame = page.frameLocator('iframe.html-preview')
  await expect(frame.locator('body')).not.toBeEmpty()
})

test('a slowly arriving body shows its first lines before it is complete; search works once it is', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // 3 MB in 12 pieces, 600 ms apart: the last piece leaves the server about 6.6 s after the head.
  const path = '/json/3000000?pieces=12&pause=600'
  const items = ((await (await fetch(`${ECHO}${path}`)).json()) as unknown[]).length
  const near = items - 3
  await urlField(page).fill(`${ECHO}${path}`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()

  const loading = page.locator('.line-search .body-loading')
  await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,', { timeout: 5_000 })
  // Still arriving: the progress shows, the send is still awaited, the status bar is there.
  await expect(loading).toHaveText(/^Loading: \d+\.\d of 3\.0 MB$/)
  await expect(page.getByText('Awaiting response')).toBeVisible()
  const seenAt = Date.now()

  // A search asked for while the body arrives is answered over the whole body once it is in.
  const search = page.getByRole('searchbox', { name: 'Search body' })
  await search.fill(`"item ${near}"`)
  await search.press('Enter')
  await expect(page.locator('.search-count')).toHaveText('1 / 1', { timeout: 60_000 })
  expect(Date.now() - seenAt, 'the first lines showed well before the body was complete').toBeGreaterThan(
    2_000,
  )
  await expect(loading).toHaveCount(0)
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  const hit = body(page).locator('.line-current')
  await expect(hit).toHaveText(`    "name": "item ${near}",`)
  await expect(hit).toHaveAttribute('data-line', String(2 + 9 * near + 2))

  // The same body, whole, after the send settled: the view survives the Body tab closing.
  await responseTab(page, /^Header/).click()
  await responseTab(page, /^Body/).click()
  await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,')
  await page.evaluate(() => (document.querySelector('.line-viewport')!.scrollTop = 1e9))
  await expect(body(page).locator(`.line[data-line="${2 + 9 * items}"]`)).toHaveText(']')
})

test('a body asked for by a pre-request script’s hand-off also shows as it arrives', async ({ page }) => {
  test.setTimeout(120_000)
  await urlField(page).fill(`${ECHO}/json/3000000?pieces=12&pause=600`)
  // With a script, the script worker builds the request and starts the relay call (hand-off).
  await preRequestScript(page, "svc.variables.set('n', '1')")
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,', { timeout: 5_000 })
  await expect(page.locator('.line-search .body-loading')).toHaveText(/^Loading: \d+\.\d of 3\.0 MB$/)
  await expect(page.getByText('Awaiting response')).toBeVisible()
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK', { timeout: 60_000 })
  await expect(page.locator('.line-search .body-loading')).toHaveCount(0)
})

import { expect, test } from '@playwright/test'
import { makeBigWorkspace, seedWorkspace } from '../fixtures/big-workspace.ts'
import { openApp, row, sidebar, urlField } from './helpers.ts'

test('a workspace of 10,000 requests opens, scrolls and opens a request', async ({ page }) => {
  const update = makeBigWorkspace(10, 1000)
  await openApp(page)
  await seedWorkspace(page, update)
  // Records the loading indicator as the page shows it: the load may end before a poll would see it.
  await page.addInitScript(() => {
    const seen: { name: string | null; text: string; height: number }[] = []
    Object.assign(window, { seenProgress: seen })
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]')
      if (bar && seen.length === 0) {
        const text = bar.textContent ?? ''
        seen.push({ name: bar.getAttribute('aria-label'), text, height: bar.getBoundingClientRect().height })
      }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.reload()
  await expect(row(page, 'Collection 10')).toBeVisible()
  const seen = await page.evaluate(() => (window as unknown as { seenProgress: unknown[] }).seenProgress)
  expect(seen).toEqual([
    { name: 'Loading workspace…', text: 'Loading workspace…', height: expect.any(Number) },
  ])
  expect((seen[0] as { height: number }).height).toBeGreaterThan(0)
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(sidebar(page).getByRole('treeitem')).toHaveCount(10)

  await row(page, 'Collection 3').click()
  await expect(row(page, 'Collection 3')).toHaveAttribute('aria-expanded', 'true')
  // Virtualized: a thousand requests, only a window of rows in the DOM.
  const rendered = await sidebar(page).getByRole('treeitem').count()
  expect(rendered).toBeGreaterThan(10)
  expect(rendered).toBeLessThan(80)

  const viewport = sidebar(page).getByRole('tree')
  await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(row(page, 'Request 3.1000')).toBeVisible()
  await expect(row(page, 'Collection 10')).toBeVisible()
  await row(page, 'Request 3.1000').click()
  await expect(urlField(page)).toHaveValue('https://api2.example.test/items/999?page=5')
})

import { expect, test, type Page } from '@playwright/test'
import { makeBigWorkspace, seedWorkspace } from '../fixtures/big-workspace.ts'
import { newCollection, openApp, row, sidebar, urlField } from './helpers.ts'

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

/** The sizes of the updates y-indexeddb holds for the workspace. */
function storedSizes(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sendbox-workspace-default')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const all = await new Promise<Uint8Array[]>((resolve, reject) => {
      const request = db.transaction('updates').objectStore('updates').getAll()
      request.onsuccess = () => resolve(request.result as Uint8Array[])
      request.onerror = () => reject(request.error)
    })
    db.close()
    return all.map((update) => update.byteLength)
  })
}

test('a large workspace saved as one update is stored in slices after its first open', async ({ page }) => {
  // The one-doc workspace (one doc per collection switched off from the first open): a split one
  // stores each collection in a database of its own and compacts the root (collection-docs.spec.ts).
  await page.addInitScript(() => localStorage.setItem('sendbox-collection-docs', '0'))
  await openApp(page)
  // As the release before slicing left it: the whole state in one update of 4.5 MB.
  await seedWorkspace(page, makeBigWorkspace(10, 1000))
  await page.reload()
  await expect(row(page, 'Collection 10')).toBeVisible()
  // The worker rewrites it in the background: no stored update over 256 KB afterwards.
  await expect
    .poll(async () => Math.max(...(await storedSizes(page))), { timeout: 30_000 })
    .toBeLessThan(256 * 1024)
  expect((await storedSizes(page)).length).toBeGreaterThan(20)

  await newCollection(page, 'After slicing')
  await page.reload()
  await expect(row(page, 'After slicing')).toBeVisible()
  await expect(sidebar(page).getByRole('treeitem')).toHaveCount(11)
  await row(page, 'Collection 7').click()
  await expect(row(page, 'Request 7.1')).toBeVisible()
  await row(page, 'Request 7.1').click()
  await expect(urlField(page)).toHaveValue('https://api6.example.test/items/0?page=0')
})

import { expect, test, type Page } from '@playwright/test'
import { MOD, openApp, tabs, WIDTHS } from './helpers.ts'
import { ECHO, section, urlField } from './send-helpers.ts'

async function send(page: Page, path: string) {
  await urlField(page).fill(`${ECHO}${path}`)
  const relayed = page.waitForResponse((r) => r.url().endsWith('/relay'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await relayed
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
}

/** Waits until the device has stored the last results of `count` tabs (a write takes a moment). */
async function stored(page: Page, count: number) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('sendbox-last-responses')
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('responses')) return resolve(0)
              const req = db.transaction('responses').objectStore('responses').count()
              req.onsuccess = () => resolve(req.result)
            }
          }),
      ),
    )
    .toBe(count)
}

const body = (page: Page) => page.getByRole('region', { name: 'Response body' })
const note = (page: Page) => page.getByRole('note').filter({ hasText: 'restored from this device' })

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('each open tab shows its last response again after a reload', async ({ page }) => {
      await openApp(page)
      await send(page, '/json/2000')
      await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,')
      await page.keyboard.press(`${MOD}+t`)
      await expect(tabs(page)).toHaveCount(2)
      await send(page, '/get?second=1')
      await section(page, 'Params')
      await stored(page, 2)

      await page.reload()
      await expect(tabs(page)).toHaveCount(2)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      await expect(body(page)).toContainText('second')
      await tabs(page).first().click()
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,')
      await expect(note(page)).toHaveCount(0)
    })

    test('a body too big to keep is cut, and the restored response says so', async ({ page }) => {
      await openApp(page)
      await send(page, '/json/3000000')
      await expect(note(page)).toHaveCount(0)
      await stored(page, 1)
      await page.reload()
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      await expect(note(page)).toContainText(/keeps only the first 1\.05 MB of its \d\.\d\d MB body/)
      await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,')
      // A new send shows the whole response, without the note.
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(note(page)).toHaveCount(0)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
    })
  })
}

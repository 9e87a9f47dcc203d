/**
 * Deletions are purged 30 days after the delete by the sync-server's clock, not by a device clock
 * that may be far ahead (model/workspace/deleted.ts, `purgeTime`), and a device far behind stamps
 * its deletions by the server's clock once it has read it (model/workspace/clock.ts), at both
 * widths: a deletion made today survives a reload on a device 60 days ahead, while one whose mark
 * is 40 days old goes.
 */
import { expect, test } from '@playwright/test'
import { newCollection, openApp, press, row, rowMenu, WIDTHS } from './helpers.ts'
import { showSidebar, syncStatus } from './collab-helpers.ts'

const DAY = 24 * 60 * 60 * 1000

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('a device clock 60 days ahead purges nothing early; a deletion 30 days old by the server goes', async ({
      page,
    }) => {
      const deleteCollection = async (name: string) => {
        await showSidebar(page)
        await newCollection(page, name)
        await showSidebar(page)
        await rowMenu(page, name, 'Löschen')
        await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click()
        await expect(row(page, name)).toHaveCount(0)
      }
      const deletedNames = async () => {
        await showSidebar(page)
        await press(page.getByRole('button', { name: 'Recently deleted' }), use.hasTouch)
        const trash = page.getByRole('dialog', { name: 'Recently deleted' })
        await expect(trash).toBeVisible()
        return trash.getByRole('listitem')
      }

      // A device 40 days behind that has not read the server's clock marks its deletion 40 days old.
      await page.route('**/sync/time', (route) => route.abort())
      await page.clock.setFixedTime(Date.now() - 40 * DAY)
      await openApp(page)
      await deleteCollection('Old')
      await expect(syncStatus(page)).toContainText('Synced')
      // Once it has read the server's clock, the same device stamps a deletion by it: made today.
      await page.unroute('**/sync/time')
      const timeRead = page.waitForResponse((r) => r.url().endsWith('/sync/time'))
      await page.reload()
      await timeRead
      await deleteCollection('Recent')
      await expect(syncStatus(page)).toContainText('Synced')

      // The same device, now 60 days ahead: by its own clock both deletions are due.
      await page.clock.setFixedTime(Date.now() + 60 * DAY)
      await page.reload()
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      await showSidebar(page)
      await expect(syncStatus(page)).toContainText('Synced')
      const items = await deletedNames()
      // By the server's clock only `Old` is 30 days old.
      await expect(items).toHaveCount(1)
      await expect(items).toContainText('Recent')
    })
  })
}

/**
 * `Recently deleted`: `Restore`, and `Delete permanently` behind each row's `⋯` button (a second
 * step), at both widths. A permanent delete holds across a reload; the other deletion stays.
 */
import { expect, test } from '@playwright/test'
import { newCollection, openApp, press, row, rowMenu, smallTouchTargets, WIDTHS } from './helpers.ts'
import { showSidebar } from './collab-helpers.ts'

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('Delete permanently removes one deletion for good; Restore still brings back another', async ({
      page,
    }) => {
      await openApp(page)
      await showSidebar(page)
      await newCollection(page, 'Keep')
      await rowMenu(page, 'Keep', 'Hinzufügen', 'Anfrage')
      await showSidebar(page)
      await newCollection(page, 'Gone')
      for (const name of ['Gone', 'New Request']) {
        await showSidebar(page)
        await rowMenu(page, name, 'Löschen')
        await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click()
        await expect(row(page, name)).toHaveCount(0)
      }

      const openTrash = async () => {
        await showSidebar(page)
        await press(page.getByRole('button', { name: 'Recently deleted' }), use.hasTouch)
        return page.getByRole('dialog', { name: 'Recently deleted' })
      }
      let trash = await openTrash()
      await expect(trash).toContainText('Deleted items are removed for good 30 days after they were deleted.')
      await expect(trash.getByRole('listitem')).toHaveCount(2)
      const purge = trash.getByRole('button', { name: 'Delete Gone permanently' })
      await expect(purge).toHaveCount(0)
      const more = trash.getByRole('button', { name: 'More actions for Gone' })
      await press(more, use.hasTouch)
      await expect(more).toHaveAttribute('aria-expanded', 'true')
      await expect(trash).toContainText('It cannot be restored afterwards.')
      if (use.hasTouch) expect(await smallTouchTargets(page, '[role="dialog"]')).toEqual([])
      await press(purge, use.hasTouch)
      await expect(trash.getByRole('listitem')).toHaveCount(1)
      await expect(trash.getByRole('listitem')).toContainText('New Request')

      await page.reload()
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      trash = await openTrash()
      await expect(trash.getByRole('listitem')).toHaveCount(1)
      await press(trash.getByRole('button', { name: 'Restore New Request' }), use.hasTouch)
      await expect(trash.getByRole('listitem')).toHaveCount(0)
      await press(trash.getByRole('button', { name: 'Close' }), use.hasTouch)
      await showSidebar(page)
      await expect(row(page, 'Keep')).toBeVisible()
      await expect(row(page, 'Gone')).toHaveCount(0)
    })
  })
}

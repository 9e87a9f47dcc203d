/**
 * A request's `Description` in the editor: an imported Postman description shows, an edit is
 * saved with `Save` and is there after a reload (reopened from the sidebar, not the kept draft),
 * and clearing it removes it; at 1280 px and at 768 px with touch.
 */
import { expect, test, type Page } from '@playwright/test'
import { postmanCollection } from '../helpers/postman.ts'
import { activeTab, openApp, press, row, sidebar, WIDTHS } from './helpers.ts'
import { ECHO } from './send-helpers.ts'

const SHOP = JSON.stringify(
  postmanCollection('Docs Shop', [
    {
      name: 'List orders',
      request: { method: 'GET', url: `${ECHO}/get`, description: 'Lists **all** orders.\n\nPaged by 50.' },
    },
  ]),
)

async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

async function openRequest(page: Page, touch: boolean) {
  await showSidebar(page)
  await press(row(page, 'List orders'), touch)
  await expect(activeTab(page)).toHaveAccessibleName('List orders')
  await press(page.getByRole('tab', { name: 'Description', exact: true }), touch)
  return page.getByRole('textbox', { name: 'Description', exact: true })
}

async function closeActiveTab(page: Page, touch: boolean) {
  await press(activeTab(page).getByRole('button'), touch)
  await expect(page.getByRole('tab', { name: 'List orders' })).toHaveCount(0)
}

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use(options)
    const touch = options.hasTouch
    const pageErrors: string[] = []
    test.beforeEach(async ({ page }) => {
      pageErrors.length = 0
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await openApp(page)
      await showSidebar(page)
      await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
      const importing = page.getByRole('dialog', { name: 'Import', exact: true })
      const chooser = page.waitForEvent('filechooser')
      await press(importing.getByRole('button', { name: 'Choose files', exact: true }), touch)
      await (
        await chooser
      ).setFiles([
        { name: 'shop.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(SHOP) },
      ])
      await press(importing.getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, 'Docs Shop')).toBeVisible()
      const expand = row(page, 'Docs Shop')
      if ((await expand.getAttribute('aria-expanded')) !== 'true') await press(expand, touch)
    })
    test.afterEach(() => expect(pageErrors).toEqual([]))

    test('shows the imported description; an edit is saved, kept over a reload, and can be cleared', async ({
      page,
    }) => {
      let field = await openRequest(page, touch)
      await expect(field).toHaveValue('Lists **all** orders.\n\nPaged by 50.')
      const box = (await field.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(40)
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)

      await field.fill('Edited notes\n\nfor the team')
      await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'true')
      await press(page.getByRole('button', { name: 'Save', exact: true }), touch)
      await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')

      await page.reload()
      await expect(activeTab(page)).toHaveAccessibleName('List orders')
      await closeActiveTab(page, touch)
      field = await openRequest(page, touch)
      await expect(field).toHaveValue('Edited notes\n\nfor the team')

      await field.fill('')
      await press(page.getByRole('button', { name: 'Save', exact: true }), touch)
      await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')
      await page.reload()
      await expect(activeTab(page)).toHaveAccessibleName('List orders')
      await closeActiveTab(page, touch)
      field = await openRequest(page, touch)
      await expect(field).toHaveValue('')
    })
  })
}

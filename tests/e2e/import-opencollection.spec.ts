/** The Import dialog with an OpenCollection (Bruno YAML) folder: preview, environments, what is skipped, import. */
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { openApp, press, row, sidebar, WIDTHS } from './helpers.ts'

const SHOP = resolve(import.meta.dirname, '../fixtures/import/opencollection/shop')
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import', exact: true })
const preview = (page: Page) => dialog(page).getByRole('region', { name: 'What will be imported' })

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use(options)
    const touch = options.hasTouch

    test('a chosen OpenCollection folder is previewed with its environments and imported', async ({
      page,
    }) => {
      const pageErrors: string[] = []
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await openApp(page)
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
      const root = join(mkdtempSync(join(tmpdir(), 'import-oc-')), 'shop')
      cpSync(SHOP, root, { recursive: true })
      await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
      const chooser = page.waitForEvent('filechooser')
      await press(dialog(page).getByRole('button', { name: 'Choose folder', exact: true }), touch)
      await (await chooser).setFiles(root)
      await expect(preview(page)).toContainText('Format: OpenCollection YAML')
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText(
        'Shop API: 7 requests, 1 folder',
      )
      await expect(
        preview(page).getByRole('list', { name: 'Environments' }).getByRole('listitem'),
      ).toHaveText(['Local: 3 variables', 'Prod: 2 variables'])
      // The requests' examples are imported (saved responses), so only the rest is listed as skipped.
      const skipped = preview(page).getByRole('list', { name: '5 items skipped' })
      await expect(skipped).toContainText('websocket request of request "Live"')
      await expect(skipped).not.toContainText('examples of request')
      await expect(row(page, 'Shop API')).toHaveCount(0)
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(dialog(page)).toHaveCount(0)
      await expect(row(page, 'Shop API')).toBeVisible()
      expect(pageErrors).toEqual([])
    })
  })
}

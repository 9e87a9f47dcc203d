import { expect, test } from '@playwright/test'
import { activeTab, openApp, press, tabs, urlField, WIDTHS } from './helpers.ts'

for (const [width, use] of WIDTHS) {
  test.describe(`the Save button at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('a visible Save button with an icon saves a new request, then saves in place', async ({
      page,
      hasTouch,
    }) => {
      const save = page.getByRole('button', { name: 'Save', exact: true })
      await expect(save).toBeVisible()
      await expect(save.locator('svg')).toBeVisible()
      const box = await save.boundingBox()
      const viewport = page.viewportSize()!
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
      expect(box!.height).toBeGreaterThanOrEqual(40)
      expect(box!.width).toBeGreaterThanOrEqual(40)

      await urlField(page).fill('https://shop.test/orders')
      await press(save, hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await expect(dialog).toBeVisible()
      await press(dialog.getByRole('button', { name: 'New Collection' }), hasTouch)
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Orders')
      await press(dialog.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      await expect(dialog).toHaveCount(0)
      await expect(activeTab(page)).toHaveAccessibleName('Orders')
      await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')

      await urlField(page).fill('https://shop.test/orders?page=2')
      await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'true')
      await press(save, hasTouch)
      await expect(dialog).toHaveCount(0)
      await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')
      await expect(tabs(page)).toHaveCount(1)
    })

    test('a long request name never pushes the Save button off the screen', async ({ page }) => {
      await urlField(page).fill(`https://api.example.test/${'very-long-path-segment/'.repeat(12)}items`)
      const save = page.getByRole('button', { name: 'Save', exact: true })
      await expect(save).toBeVisible()
      const box = await save.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      )
    })
  })
}

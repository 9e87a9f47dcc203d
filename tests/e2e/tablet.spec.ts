import { expect, test, type Page } from '@playwright/test'
import { newCollection, openApp, row, tabs, urlField } from './helpers.ts'

/** Every visible control a finger can hit is at least 40 px in both directions (inputs: tall). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, select, input, [role="tab"], [role="treeitem"]',
    )) {
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      const isCheckbox = el instanceof HTMLInputElement && el.type === 'checkbox'
      if (isCheckbox) continue
      const wide =
        el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el.getAttribute('role')
      if (rect.height < 40 || (!wide && rect.width < 40)) {
        small.push(
          `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent} ${rect.width}x${rect.height}`,
        )
      }
    }
    return small
  })
}

for (const [orientation, viewport] of [
  ['portrait', { width: 768, height: 1024 }],
  ['landscape', { width: 1024, height: 768 }],
] as const) {
  test.describe(`tablet ${orientation}`, () => {
    test.use({ viewport, hasTouch: true, isMobile: false })

    test('layout fits, touch targets are at least 40 px', async ({ page }) => {
      await openApp(page)
      const sidebarToggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await sidebarToggle.getAttribute('aria-expanded')) === 'false') await sidebarToggle.click()
      await newCollection(page, 'Tablet API')
      expect(await smallTargets(page)).toEqual([])
      if (viewport.width < 900) await sidebarToggle.click()
      const url = await urlField(page).boundingBox()
      expect(url?.width ?? 0).toBeGreaterThan(300)
      expect((url?.x ?? 0) + (url?.width ?? 0)).toBeLessThanOrEqual(viewport.width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      expect(await smallTargets(page)).toEqual([])
    })

    test('a long press opens the tab and sidebar context menus', async ({ page }) => {
      await openApp(page)
      const box = await tabs(page).first().boundingBox()
      if (!box) throw new Error('no tab')
      const at = {
        clientX: box.x + 20,
        clientY: box.y + 10,
        pointerType: 'touch',
        isPrimary: true,
        bubbles: true,
      }
      await tabs(page).first().dispatchEvent('pointerdown', at)
      await expect(page.getByRole('menu')).toBeVisible()
      await expect(page.getByRole('menuitem', { name: 'Duplicate Tab' })).toBeVisible()
      await page.keyboard.press('Escape')

      const sidebarToggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await sidebarToggle.getAttribute('aria-expanded')) === 'false') await sidebarToggle.click()
      await newCollection(page, 'Touch')
      const rowBox = await row(page, 'Touch').boundingBox()
      if (!rowBox) throw new Error('no row')
      await row(page, 'Touch').dispatchEvent('pointerdown', {
        ...at,
        clientX: rowBox.x + 30,
        clientY: rowBox.y + 10,
      })
      await expect(page.getByRole('menuitem', { name: 'Hinzufügen' })).toBeVisible()
    })
  })
}

import { expect, test, type Page } from '@playwright/test'
import { newCollection, openApp, rowMenu, WIDTHS } from './helpers.ts'
import { ECHO, section, urlField } from './send-helpers.ts'

/**
 * Symbols a font may lack (Debian's Chromium drew `＋`, the trash and the clock as empty boxes):
 * arrows, technical and geometric shapes, dingbats, fullwidth forms, emoji, `×` and `›`.
 */
const GLYPH = /[\u00d7\u203a\u2190-\u2bff\uff01-\uff5e\u{1f300}-\u{1faff}]/u

/** Every visible icon control: no glyph text, an SVG inside, and an accessible name. */
async function iconProblems(page: Page): Promise<string[]> {
  return page.evaluate((glyph) => {
    const problems: string[] = []
    const pattern = new RegExp(glyph, 'u')
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('.monaco-editor, input, textarea')) continue
      if (parent.getClientRects().length === 0) continue
      if (pattern.test(node.textContent ?? '')) problems.push(`glyph text: ${node.textContent}`)
    }
    for (const button of document.querySelectorAll<HTMLElement>('.icon-button')) {
      if (button.getClientRects().length === 0 || getComputedStyle(button).visibility === 'hidden') continue
      const name = button.getAttribute('aria-label') ?? ''
      if (!name.trim()) problems.push(`unnamed icon button: ${button.outerHTML.slice(0, 80)}`)
      if (!button.querySelector('svg') && !(button.textContent ?? '').trim()) {
        problems.push(`empty icon button: ${name}`)
      }
      if (button.querySelector('svg') && (button.textContent ?? '').trim()) {
        problems.push(`icon button with glyph text: ${name} ${button.textContent}`)
      }
    }
    return problems
  }, GLYPH.source)
}

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('icons are SVGs with accessible names, never font glyphs', async ({ page }) => {
      await openApp(page)
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
      await newCollection(page, 'Icons')
      await rowMenu(page, 'Icons', 'Hinzufügen', 'Ordner')
      await expect(page.getByRole('treeitem', { name: 'New Folder' })).toBeVisible()
      for (const name of ['New Collection', 'More actions for Icons', 'Toggle sidebar', 'Settings']) {
        const button = page.getByRole('button', { name, exact: true }).first()
        await expect(button.locator('svg')).toBeVisible()
      }
      expect(await iconProblems(page)).toEqual([])
      if (use.hasTouch) await toggle.click()

      await urlField(page).fill(`${ECHO}/get?a=1`)
      await section(page, 'Params')
      await expect(page.getByRole('button', { name: 'Remove a' }).locator('svg')).toBeVisible()
      await section(page, 'Headers')
      await expect(page.getByRole('img', { name: /User-Agent/ })).toBeVisible()
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(page.getByText('200', { exact: false }).first()).toBeVisible()
      expect(await iconProblems(page)).toEqual([])

      await page.getByRole('button', { name: 'Variables', exact: true }).click()
      const table = page.getByRole('table', { name: 'Global' })
      const key = table.getByRole('textbox', { name: 'Variable (new)' })
      await key.fill('token')
      await key.press('Enter')
      await table.getByRole('checkbox', { name: 'Secret: token' }).check()
      await expect(table.getByRole('button', { name: 'Remove variable token' }).locator('svg')).toBeVisible()
      expect(await iconProblems(page)).toEqual([])
    })
  })
}

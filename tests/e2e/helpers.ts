import { expect, type Locator, type Page } from '@playwright/test'

export async function openApp(page: Page): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Collections' })
}

export function row(page: Page, name: string): Locator {
  return sidebar(page).getByRole('treeitem', { name, exact: true })
}

export async function rowMenu(page: Page, name: string, ...path: string[]): Promise<void> {
  await page.getByRole('button', { name: `More actions for ${name}`, exact: true }).click()
  for (const item of path) await page.getByRole('menuitem', { name: item, exact: true }).click()
}

/** Creates a collection through the sidebar and names it. */
export async function newCollection(page: Page, name: string): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'New Collection', exact: true }).click()
  const field = sidebar(page).getByRole('textbox', { name: 'Umbenennen' })
  await field.fill(name)
  await field.press('Enter')
  await expect(row(page, name)).toBeVisible()
}

export async function renameRow(page: Page, from: string, to: string): Promise<void> {
  await rowMenu(page, from, 'Umbenennen')
  const field = sidebar(page).getByRole('textbox', { name: 'Umbenennen' })
  await field.fill(to)
  await field.press('Enter')
  await expect(row(page, to)).toBeVisible()
}

export function tabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab')
}

export function activeTab(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab', { selected: true })
}

export const urlField = (page: Page): Locator => page.getByRole('textbox', { name: 'URL', exact: true })

/** Ctrl, or Meta on a Mac; the test browser runs on Linux. */
export const MOD = 'Control'

/** Visible controls a finger can hit that are under 40 px (inputs and tabs only need the height). */
export async function smallTouchTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = []
    const root = document.querySelector(selector) ?? document.body
    for (const el of root.querySelectorAll<HTMLElement>(
      'button, select, input, [role="tab"], [role="treeitem"], [role="menuitem"]',
    )) {
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      if (el instanceof HTMLInputElement && el.type === 'checkbox') continue
      const wide =
        el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el.getAttribute('role')
      if (rect.height < 40 || (!wide && rect.width < 40)) {
        small.push(
          `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent} ${rect.width}x${rect.height}`,
        )
      }
    }
    return small
  }, within)
}

/** The two ways the first-minutes tests are run: a desktop window, and a 768 px touch tablet. */
export const WIDTHS = [
  ['1280 px', { viewport: { width: 1280, height: 800 }, hasTouch: false }],
  ['768 px touch', { viewport: { width: 768, height: 1024 }, hasTouch: true }],
] as const

/** A tap on a touch screen, a click elsewhere. */
export async function press(locator: Locator, touch: boolean): Promise<void> {
  if (touch) await locator.tap()
  else await locator.click()
}

import { expect, test, type Page } from '@playwright/test'
import { activeTab, MOD, openApp, tabs, urlField } from './helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

const tabMenu = async (page: Page, index: number, item: string) => {
  await tabs(page).nth(index).click({ button: 'right' })
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

const typeUrl = async (page: Page, url: string) => {
  await urlField(page).fill(url)
  await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'true')
}

test('a fresh start opens one HTTP tab', async ({ page }) => {
  await expect(tabs(page)).toHaveCount(1)
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('GET')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
})

test('+ opens HTTP and GraphQL tabs; GraphQL is preset to POST', async ({ page }) => {
  await page.getByRole('button', { name: 'New request' }).click()
  await page.getByRole('menuitem', { name: 'GraphQL' }).click()
  await expect(tabs(page)).toHaveCount(2)
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('POST')
  await page.getByRole('button', { name: 'New request' }).click()
  await page.getByRole('menuitem', { name: 'HTTP' }).click()
  await expect(tabs(page)).toHaveCount(3)
  await expect(tabs(page).nth(2)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('GET')
})

test('Ctrl+T opens an HTTP tab', async ({ page }) => {
  await urlField(page).click()
  await page.keyboard.press(`${MOD}+t`)
  await expect(tabs(page)).toHaveCount(2)
  await expect(tabs(page).nth(1)).toHaveAttribute('aria-selected', 'true')
})

test('a dot replaces the close symbol while a tab has unsaved changes', async ({ page }) => {
  const close = activeTab(page).getByRole('button')
  await expect(close).toHaveAttribute('data-dirty', 'false')
  await expect(close.locator('svg.lucide-x')).toBeVisible()
  await typeUrl(page, 'https://api.example.test/users')
  await expect(close).toHaveAttribute('data-dirty', 'true')
  await expect(close.locator('svg.lucide-circle')).toBeVisible()
  // An unnamed request takes its name from its URL.
  await expect(activeTab(page)).toHaveAccessibleName('api.example.test/users')
})

test('tab menu: New Tab, Duplicate Tab, Close Others, Close Tab, Close All Tabs', async ({ page }) => {
  await typeUrl(page, 'https://a.test/one')
  await tabMenu(page, 0, 'New Tab')
  await expect(tabs(page)).toHaveCount(2)
  await urlField(page).fill('https://b.test/two')

  await tabMenu(page, 0, 'Duplicate Tab')
  await expect(tabs(page)).toHaveCount(3)
  // The copy sits next to the original, is active, and is unsaved.
  await expect(tabs(page).nth(1)).toHaveAccessibleName('a.test/one')
  await expect(tabs(page).nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(tabs(page).nth(1).getByRole('button')).toHaveAttribute('data-dirty', 'true')
  await expect(tabs(page).nth(2)).toHaveAccessibleName('b.test/two')

  // The closing tabs have unsaved changes: closing asks first (see unsaved-close.spec.ts).
  await tabMenu(page, 2, 'Close Others')
  await page.getByRole('button', { name: "Don't save" }).click()
  await expect(tabs(page)).toHaveCount(1)
  await expect(tabs(page).first()).toHaveAccessibleName('b.test/two')

  await tabMenu(page, 0, 'New Tab')
  await tabMenu(page, 0, 'Close Tab')
  await page.getByRole('button', { name: "Don't save" }).click()
  await expect(tabs(page)).toHaveCount(1)
  await expect(tabs(page).first()).toHaveAccessibleName('Untitled Request')

  await tabMenu(page, 0, 'New Tab')
  await tabMenu(page, 1, 'Close All Tabs')
  await expect(tabs(page)).toHaveCount(0)
})

test('the close button closes a tab', async ({ page }) => {
  await page.keyboard.press(`${MOD}+t`)
  await expect(tabs(page)).toHaveCount(2)
  await activeTab(page)
    .getByRole('button', { name: /^Close / })
    .click()
  await expect(tabs(page)).toHaveCount(1)
})

test('Alle Tabs lists, searches and closes all into a fresh request', async ({ page }) => {
  await typeUrl(page, 'https://shop.test/orders')
  await page.keyboard.press(`${MOD}+t`)
  await urlField(page).fill('https://shop.test/customers')
  await page.keyboard.press(`${MOD}+t`)
  await urlField(page).fill('https://auth.test/token')

  await page.getByRole('button', { name: 'Alle Tabs' }).click()
  const dialog = page.getByRole('dialog', { name: 'Alle Tabs' })
  const list = dialog.getByRole('list', { name: 'Alle Tabs' }).getByRole('button')
  await expect(list).toHaveCount(3)
  await dialog.getByRole('searchbox', { name: 'Search tabs' }).fill('shop')
  await expect(list).toHaveCount(2)
  await dialog.getByRole('searchbox', { name: 'Search tabs' }).fill('customers')
  await expect(list).toHaveCount(1)
  await list.first().click()
  await expect(dialog).toHaveCount(0)
  await expect(urlField(page)).toHaveValue('https://shop.test/customers')

  await page.getByRole('button', { name: 'Alle Tabs' }).click()
  await page.getByRole('button', { name: 'Alle schließen' }).click()
  await page.getByRole('button', { name: "Don't save" }).click()
  await expect(tabs(page)).toHaveCount(1)
  await expect(urlField(page)).toHaveValue('')
  await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')
})

test('tabs reorder by drag and drop', async ({ page }) => {
  await typeUrl(page, 'https://one.test/')
  await page.keyboard.press(`${MOD}+t`)
  await urlField(page).fill('https://two.test/')
  await page.keyboard.press(`${MOD}+t`)
  await urlField(page).fill('https://three.test/')
  const names = () => tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))
  await expect.poll(names).toEqual(['one.test', 'two.test', 'three.test'])

  const third = tabs(page).nth(2)
  const first = tabs(page).nth(0)
  const box = await first.boundingBox()
  if (!box) throw new Error('no tab box')
  await third.dragTo(first, { targetPosition: { x: 4, y: box.height / 2 } })
  await expect.poll(names).toEqual(['three.test', 'one.test', 'two.test'])

  await tabs(page)
    .nth(0)
    .dragTo(tabs(page).nth(2), { targetPosition: { x: box.width - 4, y: box.height / 2 } })
  await expect.poll(names).toEqual(['one.test', 'two.test', 'three.test'])
})

import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { newCollection, openApp, row, sidebar, urlField, WIDTHS } from './helpers.ts'

/** Two tabs of the app in one browser: one context, so they share IndexedDB. */
async function twoTabs(context: BrowserContext): Promise<[Page, Page]> {
  const first = await context.newPage()
  await openApp(first)
  const second = await context.newPage()
  await openApp(second)
  return [first, second]
}

async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
}

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('an edit in one tab of the app shows in the other at once', async ({ context }) => {
      const [a, b] = await twoTabs(context)
      await showSidebar(a)
      await showSidebar(b)

      // The workspace: a new collection, then its rename.
      await newCollection(a, 'Shared API')
      await expect(row(b, 'Shared API')).toBeVisible()

      // The device: the draft typed in one tab.
      await urlField(a).fill('https://api.example.test/shared')
      await expect(urlField(b)).toHaveValue('https://api.example.test/shared')

      // The active environment.
      await b.getByRole('button', { name: 'Variables', exact: true }).click()
      await b.getByRole('tab', { name: 'Environment', exact: true }).click()
      await b.getByRole('button', { name: 'New Environment' }).click()
      await b.getByRole('textbox', { name: 'Environment name' }).fill('Staging')
      await b.getByRole('textbox', { name: 'Environment name' }).press('Enter')
      await b.getByRole('button', { name: 'Close', exact: true }).click()
      const environmentA = a.getByRole('combobox', { name: 'Environment' })
      await expect(environmentA.getByRole('option', { name: 'Staging' })).toHaveCount(1)
      await environmentA.selectOption({ label: 'Staging' })
      const environmentB = b.getByRole('combobox', { name: 'Environment' })
      await expect(environmentB).toHaveValue(await environmentA.inputValue())
      await expect(environmentB).not.toHaveValue('')

      // Settings.
      await b.getByRole('button', { name: 'Settings', exact: true }).click()
      const formatB = b
        .getByRole('dialog', { name: 'Settings' })
        .getByRole('checkbox', { name: 'JSON beim Senden automatisch formatieren' })
      await expect(formatB).not.toBeChecked()
      await a.getByRole('button', { name: 'Settings', exact: true }).click()
      await a
        .getByRole('dialog', { name: 'Settings' })
        .getByRole('checkbox', { name: 'JSON beim Senden automatisch formatieren' })
        .check()
      await expect(formatB).toBeChecked()
      await expect(sidebar(b)).toBeVisible()
    })

    test('a tab opened later sees what the open one had written', async ({ context }) => {
      const first = await context.newPage()
      await openApp(first)
      await showSidebar(first)
      await newCollection(first, 'Before')
      const second = await context.newPage()
      await openApp(second)
      await showSidebar(second)
      await expect(row(second, 'Before')).toBeVisible()
      await newCollection(second, 'After')
      await expect(row(first, 'After')).toBeVisible()
    })
  })
}

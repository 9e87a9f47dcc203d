import { expect, test, type Page } from '@playwright/test'
import { openApp, press, WIDTHS } from './helpers.ts'
import { ECHO, preRequestScript, urlField } from './send-helpers.ts'

const responseTab = (page: Page, name: RegExp) =>
  page.getByRole('tablist', { name: 'Response sections' }).getByRole('tab', { name })

for (const [width, use] of WIDTHS) {
  test.describe(`test results at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('a run whose post-response script threw is never summarised as passed', async ({
      page,
      hasTouch,
    }) => {
      await urlField(page).fill(`${ECHO}/get`)
      await preRequestScript(page, "svc.test('before', () => {}); undefinedFn();", 'Post Response')
      await press(page.getByRole('button', { name: 'Send', exact: true }), hasTouch)
      await press(responseTab(page, /^Test results/), hasTouch)
      await expect(page.getByText('1 / 1 bestanden')).toBeVisible()
      await expect(page.getByText(/^Skript-Fehler: .*undefinedFn/)).toBeVisible()
      const badge = page.locator('.test-summary .badge')
      await expect(badge).toHaveText('Skript-Fehler')
      await expect(badge).toHaveClass(/badge-fail/)
      await expect(page.getByText('All passed')).toHaveCount(0)
    })

    test('an earlier run whose script threw says so, and is not summarised as passed', async ({
      page,
      hasTouch,
    }) => {
      await urlField(page).fill(`${ECHO}/get`)
      await press(page.getByRole('button', { name: 'Save', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await press(dialog.getByRole('button', { name: 'New Collection' }), hasTouch)
      await press(dialog.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      await expect(dialog).toHaveCount(0)
      await preRequestScript(page, "svc.test('before', () => {}); undefinedFn();", 'Post Response')
      await press(page.getByRole('button', { name: 'Send', exact: true }), hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toBeVisible()

      await press(page.getByRole('button', { name: 'Frühere Ausführungen' }), hasTouch)
      await press(page.getByRole('menuitem').first(), hasTouch)
      const past = page.locator('.past-run')
      await expect(past).toBeVisible()
      await expect(past.getByText('1 / 1 bestanden')).toBeVisible()
      await expect(past.locator('.badge')).toHaveText('Skript-Fehler')
      await expect(past.getByText(/^Skript-Fehler: .*undefinedFn/)).toBeVisible()
    })
  })
}

import { expect, test, type Page } from '@playwright/test'
import { activeTab, MOD, openApp, press, smallTouchTargets, tabs, urlField, WIDTHS } from './helpers.ts'
import { ECHO, section } from './send-helpers.ts'

const unsaved = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' })
const tabMenu = async (page: Page, index: number, item: string) => {
  await tabs(page).nth(index).click({ button: 'right' })
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

/** Ctrl+T, a URL and a header: the first minute of a new user. */
async function draft(page: Page, path: string) {
  await urlField(page).click()
  await page.keyboard.press(`${MOD}+t`)
  await urlField(page).fill(`${ECHO}${path}`)
  await section(page, 'Headers')
  await page.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-Draft')
  await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'true')
}

for (const [width, use] of WIDTHS) {
  test.describe(`unsaved changes at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test("closing a tab with unsaved changes asks: Cancel keeps it, Don't save closes it", async ({
      page,
      hasTouch,
    }) => {
      await draft(page, '/get?draft=1')
      await expect(tabs(page)).toHaveCount(2)
      await press(activeTab(page).getByRole('button', { name: /^Close / }), hasTouch)
      const dialog = unsaved(page)
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText('127.0.0.1')
      await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible()
      await expect(dialog.getByRole('button', { name: "Don't save" })).toBeVisible()
      if (hasTouch) expect(await smallTouchTargets(page, 'dialog')).toEqual([])

      await press(dialog.getByRole('button', { name: 'Cancel' }), hasTouch)
      await expect(dialog).toHaveCount(0)
      await expect(tabs(page)).toHaveCount(2)
      await expect(urlField(page)).toHaveValue(`${ECHO}/get?draft=1`)
      await expect(page.getByRole('textbox', { name: 'Headers Key 1' })).toHaveValue('X-Draft')

      await press(activeTab(page).getByRole('button', { name: /^Close / }), hasTouch)
      await press(unsaved(page).getByRole('button', { name: "Don't save" }), hasTouch)
      await expect(tabs(page)).toHaveCount(1)
      // The remaining tab shows: the main area is never left blank.
      await expect(urlField(page)).toBeVisible()
      await expect(urlField(page)).toHaveValue('')

      // A tab without changes closes without a question; with none left, the main area offers a new one.
      await press(activeTab(page).getByRole('button', { name: /^Close / }), hasTouch)
      await expect(unsaved(page)).toHaveCount(0)
      await expect(tabs(page)).toHaveCount(0)
      await press(page.getByRole('main').getByRole('button', { name: 'New Tab' }), hasTouch)
      await expect(urlField(page)).toBeVisible()
    })

    test('Save in the question saves a new request through Anfrage speichern, then closes', async ({
      page,
      hasTouch,
    }) => {
      await draft(page, '/get?keep=me')
      await press(activeTab(page).getByRole('button', { name: /^Close / }), hasTouch)
      await press(unsaved(page).getByRole('button', { name: 'Save', exact: true }), hasTouch)
      const save = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await expect(save).toBeVisible()
      await press(save.getByRole('button', { name: 'New Collection' }), hasTouch)
      await save.getByRole('textbox', { name: 'Anfragename' }).fill('Kept')
      await press(save.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      await expect(save).toHaveCount(0)
      await expect(tabs(page)).toHaveCount(1)
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await press(toggle, hasTouch)
      await expect(page.getByRole('treeitem', { name: 'Kept' })).toBeVisible()
    })

    test("Close Others, Close All Tabs and Alle schließen ask too; Don't save and Save close", async ({
      page,
      hasTouch,
    }) => {
      await draft(page, '/get?one')
      await draft(page, '/get?two')
      await expect(tabs(page)).toHaveCount(3)

      await tabMenu(page, 0, 'Close Others')
      await expect(unsaved(page)).toContainText('2 tabs have unsaved changes')
      await press(unsaved(page).getByRole('button', { name: 'Cancel' }), hasTouch)
      await expect(tabs(page)).toHaveCount(3)

      await tabMenu(page, 0, 'Close All Tabs')
      await expect(unsaved(page)).toBeVisible()
      await press(unsaved(page).getByRole('button', { name: 'Cancel' }), hasTouch)
      await expect(tabs(page)).toHaveCount(3)

      await press(page.getByRole('button', { name: 'Alle Tabs' }), hasTouch)
      await press(page.getByRole('button', { name: 'Alle schließen' }), hasTouch)
      await expect(unsaved(page)).toBeVisible()
      await press(unsaved(page).getByRole('button', { name: 'Cancel' }), hasTouch)
      await expect(tabs(page)).toHaveCount(3)

      await tabMenu(page, 2, 'Close Others')
      await press(unsaved(page).getByRole('button', { name: "Don't save" }), hasTouch)
      await expect(tabs(page)).toHaveCount(1)
      await expect(urlField(page)).toHaveValue(`${ECHO}/get?two`)

      await press(page.getByRole('button', { name: 'Alle Tabs' }), hasTouch)
      await press(page.getByRole('button', { name: 'Alle schließen' }), hasTouch)
      await press(unsaved(page).getByRole('button', { name: "Don't save" }), hasTouch)
      await expect(tabs(page)).toHaveCount(1)
      await expect(urlField(page)).toHaveValue('')
    })

    test('closing the window with unsaved changes asks; the draft survives a reload', async ({ page }) => {
      await draft(page, '/get?survives=1')
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.type())
          void dialog.accept()
        }),
      )
      await page.reload()
      expect(await asked).toBe('beforeunload')
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      await expect(tabs(page)).toHaveCount(2)
      await expect(urlField(page)).toHaveValue(`${ECHO}/get?survives=1`)
      await section(page, 'Headers')
      await expect(page.getByRole('textbox', { name: 'Headers Key 1' })).toHaveValue('X-Draft')
    })
  })
}

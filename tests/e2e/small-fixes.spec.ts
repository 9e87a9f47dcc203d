/** The smaller defects a new user met in the first minutes, each at 1280 px and at 768 px with touch. */
import { expect, test, type Page } from '@playwright/test'
import { MOD, activeTab, newCollection, openApp, row, rowMenu, sidebar, tabs, WIDTHS } from './helpers.ts'
import { ECHO, section, urlField } from './send-helpers.ts'

async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
}

async function hideSidebarOnTablet(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((page.viewportSize()?.width ?? 0) < 900 && (await toggle.getAttribute('aria-expanded')) === 'true') {
    await toggle.click()
  }
}

async function send(page: Page, path: string, status: string) {
  await urlField(page).fill(`${ECHO}${path}`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByLabel('Status', { exact: true })).toHaveText(status)
}

/** A request saved into a new collection `name` through `Anfrage speichern`, named there. */
async function saveIntoNewCollection(page: Page, collection: string, url: string) {
  await urlField(page).fill(url)
  await page.keyboard.press(`${MOD}+s`)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await dialog.getByRole('button', { name: 'New Collection', exact: true }).click()
  const name = dialog.getByRole('textbox', { name: 'Collection name' })
  await expect(name).toBeFocused()
  await page.keyboard.type(collection)
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('treeitem', { name: collection })).toHaveAttribute('aria-selected', 'true')
  await dialog.getByRole('button', { name: 'Hier speichern' }).click()
  await expect(dialog).toHaveCount(0)
}

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('the Header tab and the size breakdown give the same header size', async ({ page }) => {
      await send(page, '/get', '200 OK')
      await page.getByRole('button', { name: /^Size:/ }).hover()
      const breakdown = page.getByRole('tooltip', { name: 'Size breakdown' })
      const headers = (await breakdown.locator('dd').first().textContent())?.replace(/^.*: /, '')
      await page
        .getByRole('tablist', { name: 'Response sections' })
        .getByRole('tab', { name: /^Header/ })
        .click()
      await expect(page.getByText(/^\d+ headers, /)).toHaveText(new RegExp(`, ${headers}$`))
    })

    test('New Collection in the save dialog is named there', async ({ page }) => {
      await saveIntoNewCollection(page, 'Billing', `${ECHO}/get`)
      await showSidebar(page)
      await expect(row(page, 'Billing')).toBeVisible()
    })

    test('a deleted request closes its tab; one with unsaved edits stays, marked deleted', async ({
      page,
    }) => {
      await saveIntoNewCollection(page, 'Orders', `${ECHO}/anything/a`)
      await page.keyboard.press(`${MOD}+t`)
      await saveIntoNewCollection(page, 'Drafts', `${ECHO}/anything/b`)
      await urlField(page).fill(`${ECHO}/anything/b-edited`)
      await expect(tabs(page)).toHaveCount(2)
      await showSidebar(page)
      await rowMenu(page, 'Orders', 'Löschen')
      await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click()
      await expect(tabs(page)).toHaveCount(1)
      await rowMenu(page, 'Drafts', 'Löschen')
      await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click()
      await expect(row(page, 'Drafts')).toHaveCount(0)
      await expect(tabs(page)).toHaveCount(1)
      await expect(activeTab(page)).toContainText('deleted')
      await expect(urlField(page)).toHaveValue(`${ECHO}/anything/b-edited`)
      // Save then asks where to keep it.
      await hideSidebarOnTablet(page)
      await urlField(page).click()
      await page.keyboard.press(`${MOD}+s`)
      await expect(page.getByRole('dialog', { name: 'Anfrage speichern' })).toBeVisible()
    })

    test('duplicating twice gives Copy and Copy 2', async ({ page }) => {
      await showSidebar(page)
      await newCollection(page, 'API')
      await rowMenu(page, 'API', 'Duplizieren')
      await rowMenu(page, 'API', 'Duplizieren')
      await expect(row(page, 'API Copy')).toBeVisible()
      await expect(row(page, 'API Copy 2')).toBeVisible()
    })

    test('a new variable row appears with the first key typed', async ({ page }) => {
      await page.getByRole('button', { name: 'Variables', exact: true }).click()
      const table = page.getByRole('table', { name: 'Global' })
      await table.getByRole('textbox', { name: 'Variable (new)' }).click()
      await page.keyboard.type('token')
      // Still typing, nothing left: the row is there and holds the whole key.
      await expect(table.getByRole('checkbox', { name: /^Secret: t/ })).toBeVisible()
      await expect(page.locator(':focus')).toHaveValue('token')
      await expect(table.getByRole('textbox', { name: 'Variable (new)' })).toHaveValue('')
      await page.keyboard.press('Tab')
      await expect(table.getByRole('textbox', { name: 'Variable token' })).toHaveValue('token')
    })

    test('the tree keeps its open folders over a reload', async ({ page }) => {
      await showSidebar(page)
      await newCollection(page, 'Kept')
      await rowMenu(page, 'Kept', 'Hinzufügen', 'Ordner')
      await expect(row(page, 'New Folder')).toBeVisible()
      await rowMenu(page, 'New Folder', 'Hinzufügen', 'Anfrage')
      await showSidebar(page)
      await expect(sidebar(page).getByRole('treeitem', { name: 'New Request' })).toBeVisible()
      await page.reload()
      await showSidebar(page)
      await expect(row(page, 'Kept')).toHaveAttribute('aria-expanded', 'true')
      await expect(row(page, 'New Folder')).toHaveAttribute('aria-expanded', 'true')
      await expect(sidebar(page).getByRole('treeitem', { name: 'New Request' })).toBeVisible()
    })

    test('a {{variable}} in the URL leaves the method and Send their height', async ({ page }) => {
      const method = page.getByRole('combobox', { name: 'Method' })
      const sendButton = page.getByRole('button', { name: 'Send', exact: true })
      const before = [(await method.boundingBox())!.height, (await sendButton.boundingBox())!.height]
      await urlField(page).fill('{{base}}/users')
      await expect(page.locator('.url-var-chip')).toBeVisible()
      expect([(await method.boundingBox())!.height, (await sendButton.boundingBox())!.height]).toEqual(before)
    })

    test('after Explain the request sections are not clipped', async ({ page }) => {
      await send(page, '/status/401', '401 Unauthorized')
      await page.getByRole('button', { name: 'Explain', exact: true }).click()
      await expect(page.getByRole('region', { name: 'Explanation' })).toContainText('Sendbox explains')
      const strip = page.getByRole('tablist', { name: 'Request sections' })
      const params = strip.getByRole('tab', { name: /^Params/ })
      const [stripBox, tabBox] = [await strip.boundingBox(), await params.boundingBox()]
      expect(stripBox!.height).toBeGreaterThanOrEqual(tabBox!.height)
      expect(tabBox!.height).toBeGreaterThanOrEqual(40)
    })

    test('form-data: the value input has room, the file button stays inside', async ({ page }) => {
      await page.setViewportSize({ width: use.hasTouch ? 768 : 1440, height: 1000 })
      await section(page, 'Body')
      await page.getByText('Form-data', { exact: true }).click()
      await page.getByRole('textbox', { name: 'Form-data Key 1' }).fill('title')
      const type = page.getByRole('combobox', { name: 'Row type title' })
      const value = page.getByRole('textbox', { name: 'Form-data Value title' })
      expect((await value.boundingBox())!.width).toBeGreaterThan(2 * (await type.boundingBox())!.width)
      await page.getByRole('textbox', { name: 'Form-data Key 2' }).fill('upload-with-a-long-name')
      await page.getByRole('combobox', { name: 'Row type upload-with-a-long-name' }).selectOption('file')
      const choose = page.getByRole('button', { name: 'Datei auswählen', exact: true })
      const table = page.getByRole('table', { name: 'Form-data' })
      const [button, box] = [await choose.boundingBox(), await table.boundingBox()]
      expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      )
    })
  })
}

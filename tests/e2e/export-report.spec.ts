/**
 * Issue 19 in the app: the Export dialog names what the chosen format cannot hold (a WebSocket
 * request in Postman) before `Export` and again after it; at 1280 px and at 768 px with touch.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { openApp, press, row, rowMenu, sidebar, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO } from './send-helpers.ts'

const MIXED = JSON.stringify({
  sendbox: 1,
  collection: {
    name: 'Mixed',
    description: 'Imported **docs**',
    children: [
      { type: 'request', name: 'Chat', kind: 'websocket', url: 'ws://127.0.0.1:9/chat' },
      { type: 'request', name: 'Ping', method: 'GET', url: `${ECHO}/get` },
    ],
  },
})
const LINE = 'WebSocket request "Chat" (not supported in Postman)'

async function importMixed(page: Page, touch: boolean) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
  const importing = page.getByRole('dialog', { name: 'Import', exact: true })
  const chooser = page.waitForEvent('filechooser')
  await press(importing.getByRole('button', { name: 'Choose files', exact: true }), touch)
  await (
    await chooser
  ).setFiles([{ name: 'mixed.sendbox.json', mimeType: 'application/json', buffer: Buffer.from(MIXED) }])
  await press(importing.getByRole('button', { name: 'Import', exact: true }), touch)
  await expect(row(page, 'Mixed')).toBeVisible()
}

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use(options)
    const touch = options.hasTouch
    const pageErrors: string[] = []
    test.beforeEach(async ({ page }) => {
      pageErrors.length = 0
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await openApp(page)
    })
    test.afterEach(() => expect(pageErrors).toEqual([]))

    test('names the WebSocket request Postman cannot hold, before and after Export', async ({ page }) => {
      await importMixed(page, touch)
      await rowMenu(page, 'Mixed', 'Export')
      const exporting = page.getByRole('dialog', { name: 'Export "Mixed"' })
      // The Sendbox format holds every kind.
      await expect(exporting).toContainText('Sendbox collection export holds everything in this collection.')
      // Every control, the format radios included, is a finger's target on the touch tablet.
      if (touch) expect(await smallTouchTargets(page, 'dialog[open]')).toEqual([])
      await exporting.getByRole('radio', { name: 'Postman Collection v2.1' }).check()
      const left = exporting.getByRole('list', { name: '1 item skipped' })
      await expect(left).toHaveText(LINE)

      const download = page.waitForEvent('download')
      await press(exporting.getByRole('button', { name: 'Export', exact: true }), touch)
      const text = readFileSync((await (await download).path())!, 'utf8')
      expect(text).toContain('"Ping"')
      expect(text).not.toContain('ws://127.0.0.1:9/chat')
      // After the download the dialog stays to say what was left out, until it is closed.
      await expect(exporting.getByRole('status')).toHaveText('Exported "Mixed".')
      await expect(left).toHaveText(LINE)
      const close = exporting.getByRole('button', { name: 'Close', exact: true })
      expect((await close.boundingBox())!.height).toBeGreaterThanOrEqual(40)
      await press(close, touch)
      await expect(exporting).toHaveCount(0)
    })

    test('shows an imported description in the collection settings; an edit goes out with the export', async ({
      page,
    }) => {
      await importMixed(page, touch)
      await rowMenu(page, 'Mixed', 'Einstellungen')
      const settings = page.getByRole('dialog', { name: 'Einstellungen: Mixed' })
      await press(settings.getByRole('tab', { name: 'Description' }), touch)
      const field = settings.getByRole('textbox', { name: 'Description' })
      await expect(field).toHaveValue('Imported **docs**')
      await field.fill('Edited docs\n\nfor everyone')
      await field.blur()
      await press(settings.getByRole('button', { name: 'Close', exact: true }), touch)

      await rowMenu(page, 'Mixed', 'Export')
      const exporting = page.getByRole('dialog', { name: 'Export "Mixed"' })
      await exporting.getByRole('radio', { name: 'Postman Collection v2.1' }).check()
      const download = page.waitForEvent('download')
      await press(exporting.getByRole('button', { name: 'Export', exact: true }), touch)
      const file = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
        info: { description?: string }
      }
      expect(file.info.description).toBe('Edited docs\n\nfor everyone')
    })
  })
}

/**
 * Saved responses (examples) and the mock server in the app, at 1280 px and at 768 px with touch:
 * an imported Postman example shows in `Examples`, opens read-only in the response viewer, is
 * edited; a response is saved with `Save as example`, renamed and deleted; everything is there
 * after a reload; `Mock server` on the collection serves the examples from the sync-server and
 * logs the call as matched.
 */
import { expect, test, type Page } from '@playwright/test'
import { postmanCollection } from '../helpers/postman.ts'
import { activeTab, openApp, press, row, sidebar, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO } from './send-helpers.ts'

async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

function collection(name: string) {
  return JSON.stringify(
    postmanCollection(name, [
      {
        name: 'Get thing',
        request: { method: 'GET', url: `${ECHO}/get` },
        response: [
          {
            name: 'Saved one',
            originalRequest: { method: 'GET', url: `${ECHO}/get` },
            code: 200,
            status: 'OK',
            header: [{ key: 'Content-Type', value: 'application/json' }],
            body: '{"saved": true}',
          },
        ],
      },
    ]),
  )
}

const examplesList = (page: Page) => page.getByRole('region', { name: 'Examples', exact: true })

async function openExamples(page: Page, touch: boolean) {
  await showSidebar(page)
  await press(row(page, 'Get thing'), touch)
  await expect(activeTab(page)).toHaveAccessibleName('Get thing')
  await press(page.getByRole('tab', { name: /^Examples/ }), touch)
}

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use(options)
    const touch = options.hasTouch

    test('examples: imported, opened, edited, saved from a response, renamed, deleted, kept; served by the mock', async ({
      page,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      const name = `Examples ${width}`
      await openApp(page)
      await showSidebar(page)
      await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
      const importing = page.getByRole('dialog', { name: 'Import', exact: true })
      const chooser = page.waitForEvent('filechooser')
      await press(importing.getByRole('button', { name: 'Choose files', exact: true }), touch)
      await (
        await chooser
      ).setFiles([
        {
          name: 'ex.postman_collection.json',
          mimeType: 'application/json',
          buffer: Buffer.from(collection(name)),
        },
      ])
      await press(importing.getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, name)).toBeVisible()
      if ((await row(page, name).getAttribute('aria-expanded')) !== 'true')
        await press(row(page, name), touch)

      await openExamples(page, touch)
      const saved = examplesList(page).getByRole('listitem', { name: 'Example Saved one' })
      await expect(saved).toContainText('200')

      // Opened: read-only in the response viewer, then edited.
      await press(saved.getByRole('button', { name: 'Open', exact: true }), touch)
      const view = page.getByRole('region', { name: 'Example "Saved one" (read-only)' })
      await expect(view.getByRole('region', { name: 'Response', exact: true })).toContainText('saved')
      await press(view.getByRole('button', { name: 'Edit', exact: true }), touch)
      await view.getByRole('textbox', { name: 'Status' }).fill('abc')
      await press(view.getByRole('button', { name: 'Save', exact: true }), touch)
      await expect(view.getByRole('alert')).toHaveText('The status must be a number from 100 to 999.')
      await view.getByRole('textbox', { name: 'Status' }).fill('201')
      await view.getByRole('textbox', { name: 'Body' }).fill('{"saved": "edited"}')
      await press(view.getByRole('button', { name: 'Save', exact: true }), touch)
      await expect(view.getByRole('region', { name: 'Response', exact: true })).toContainText('edited')
      await expect(saved).toContainText('201')
      if (touch) expect(await smallTouchTargets(page, '.examples-section')).toEqual([])
      await press(view.getByRole('button', { name: 'Close example', exact: true }), touch)

      // A real response saved as an example.
      await press(page.getByRole('button', { name: 'Send', exact: true }), touch)
      const response = page.getByRole('region', { name: 'Response' })
      await expect(response.getByText('200 OK')).toBeVisible()
      await press(response.getByRole('button', { name: 'Save as example' }), touch)
      await expect(page.getByRole('status').filter({ hasText: 'Saved as example "200 OK"' })).toBeVisible()
      const live = examplesList(page).getByRole('listitem', { name: 'Example 200 OK' })
      await expect(live).toBeVisible()
      await press(live.getByRole('button', { name: 'Rename', exact: true }), touch)
      const field = examplesList(page).getByRole('textbox', { name: 'Name' })
      await field.fill('Live answer')
      await field.press('Enter')
      await expect(examplesList(page).getByRole('listitem', { name: 'Example Live answer' })).toBeVisible()

      // Kept on the device: after a reload, from the saved request.
      await page.reload()
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      await openExamples(page, touch)
      await expect(examplesList(page).getByRole('listitem')).toHaveCount(2)
      const kept = examplesList(page).getByRole('listitem', { name: 'Example Live answer' })
      await press(kept.getByRole('button', { name: 'Delete', exact: true }), touch)
      await expect(examplesList(page).getByRole('listitem')).toHaveCount(1)

      // The mock server of the collection serves what is left.
      await showSidebar(page)
      await press(page.getByRole('button', { name: `More actions for ${name}`, exact: true }), touch)
      await press(page.getByRole('menuitem', { name: 'Mock server', exact: true }), touch)
      const dialog = page.getByRole('dialog', { name: `Mock server: ${name}` })
      const base = await dialog.getByRole('textbox', { name: 'Base URL' }).inputValue()
      expect(base).toMatch(/\/mock\/[A-Za-z0-9_-]+$/)
      expect((await page.request.get(`${base}/get`)).status()).toBe(404)
      await press(dialog.getByRole('switch'), touch)
      await expect(dialog.getByRole('switch')).toBeChecked()
      const answer = await page.request.get(`${base}/get`)
      expect(answer.status()).toBe(201)
      expect(await answer.json()).toEqual({ saved: 'edited' })
      await page.request.get(`${base}/nothing-here`)
      const calls = dialog.getByRole('list', { name: 'Calls' })
      await expect(calls.locator('[data-matched="true"]')).toContainText('matched: Get thing / Saved one')
      await expect(calls.locator('[data-matched="false"]')).toContainText('/nothing-here')
      await press(dialog.getByRole('button', { name: 'Add {{mockUrl}} to the collection' }), touch)
      await expect(dialog.getByText('{{mockUrl}} is a variable of the collection.')).toBeVisible()
      await press(dialog.getByRole('switch'), touch)
      await expect(dialog.getByRole('switch')).not.toBeChecked()
      expect((await page.request.get(`${base}/get`)).status()).toBe(404)
      expect(errors).toEqual([])
    })
  })
}

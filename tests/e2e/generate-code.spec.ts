/**
 * Issue 21, "done means": a user opens `Generate Code` on a saved request, picks a language,
 * copies the code, and it sends exactly that request. The copied cURL command runs here, against
 * the same echo server the app sends to, and both requests are compared.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { pasteIntoFocused } from '../helpers/paste.ts'
import { openApp, press, row, rowMenu, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO, header, sendAndEcho, urlField, type Echo } from './send-helpers.ts'

const exec = promisify(execFile)

/** A request with awkward text everywhere, saved as `Odd` in a new collection. */
async function saveOddRequest(page: Page, touch: boolean) {
  await urlField(page).focus()
  await pasteIntoFocused(
    page,
    `curl -X PATCH '${ECHO}/anything/gen?q=a%20b%27%21&x=%24HOME' -H "X-Odd: it's \\$HOME \\\`id\\\` !x" -H 'Content-Type: application/json' --data-raw '{"a": "ünï 😀 \\"q\\" $HOME \`id\` !x %s {{x}}"}'`,
  )
  await expect(page.getByText('cURL command imported')).toBeVisible()
  await press(page.getByRole('button', { name: 'Save', exact: true }), touch)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await press(dialog.getByRole('button', { name: 'New Collection' }), touch)
  await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Odd')
  await press(dialog.getByRole('button', { name: 'Hier speichern' }), touch)
  await expect(dialog).toHaveCount(0)
}

async function copied(page: Page, touch: boolean): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Generate Code' })
  await press(dialog.getByRole('button', { name: 'Copy', exact: true }), touch)
  await expect(dialog.getByRole('status')).toHaveText('Copied')
  return page.evaluate(() => navigator.clipboard.readText())
}

function sameRequest(fromCode: Echo, fromApp: Echo) {
  expect(fromCode.method).toBe(fromApp.method)
  expect(fromCode.path).toBe(fromApp.path)
  expect(fromCode.query).toEqual(fromApp.query)
  expect(fromCode.body).toBe(fromApp.body)
  for (const name of ['x-odd', 'content-type', 'user-agent'])
    expect(header(fromCode, name)).toBe(header(fromApp, name))
}

for (const [width, use] of WIDTHS) {
  test.describe(`Generate Code at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await openApp(page)
    })

    test('from the sidebar ⋯ menu: the copied cURL command sends what the app sends', async ({
      page,
      hasTouch,
    }) => {
      await saveOddRequest(page, hasTouch)
      const fromApp = await sendAndEcho(page)
      if (hasTouch)
        await page
          .getByRole('button', { name: 'Sidebar' })
          .tap()
          .catch(() => undefined)
      await expect(row(page, 'Odd')).toBeVisible()
      await rowMenu(page, 'Odd', 'Generate Code')
      const dialog = page.getByRole('dialog', { name: 'Generate Code' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('curl')
      const labels = await dialog
        .getByRole('combobox', { name: 'Language' })
        .locator('option')
        .allTextContents()
      expect(labels).toEqual([
        'cURL',
        'Python – Requests',
        'TypeScript – Fetch',
        'Go – net/http',
        'Java – HttpClient',
        'C# – HttpClient',
        'PHP – cURL',
        'Ruby – Net::HTTP',
        'Swift – URLSession',
      ])
      await expect(dialog.locator('.monaco-editor')).toBeVisible()
      const code = await copied(page, hasTouch)
      expect(code).toMatch(/^curl /)
      const { stdout } = await exec('bash', ['-c', code])
      sameRequest(JSON.parse(stdout) as Echo, fromApp)
      expect(await smallTouchTargets(page, 'dialog')).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      )
    })

    test('Options, Include auth and the language are remembered on the device', async ({
      page,
      hasTouch,
    }) => {
      await urlField(page).fill(`${ECHO}/anything/x`)
      await press(page.getByRole('button', { name: 'Generate Code', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Generate Code' })
      await press(dialog.getByRole('button', { name: 'Options', exact: true }), hasTouch)
      const options = dialog.getByRole('group', { name: 'Options' })
      for (const name of ['Multiline', 'Short flags', 'Follow redirects', 'Silent mode'])
        await expect(options.getByRole('checkbox', { name })).toBeVisible()
      await expect(options.getByRole('combobox', { name: 'Quotes' })).toBeVisible()
      await expect(options.getByRole('spinbutton', { name: /Timeout/ })).toBeVisible()
      await press(options.getByRole('checkbox', { name: 'Short flags' }), hasTouch)
      await options.getByRole('combobox', { name: 'Quotes' }).selectOption('double')
      expect(await copied(page, hasTouch)).toContain('-H "User-Agent: Sendbox/1.0"')

      await dialog.getByRole('combobox', { name: 'Language' }).selectOption('python')
      await expect(options.getByRole('combobox', { name: 'Indentation' })).toBeVisible()
      await expect(options.getByRole('checkbox', { name: 'Short flags' })).toHaveCount(0)
      await press(dialog.getByRole('checkbox', { name: 'Include auth' }), hasTouch)
      expect(await copied(page, hasTouch)).toContain('import requests')
      // Highlighting: Monaco colours the Python keywords.
      await expect(dialog.locator('.monaco-editor .view-line span[class*="mtk"]').first()).toBeVisible()

      await page.reload()
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      await press(page.getByRole('button', { name: 'Generate Code', exact: true }), hasTouch)
      await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('python')
      await expect(dialog.getByRole('checkbox', { name: 'Include auth' })).not.toBeChecked()
      await dialog.getByRole('combobox', { name: 'Language' }).selectOption('curl')
      expect(await copied(page, hasTouch)).toContain('-H "User-Agent: Sendbox/1.0"')
      expect(await smallTouchTargets(page, 'dialog')).toEqual([])
    })
  })
}

/**
 * The `Path Variables` table under Params: typing a `:name` segment into the URL makes its row, a
 * value set there is sent encoded as that segment (with `{{variables}}` substituted), renaming the
 * segment in the URL renames the row and keeps its value, an empty value sends `:name` as
 * written, and removing the row removes the segment; at 1280 px and at 768 px with touch.
 */
import { expect, test, type Page } from '@playwright/test'
import { openApp, press, smallTouchTargets, WIDTHS } from './helpers.ts'
import { addGlobal, ECHO, sendAndEcho, urlField } from './send-helpers.ts'

const table = (page: Page) => page.getByRole('table', { name: 'Path Variables', exact: true })
const keyCell = (page: Page, n: number) =>
  table(page).getByRole('textbox', { name: `Path Variables Key ${n}`, exact: true })
const valueOf = (page: Page, key: string) =>
  table(page).getByRole('textbox', { name: `Path Variables Value ${key}`, exact: true })

for (const [width, use] of WIDTHS) {
  test.describe(`path variables at ${width}`, () => {
    test.use(use)
    const touch = use.hasTouch
    const pageErrors: string[] = []
    test.beforeEach(async ({ page }) => {
      pageErrors.length = 0
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await openApp(page)
    })
    test.afterEach(() => expect(pageErrors).toEqual([]))

    test('typing /users/:id makes the row; its value is sent; renaming in the URL keeps it', async ({
      page,
    }) => {
      await addGlobal(page, 'team', 'red/blue')
      const url = urlField(page)
      await press(url, touch)
      await url.pressSequentially(`${ECHO}/anything/users/:id`)
      await press(page.getByRole('tab', { name: /^Params/ }), touch)
      await expect(table(page)).toBeVisible()
      await expect(keyCell(page, 1)).toHaveValue('id')
      await expect(keyCell(page, 1)).not.toBeEditable()

      // An empty value sends the segment as written.
      expect((await sendAndEcho(page)).path).toBe('/anything/users/:id')

      await valueOf(page, 'id').fill('ä b')
      await expect(url).toHaveValue(`${ECHO}/anything/users/:id`)
      expect((await sendAndEcho(page)).path).toBe('/anything/users/%C3%A4%20b')

      // Rename in the URL: the row follows with its value; a second segment gets its own row.
      await url.fill(`${ECHO}/anything/users/:userId/teams/:team`)
      await expect(keyCell(page, 1)).toHaveValue('userId')
      await expect(valueOf(page, 'userId')).toHaveValue('ä b')
      await expect(keyCell(page, 2)).toHaveValue('team')
      await valueOf(page, 'team').fill('{{team}}')
      await press(page.getByRole('tab', { name: /^Params/ }), touch)
      expect((await sendAndEcho(page)).path).toBe('/anything/users/%C3%A4%20b/teams/red%2Fblue')

      // Removing the row removes its segment from the URL.
      await press(table(page).getByRole('button', { name: 'Remove :userId from the URL' }), touch)
      await expect(url).toHaveValue(`${ECHO}/anything/users/teams/:team`)
      await expect(keyCell(page, 1)).toHaveValue('team')
      await expect(valueOf(page, 'team')).toHaveValue('{{team}}')

      // Removing the last segment from the URL takes the table away.
      await url.fill(`${ECHO}/anything/users`)
      await expect(table(page)).toHaveCount(0)

      if (touch) {
        await url.fill(`${ECHO}/anything/users/:id`)
        expect(await smallTouchTargets(page, '.path-variables')).toEqual([])
        const box = (await table(page).boundingBox())!
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
      }
    })
  })
}

import { expect, test } from '@playwright/test'
import { openApp, press, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO, lastEcho, section, urlField } from './send-helpers.ts'

for (const [width, use] of WIDTHS) {
  test.describe(`Digest Auth in the Autorisierung tab at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('answers the server’s challenge: the protected path answers 200; a wrong password gets its 401', async ({
      page,
      hasTouch,
    }) => {
      await urlField(page).fill(`${ECHO}/digest-auth/auth/ada/pw/SHA-256`)
      await section(page, 'Autorisierung')
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Digest Auth' })
      await page.getByRole('textbox', { name: 'Username' }).fill('ada')
      await page.getByLabel('Password', { exact: true }).fill('pw')
      await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('SHA-256')
      await expect(page.getByRole('textbox', { name: 'Realm' })).toHaveValue('')
      expect(await smallTouchTargets(page, '.auth-editor')).toEqual([])

      await press(page.getByRole('button', { name: 'Send', exact: true }), hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      expect(await lastEcho(page)).toMatchObject({ authenticated: true, user: 'ada' })

      await page.getByLabel('Password', { exact: true }).fill('wrong')
      await press(page.getByRole('button', { name: 'Send', exact: true }), hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('401 Unauthorized')
    })
  })
}

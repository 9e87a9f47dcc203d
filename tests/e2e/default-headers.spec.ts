import { expect, test } from '@playwright/test'
import { openApp, press, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO, header, section, sendAndEcho, urlField } from './send-helpers.ts'

for (const [width, use] of WIDTHS) {
  test.describe(`the Headers tab's auto-generated rows at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => {
      await openApp(page)
      await urlField(page).fill(`${ECHO}/get`)
      await section(page, 'Headers')
    })

    test('shows the default headers as auto rows; one switched off is not sent, and stays off', async ({
      page,
      hasTouch,
    }) => {
      const headers = page.getByRole('table', { name: 'Headers' })
      for (const [name, value] of [
        ['User-Agent', 'Sendbox/1.0'],
        ['Accept', '*/*'],
        ['Cache-Control', 'no-cache'],
        ['Accept-Encoding', 'gzip, deflate, br'],
        ['Connection', 'keep-alive'],
      ] as const)
        await expect(headers.getByRole('textbox', { name: `Value ${name}`, exact: true })).toHaveValue(value)
      await expect(headers.getByRole('textbox', { name: 'Value Host', exact: true })).toBeVisible()
      // Locked: only a header of the user's own replaces them.
      await expect(headers.getByRole('checkbox', { name: 'User-Agent', exact: true })).toBeDisabled()
      await expect(headers.getByRole('checkbox', { name: 'Connection', exact: true })).toBeDisabled()
      // The user's table still starts at row 1, and the tab counts only the user's rows.
      await expect(headers.getByRole('textbox', { name: 'Headers Key 1' })).toHaveValue('')
      await expect(page.getByRole('tab', { name: 'Headers', exact: true })).toBeVisible()

      let echo = await sendAndEcho(page)
      expect(header(echo, 'accept')).toBe('*/*')
      expect(header(echo, 'cache-control')).toBe('no-cache')
      expect(header(echo, 'accept-encoding')).toBe('gzip, deflate, br')

      const accept = headers.getByRole('checkbox', { name: 'Accept', exact: true })
      await press(accept, hasTouch)
      await expect(accept).not.toBeChecked()
      echo = await sendAndEcho(page)
      expect(header(echo, 'accept')).toBeUndefined()
      expect(header(echo, 'cache-control')).toBe('no-cache')
      // Switching sections keeps it: it is part of the request, not of the view.
      await section(page, 'Params')
      await section(page, 'Headers')
      await expect(accept).not.toBeChecked()
      await expect(page.getByRole('tab', { name: 'Headers', exact: true })).toBeVisible()
      expect(await smallTouchTargets(page, '.kv-table')).toEqual([])

      // The user's own header of that name is sent instead, and the default shows as replaced.
      await press(accept, hasTouch)
      await headers.getByRole('textbox', { name: 'Headers Key 1' }).fill('Accept')
      await headers.getByRole('textbox', { name: 'Headers Value 1' }).fill('application/json')
      await expect(accept).toBeDisabled()
      echo = await sendAndEcho(page)
      expect(echo.headers.filter(([k]) => k.toLowerCase() === 'accept')).toEqual([
        ['Accept', 'application/json'],
      ])
    })

    test('Settings → Editor leaves the defaults out of every request, User-Agent stays', async ({
      page,
      hasTouch,
    }) => {
      await press(page.getByRole('button', { name: 'Settings', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Settings' })
      const setting = dialog.getByRole('checkbox', {
        name: 'Send default headers (Accept, Cache-Control, Accept-Encoding)',
      })
      await expect(setting).toBeChecked()
      await press(setting, hasTouch)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      const headers = page.getByRole('table', { name: 'Headers' })
      await expect(headers.getByRole('checkbox', { name: 'Cache-Control', exact: true })).not.toBeChecked()
      await expect(headers.getByRole('checkbox', { name: 'Cache-Control', exact: true })).toBeDisabled()
      const echo = await sendAndEcho(page)
      expect(header(echo, 'accept')).toBeUndefined()
      expect(header(echo, 'cache-control')).toBeUndefined()
      expect(header(echo, 'accept-encoding')).toBeUndefined()
      expect(header(echo, 'user-agent')).toBe('Sendbox/1.0')
    })
  })
}

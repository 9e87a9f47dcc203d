import { expect, test, type Page } from '@playwright/test'
import { openApp, WIDTHS } from './helpers.ts'
import { ECHO, sendAndEcho, section, urlField } from './send-helpers.ts'

const cell = (page: Page, what: 'Key' | 'Value', n: number) =>
  page.getByRole('textbox', { name: `Params ${what} ${n}`, exact: true })

for (const [width, use] of WIDTHS) {
  test.describe(`parameters at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('keys and values typed in the table are encoded into the URL and reach the server whole', async ({
      page,
    }) => {
      await urlField(page).fill(`${ECHO}/get`)
      await section(page, 'Params')
      await cell(page, 'Key', 1).fill('b')
      await cell(page, 'Value', 1).fill('x y&z')
      await cell(page, 'Key', 2).fill('k=1#2')
      await cell(page, 'Value', 2).fill('a+b%c=d#e ë 😀')
      await expect(urlField(page)).toHaveValue(
        `${ECHO}/get?b=x+y%26z&k%3D1%232=a%2Bb%25c%3Dd%23e+%C3%AB+%F0%9F%98%80`,
      )
      // The table shows what was typed, decoded.
      await expect(cell(page, 'Value', 1)).toHaveValue('x y&z')
      await expect(cell(page, 'Key', 2)).toHaveValue('k=1#2')
      await expect(cell(page, 'Value', 2)).toHaveValue('a+b%c=d#e ë 😀')

      const echo = await sendAndEcho(page)
      expect(echo.query).toEqual([
        ['b', 'x y&z'],
        ['k=1#2', 'a+b%c=d#e ë 😀'],
      ])
    })

    test('text typed into the URL is kept as typed and shown decoded in the table', async ({ page }) => {
      await urlField(page).fill(`${ECHO}/get?r=a%20b&s=caf%C3%A9&t=1+1&{{v}}=x`)
      await section(page, 'Params')
      await expect(cell(page, 'Value', 1)).toHaveValue('a b')
      await expect(cell(page, 'Value', 2)).toHaveValue('café')
      await expect(cell(page, 'Value', 3)).toHaveValue('1 1')
      await expect(cell(page, 'Key', 4)).toHaveValue('{{v}}')
      await expect(urlField(page)).toHaveValue(`${ECHO}/get?r=a%20b&s=caf%C3%A9&t=1+1&{{v}}=x`)

      // Editing one value re-encodes that value only; the others keep the text the user typed.
      await cell(page, 'Value', 2).fill('café!')
      await expect(urlField(page)).toHaveValue(`${ECHO}/get?r=a%20b&s=caf%C3%A9%21&t=1+1&{{v}}=x`)
    })
  })
}

import { expect, test } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, header, section, sendAndEcho, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => {
  await openApp(page)
})

test('a GET goes through the relay with the default User-Agent and the parameters of the URL', async ({
  page,
}) => {
  await urlField(page).fill(`${ECHO}/get?a=1&b=two`)
  const echo = await sendAndEcho(page)
  expect(echo.method).toBe('GET')
  expect(echo.query).toEqual([
    ['a', '1'],
    ['b', 'two'],
  ])
  expect(header(echo, 'user-agent')).toBe('Sendbox/1.0')
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  await section(page, 'Params')
  await expect(page.getByRole('textbox', { name: 'Params Key 2' })).toHaveValue('b')
})

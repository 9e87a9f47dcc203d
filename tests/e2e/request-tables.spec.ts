import { expect, test } from '@playwright/test'
import { openApp } from './helpers.ts'
import { addGlobal, ECHO, header, section, sendAndEcho, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => {
  await openApp(page)
  await urlField(page).fill(`${ECHO}/get`)
})

test('params: the empty row grows, the URL follows, a cleared checkbox omits the row, trash removes it', async ({
  page,
}) => {
  await section(page, 'Params')
  await page.getByRole('textbox', { name: 'Params Key 1' }).fill('a')
  await page.getByRole('textbox', { name: 'Params Value 1' }).fill('1')
  await expect(page.getByRole('textbox', { name: 'Params Key 2' })).toHaveValue('')
  await page.getByRole('textbox', { name: 'Params Key 2' }).fill('b')
  await page.getByRole('textbox', { name: 'Params Value 2' }).fill('2')
  await page.getByRole('textbox', { name: 'Params Key 3' }).fill('c')
  await expect(urlField(page)).toHaveValue(`${ECHO}/get?a=1&b=2&c=`)
  await page.getByRole('checkbox', { name: 'Include b' }).uncheck()
  await expect(urlField(page)).toHaveValue(`${ECHO}/get?a=1&c=`)
  await page.getByRole('button', { name: 'Remove c' }).click()
  await expect(urlField(page)).toHaveValue(`${ECHO}/get?a=1`)
  const echo = await sendAndEcho(page)
  expect(echo.query).toEqual([['a', '1']])
  await expect(page.getByRole('checkbox', { name: 'Include b' })).not.toBeChecked()
})

test('headers: the locked User-Agent row is replaced by a user-defined one; disabled headers are not sent', async ({
  page,
}) => {
  await section(page, 'Headers')
  await expect(page.getByRole('textbox', { name: 'Value User-Agent' })).toHaveValue('Sendbox/1.0')
  await page.getByRole('textbox', { name: 'Headers Key 1' }).fill('X-One')
  await page.getByRole('textbox', { name: 'Headers Value 1' }).fill('1')
  await page.getByRole('textbox', { name: 'Headers Key 2' }).fill('X-Off')
  await page.getByRole('textbox', { name: 'Headers Value 2' }).fill('2')
  await page.getByRole('checkbox', { name: 'Include X-Off' }).uncheck()
  let echo = await sendAndEcho(page)
  expect(header(echo, 'x-one')).toBe('1')
  expect(header(echo, 'x-off')).toBeUndefined()
  expect(header(echo, 'user-agent')).toBe('Sendbox/1.0')

  await page.getByRole('textbox', { name: 'Headers Key 3' }).fill('User-Agent')
  await page.getByRole('textbox', { name: 'Headers Value 3' }).fill('Mine/2')
  echo = await sendAndEcho(page)
  expect(echo.headers.filter(([k]) => k.toLowerCase() === 'user-agent')).toEqual([['User-Agent', 'Mine/2']])
})

test('cookies go out as one Cookie header', async ({ page }) => {
  await section(page, 'Cookies')
  await page.getByRole('textbox', { name: 'Cookies Key 1' }).fill('a')
  await page.getByRole('textbox', { name: 'Cookies Value 1' }).fill('1')
  await page.getByRole('textbox', { name: 'Cookies Key 2' }).fill('b')
  await page.getByRole('textbox', { name: 'Cookies Value 2' }).fill('2')
  const echo = await sendAndEcho(page)
  expect(echo.headers.filter(([k]) => k.toLowerCase() === 'cookie')).toEqual([['Cookie', 'a=1; b=2']])
})

test('bulk edit as text, disabled rows behind //', async ({ page }) => {
  await section(page, 'Headers')
  await page.getByRole('button', { name: 'Bulk Edit' }).click()
  const text = page.getByRole('textbox', { name: 'Headers Bulk Edit' })
  await text.fill('X-A: 1\n//X-B: 2\nX-C: three')
  await text.blur()
  await page.getByRole('button', { name: 'Key-Value Edit' }).click()
  await expect(page.getByRole('textbox', { name: 'Headers Key 3' })).toHaveValue('X-C')
  await expect(page.getByRole('checkbox', { name: 'Include X-B' })).not.toBeChecked()
  const echo = await sendAndEcho(page)
  expect(header(echo, 'x-a')).toBe('1')
  expect(header(echo, 'x-b')).toBeUndefined()
  expect(header(echo, 'x-c')).toBe('three')
})

test('the URL field highlights variables and shows their value and scope on tap', async ({ page }) => {
  await addGlobal(page, 'host', ECHO)
  await urlField(page).fill('{{host}}/get?x={{missing}}')
  await page.locator('.url-vars').getByRole('button', { name: '{{host}}', exact: true }).click()
  await expect(page.getByRole('tooltip')).toHaveText(new RegExp(`${ECHO.replaceAll('.', '\\.')} — global`))
  await page.locator('.url-vars').getByRole('button', { name: '{{missing}}', exact: true }).click()
  await expect(page.getByRole('tooltip')).toHaveText('Not defined in any scope')
  const echo = await sendAndEcho(page)
  expect(echo.path).toBe('/get')
})

for (const [kind, badge] of [
  ['WebSocket', 'WS'],
  ['Server-Sent Events', 'SSE'],
] as const) {
  test(`a ${kind} URL resolves variables and fills Params as the HTTP URL does`, async ({ page }) => {
    await addGlobal(page, 'host', ECHO)
    await page.getByRole('button', { name: 'New request', exact: true }).click()
    await page.getByRole('menuitem', { name: kind, exact: true }).click()
    await expect(
      page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab', { selected: true }),
    ).toContainText(badge)
    await urlField(page).fill('{{host}}/feed?topic=a&{{missing}}=1')
    await page.locator('.url-vars').getByRole('button', { name: '{{host}}', exact: true }).click()
    await expect(page.getByRole('tooltip')).toHaveText(new RegExp(`${ECHO.replaceAll('.', '\\.')} — global`))
    await page.locator('.url-vars').getByRole('button', { name: '{{missing}}', exact: true }).click()
    await expect(page.getByRole('tooltip')).toHaveText('Not defined in any scope')
    await section(page, 'Params')
    await expect(page.getByRole('textbox', { name: 'Params Key 1' })).toHaveValue('topic')
    await expect(page.getByRole('textbox', { name: 'Params Value 1' })).toHaveValue('a')
  })
}

test('the request sections switch with the arrow keys, Home and End, and show their counts', async ({
  page,
}) => {
  await section(page, 'Params')
  await page.getByRole('textbox', { name: 'Params Key 1' }).fill('a')
  const sections = page.getByRole('tablist', { name: 'Request sections' })
  const selected = () => sections.getByRole('tab', { selected: true })
  await expect(selected()).toHaveText('Params (1)')
  await selected().focus()
  await page.keyboard.press('ArrowRight')
  await expect(selected()).toHaveText('Headers')
  await expect(selected()).toBeFocused()
  await expect(page.getByRole('textbox', { name: 'Value User-Agent' })).toHaveValue('Sendbox/1.0')
  // `Examples` is the last section since saved responses came.
  await page.keyboard.press('End')
  await expect(selected()).toHaveText('Examples')
  await page.keyboard.press('ArrowRight')
  await expect(selected()).toHaveText('Params (1)')
  await page.keyboard.press('ArrowLeft')
  await expect(selected()).toHaveText('Examples')
  await page.keyboard.press('ArrowLeft')
  await expect(selected()).toHaveText('Description')
  await page.keyboard.press('Home')
  await expect(selected()).toHaveText('Params (1)')
  await expect(page.getByRole('textbox', { name: 'Params Key 1' })).toHaveValue('a')
})

import { expect, test } from '@playwright/test'
import { openApp, WIDTHS } from './helpers.ts'
import { addGlobal, ECHO, header, lastEcho, preRequestScript, section, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

test('Enter in the URL field sends; earlier results are cleared on every send', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/get?n=1`)
  await urlField(page).press('Enter')
  expect((await lastEcho(page)).query).toEqual([['n', '1']])
  await urlField(page).fill(`${ECHO}/delay/800`)
  await urlField(page).press('Enter')
  await expect(page.getByText('Awaiting response')).toBeVisible()
  await expect(page.getByLabel('Response body', { exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
})

test('Awaiting response shows the elapsed time and Cancel stops it', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/delay/5000`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Awaiting response')).toBeVisible()
  await expect(page.locator('.elapsed')).toHaveText(/^[1-9]\d* ms$/)
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(page.getByText('Request failed')).toBeVisible()
  await expect(page.locator('.error-line')).toHaveText(/cancel/i)
})

test('an unreachable server gives Request failed with Retry, and Retry sends again', async ({ page }) => {
  await urlField(page).fill('http://127.0.0.1:9/get')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Request failed')
  const relay = page.waitForRequest((r) => r.url().endsWith('/relay'))
  await page.getByRole('button', { name: 'Retry' }).click()
  await relay
  await expect(page.getByRole('alert')).toContainText('Request failed')
})

test('a throwing pre-request script gives Request not sent with the first line of the error', async ({
  page,
}) => {
  await urlField(page).fill(`${ECHO}/get`)
  await preRequestScript(page, "throw new Error('no token yet\\nsecond line')")
  let relayCalls = 0
  page.on('request', (r) => void (r.url().endsWith('/relay') && relayCalls++))
  await page.keyboard.press('Control+Enter')
  const alert = page.locator('.send-error[role=alert]')
  await expect(alert).toContainText('Request not sent')
  await expect(alert).toContainText('Nothing was sent.')
  await expect(alert.locator('.error-line')).toHaveText(/no token yet$/)
  expect(relayCalls).toBe(0)
})

test('Ctrl+Enter from the script editor sends; the pre-request script token is used by the same send', async ({
  page,
}) => {
  await addGlobal(page, 'baseUrl', ECHO)
  await addGlobal(page, 'clientId', 'sendbox')
  await addGlobal(page, 'clientSecret', 's3cret')
  await urlField(page).fill('{{baseUrl}}/anything')
  await section(page, 'Autorisierung')
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bearer Token' })
  await page.getByRole('textbox', { name: 'Token' }).fill('{{token}}')
  await preRequestScript(
    page,
    [
      'alpha.sendRequest({',
      "  url: alpha.variables.replaceIn('{{baseUrl}}/oauth/token'),",
      "  method: 'POST',",
      "  header: { 'Content-Type': 'application/json' },",
      "  body: { mode: 'raw', raw: JSON.stringify({ client_id: alpha.environment.get('clientId'), client_secret: alpha.environment.get('clientSecret') }) },",
      '}, (err, res) => { alpha.environment.set("token", res.json().access_token) })',
    ].join('\n'),
  )
  await page.keyboard.press('Control+Enter')
  const echo = await lastEcho(page)
  // The echo's token endpoint issues `tok-…` tokens; an unset variable would go out as `{{token}}`.
  expect(header(echo, 'authorization')).toMatch(/^Bearer [\w.-]+$/)
  expect(header(echo, 'authorization')).not.toContain('{{')
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
})

test('autocomplete offers svc.environment.set and the snippets at the start of an empty line', async ({
  page,
}) => {
  await section(page, 'Skript')
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible()
  await editor.click()
  await page.keyboard.type('svc.environment.')
  const suggest = page.locator('.suggest-widget')
  await expect(suggest).toBeVisible({ timeout: 30_000 })
  await expect(suggest.getByText('set', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('te')
  await page.keyboard.press('Control+Space')
  await expect(suggest.getByText('status code is 200')).toBeVisible()
})

test('the compatibility APIs are declared to the editor too: pm. offers sendRequest', async ({ page }) => {
  await section(page, 'Skript')
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible()
  await editor.click()
  await page.keyboard.type('pm.', { delay: 120 })
  const suggest = page.locator('.suggest-widget')
  await expect(suggest).toBeVisible({ timeout: 30_000 })
  await page.keyboard.type('sendR', { delay: 120 })
  await expect(suggest.getByText('sendRequest', { exact: true })).toBeVisible()
})

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)

    test('svc. members are suggested as you type, without Ctrl+Space', async ({ page }) => {
      await section(page, 'Skript')
      const editor = page.locator('.monaco-editor').first()
      await expect(editor).toBeVisible()
      await editor.click()
      // At a person's pace, and nothing else pressed: the dot alone opens the list.
      await page.keyboard.type('svc.', { delay: 120 })
      const suggest = page.locator('.suggest-widget')
      await expect(suggest).toBeVisible({ timeout: 30_000 })
      await expect(suggest.getByText('environment', { exact: true })).toBeVisible()
      await page.keyboard.type('resp', { delay: 120 })
      await expect(suggest.getByText('response', { exact: true })).toBeVisible()
    })
  })
}

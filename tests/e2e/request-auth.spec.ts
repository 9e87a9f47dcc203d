import { expect, test, type Page } from '@playwright/test'
import { openApp } from './helpers.ts'
import { addGlobal, ECHO, header, section, sendAndEcho, urlField } from './send-helpers.ts'

async function authType(page: Page, label: string) {
  await section(page, 'Autorisierung')
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label })
}

test.beforeEach(async ({ page }) => {
  await openApp(page)
  await urlField(page).fill(`${ECHO}/get`)
})

test('Inherit from parent is the default and says nothing supplies it for an unsaved request', async ({
  page,
}) => {
  await section(page, 'Autorisierung')
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('inherit')
  await expect(page.getByRole('note')).toHaveText(/not in a collection/)
  await expect(
    page.getByRole('combobox', { name: 'Type' }).locator('option', { hasText: 'OAuth 2.0' }),
  ).toHaveCount(1)
  const echo = await sendAndEcho(page)
  expect(header(echo, 'authorization')).toBeUndefined()
})

test('Bearer Token with a {{variable}}', async ({ page }) => {
  await addGlobal(page, 'tok', 'abc123')
  await authType(page, 'Bearer Token')
  await page.getByRole('textbox', { name: 'Token' }).fill('{{tok}}')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'authorization')).toBe('Bearer abc123')
})

test('API Key in a header and in the query', async ({ page }) => {
  await authType(page, 'API Key')
  await page.getByRole('textbox', { name: 'Key' }).fill('X-Api-Key')
  await page.getByRole('textbox', { name: 'Value' }).fill('k1')
  let echo = await sendAndEcho(page)
  expect(header(echo, 'x-api-key')).toBe('k1')
  await page.getByRole('combobox', { name: 'Add to' }).selectOption('query')
  echo = await sendAndEcho(page)
  expect(echo.query).toEqual([['X-Api-Key', 'k1']])
  expect(header(echo, 'x-api-key')).toBeUndefined()
})

test('Basic Auth', async ({ page }) => {
  await authType(page, 'Basic Auth')
  await page.getByRole('textbox', { name: 'Username' }).fill('ann')
  await page.getByLabel('Password').fill('s3cret')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'authorization')).toBe(`Basic ${Buffer.from('ann:s3cret').toString('base64')}`)
})

test('Cloud-provider signature v4 with its defaults', async ({ page }) => {
  await authType(page, 'Cloud-provider signature v4')
  await expect(page.getByRole('textbox', { name: 'Region' })).toHaveValue('us-east-1')
  await expect(page.getByRole('textbox', { name: 'Service' })).toHaveValue('execute-api')
  await page.getByRole('textbox', { name: 'Access Key ID' }).fill('AKIDEXAMPLE')
  await page.getByLabel('Secret Access Key').fill('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'authorization')).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/execute-api\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
  )
  expect(header(echo, 'x-amz-date')).toMatch(/^\d{8}T\d{6}Z$/)
})

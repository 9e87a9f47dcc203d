import { expect, test } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, header, section, sendAndEcho, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => {
  await openApp(page)
  await page.getByRole('combobox', { name: 'Method' }).selectOption('POST')
  await urlField(page).fill(`${ECHO}/post`)
  await section(page, 'Body')
})

test('raw JSON, XML and text set their Content-Type', async ({ page }) => {
  await page.getByText('Raw', { exact: true }).click()
  await page.getByRole('textbox', { name: 'Body text' }).fill('{"a": [1, 2]}')
  let echo = await sendAndEcho(page)
  expect(header(echo, 'content-type')).toBe('application/json')
  expect(echo.json).toEqual({ a: [1, 2] })

  await page.getByRole('combobox', { name: 'Format' }).first().selectOption('xml')
  await page.getByRole('textbox', { name: 'Body text' }).fill('<a>1</a>')
  echo = await sendAndEcho(page)
  expect(header(echo, 'content-type')).toBe('application/xml')
  expect(echo.body).toBe('<a>1</a>')

  await page.getByRole('combobox', { name: 'Format' }).first().selectOption('text')
  echo = await sendAndEcho(page)
  expect(header(echo, 'content-type')).toBe('text/plain')
})

test('URL encoded rows arrive as a form', async ({ page }) => {
  await page.getByText('URL Encoded', { exact: true }).click()
  await page.getByRole('textbox', { name: 'URL Encoded Key 1' }).fill('name')
  await page.getByRole('textbox', { name: 'URL Encoded Value 1' }).fill('Ann & Bob')
  await page.getByRole('textbox', { name: 'URL Encoded Key 2' }).fill('n')
  await page.getByRole('textbox', { name: 'URL Encoded Value 2' }).fill('1')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'content-type')).toBe('application/x-www-form-urlencoded')
  expect(echo.form).toEqual({ name: 'Ann & Bob', n: '1' })
})

test('form-data with a text row and a chosen file', async ({ page }) => {
  await page.getByText('Form-data', { exact: true }).click()
  await page.getByRole('textbox', { name: 'Form-data Key 1' }).fill('title')
  await page.getByRole('textbox', { name: 'Form-data Value title' }).fill('Hello')
  await page.getByRole('textbox', { name: 'Form-data Key 2' }).fill('upload')
  await page.getByRole('combobox', { name: 'Row type upload' }).selectOption('file')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Datei auswählen', exact: true }).click()
  await (
    await chooser
  ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('file body') })
  await expect(page.getByText('notes.txt')).toBeVisible()
  const echo = await sendAndEcho(page)
  expect(header(echo, 'content-type')).toMatch(/^multipart\/form-data; boundary=/)
  expect(echo.form).toEqual({ title: 'Hello' })
  expect(echo.files?.upload).toMatchObject({
    filename: 'notes.txt',
    contentType: 'text/plain',
    content: 'file body',
  })
})

test('GraphQL query and variables go out as JSON', async ({ page }) => {
  await page.getByText('GraphQL', { exact: true }).click()
  await page.getByRole('textbox', { name: 'Query' }).fill('query Q($id: ID!) { user(id: $id) { name } }')
  await page.getByRole('textbox', { name: 'Variables' }).fill('{"id": "7"}')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'content-type')).toBe('application/json')
  expect(echo.json).toEqual({ query: 'query Q($id: ID!) { user(id: $id) { name } }', variables: { id: '7' } })
})

test('No Body sends nothing', async ({ page }) => {
  await page.getByText('No Body', { exact: true }).click()
  const echo = await sendAndEcho(page)
  expect(echo.body).toBe('')
  expect(header(echo, 'content-type')).toBeUndefined()
})

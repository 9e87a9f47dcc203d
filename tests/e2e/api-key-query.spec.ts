import { expect, test, type Page } from '@playwright/test'
import { MOD, newCollection, openApp } from './helpers.ts'
import { ECHO, header, section, sendAndEcho, urlField } from './send-helpers.ts'

// Report: `?api_key=...` typed into the URL went out as an Authorization header. Typed key by key,
// into an unsaved tab and into a request saved in a collection, under each authorization type:
// the key must stay a query parameter, and Authorization carries only what the auth type adds.

async function typeQuery(page: Page) {
  await urlField(page).click()
  await urlField(page).press('End')
  await urlField(page).pressSequentially('?api_key=k-7f3a&page=2')
}

async function authType(page: Page, label: string) {
  await section(page, 'Autorisierung')
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label })
}

function expectKeyInQueryOnly(echo: Awaited<ReturnType<typeof sendAndEcho>>) {
  expect(echo.query).toEqual([
    ['api_key', 'k-7f3a'],
    ['page', '2'],
  ])
  for (const [, value] of echo.headers) expect(value).not.toContain('k-7f3a')
}

test('typed into an unsaved request, under every authorization type', async ({ page }) => {
  await openApp(page)
  await urlField(page).fill(`${ECHO}/get`)
  await typeQuery(page)
  let echo = await sendAndEcho(page)
  expectKeyInQueryOnly(echo)
  expect(header(echo, 'authorization')).toBeUndefined()

  await authType(page, 'No Auth')
  echo = await sendAndEcho(page)
  expectKeyInQueryOnly(echo)
  expect(header(echo, 'authorization')).toBeUndefined()

  await authType(page, 'API Key')
  await page.getByRole('textbox', { name: 'Key' }).fill('X-Api-Key')
  await page.getByRole('textbox', { name: 'Value' }).fill('header-key')
  echo = await sendAndEcho(page)
  expectKeyInQueryOnly(echo)
  expect(header(echo, 'x-api-key')).toBe('header-key')
  expect(header(echo, 'authorization')).toBeUndefined()

  await authType(page, 'Bearer Token')
  await page.getByRole('textbox', { name: 'Token' }).fill('tok-1')
  echo = await sendAndEcho(page)
  expectKeyInQueryOnly(echo)
  expect(header(echo, 'authorization')).toBe('Bearer tok-1')
})

test('typed into a request saved in a collection that supplies no authorization', async ({ page }) => {
  await openApp(page)
  await newCollection(page, 'Keys')
  await page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab').first().click()
  await urlField(page).fill(`${ECHO}/get`)
  await page.keyboard.press(`${MOD}+s`)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('With key')
  await dialog.getByRole('treeitem', { name: 'Keys' }).click()
  await dialog.getByRole('button', { name: 'Hier speichern' }).click()
  await expect(dialog).toHaveCount(0)
  await typeQuery(page)
  const echo = await sendAndEcho(page)
  expectKeyInQueryOnly(echo)
  expect(header(echo, 'authorization')).toBeUndefined()
})

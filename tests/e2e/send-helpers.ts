import { expect, type Locator, type Page } from '@playwright/test'
import { pasteIntoFocused } from '../helpers/paste.ts'

export const ECHO = `http://127.0.0.1:${process.env.E2E_ECHO_PORT ?? 4319}`

export interface Echo {
  method: string
  path: string
  query: [string, string][]
  headers: [string, string][]
  body: string
  json: unknown
  form: Record<string, string | string[]> | null
  files: Record<string, { filename: string; contentType: string; size: number; content: string }> | null
}

export function urlField(page: Page) {
  return page.getByRole('textbox', { name: 'URL', exact: true })
}

export async function section(page: Page, name: string): Promise<void> {
  await page
    .getByRole('tablist', { name: 'Request sections' })
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click()
}

/** Puts `code` into one of the `Skript` tab's editors (Pre Request by default), pasted as a user would. */
export async function preRequestScript(page: Page, code: string, which = 'Pre Request'): Promise<void> {
  await section(page, 'Skript')
  if (which !== 'Pre Request') await page.getByRole('tab', { name: which }).click()
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible()
  await editor.click()
  await pasteIntoFocused(page, code)
}

/** Sends with the button and returns what the echo server received. */
export async function sendAndEcho(page: Page): Promise<Echo> {
  const response = page.waitForResponse((r) => r.url().endsWith('/relay'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await response
  return lastEcho(page)
}

/** The echo server's record of the latest request, read from the response body as shown (Roh). */
export async function lastEcho(page: Page): Promise<Echo> {
  await page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Roh' }).click()
  const body = page.getByLabel('Response body', { exact: true })
  await expect(body).toBeVisible()
  // The lines are drawn by the viewer's worker: wait until the whole document is there.
  let echo: Echo | undefined
  await expect
    .poll(async () => {
      try {
        echo = JSON.parse(await body.innerText()) as Echo
        return true
      } catch {
        return false
      }
    })
    .toBe(true)
  return echo!
}

export function header(echo: Echo, name: string): string | undefined {
  return echo.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]
}

/** Adds a global variable through the `Variables` dialog. */
export async function addGlobal(page: Page, key: string, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Variables', exact: true }).click()
  await page.getByRole('tab', { name: 'Global', exact: true }).click()
  await addVariable(page.getByRole('table', { name: 'Global' }), key, value)
  await page.getByRole('button', { name: 'Close', exact: true }).click()
}

/** Adds a variable through a variables table's `(new)` row. */
export async function addVariable(table: Locator, key: string, value: string): Promise<void> {
  const newKey = table.getByRole('textbox', { name: 'Variable (new)' })
  await newKey.fill(key)
  await newKey.press('Enter')
  const valueField = table.getByRole('textbox', { name: `Value ${key}` })
  await expect(valueField).toBeVisible()
  await valueField.fill(value)
  await valueField.press('Enter')
}

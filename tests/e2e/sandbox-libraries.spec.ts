/**
 * The sandbox's libraries and Postman's {{$random…}} variables in the app: the script worker
 * loads the bundled libraries (its lazy chunks, precached with the app) when a script names
 * them, and the worker that builds the scripted request resolves faker's variables.
 */
import { expect, test } from '@playwright/test'
import { openApp, urlField } from './helpers.ts'
import { ECHO, lastEcho, preRequestScript, section } from './send-helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

test('a pre-request script requires uuid and cheerio; {{$randomEmail}} goes out resolved', async ({
  page,
}) => {
  await urlField(page).fill(`${ECHO}/get?id={{id}}&title={{title}}&e={{$randomEmail}}`)
  await preRequestScript(
    page,
    [
      "const { v4 } = require('uuid')",
      "pm.environment.set('id', v4())",
      "pm.environment.set('title', cheerio.load('<title>Shop</title>')('title').text())",
    ].join('\n'),
    'Pre Request',
  )
  await section(page, 'Params')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.locator('.response-area[data-phase="done"]')).toBeVisible()
  const query = Object.fromEntries((await lastEcho(page)).query)
  expect(query.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(query.title).toBe('Shop')
  expect(query.e).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
})

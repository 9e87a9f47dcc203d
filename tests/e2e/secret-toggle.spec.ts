/**
 * The secrets toggle of spec 5.3, end to end: the code icon in a secret's row withholds it from
 * scripts (the default) or allows it, with the spec's tooltip; a script reading a withheld secret
 * is stopped naming it (`Request not sent`), `has()` answers false, and a further click withholds
 * it again. At both WIDTHS.
 */
import { expect, test, type Page } from '@playwright/test'
import { openApp, press, WIDTHS } from './helpers.ts'
import { addVariable, ECHO, header, preRequestScript, sendAndEcho, urlField } from './send-helpers.ts'

const WITHHELD = 'Scripts cannot read this secret. Click to allow script access (needed for request signing).'
const ALLOWED = 'Scripts may read this secret. Click to withhold it from scripts.'

const SCRIPT = `req.setHeader('X-Has', String(pm.environment.has('apiSecret')))
if (req.getUrl().includes('/read')) req.setHeader('X-Len', String(pm.environment.get('apiSecret').length))`

async function toggleAccess(page: Page, from: string, to: string, touch: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Variables', exact: true }).click()
  await page.getByRole('tab', { name: 'Global', exact: true }).click()
  const toggle = page.getByRole('table', { name: 'Global' }).getByRole('button', { name: from })
  await expect(toggle).toHaveAttribute('title', from)
  const box = await toggle.boundingBox()
  expect(box!.width).toBeGreaterThanOrEqual(40)
  expect(box!.height).toBeGreaterThanOrEqual(40)
  await press(toggle, touch)
  await expect(page.getByRole('table', { name: 'Global' }).getByRole('button', { name: to })).toBeVisible()
  await page.getByRole('button', { name: 'Close', exact: true }).click()
}

async function notSent(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const alert = page.locator('.send-error[role=alert]')
  await expect(alert).toContainText('Request not sent')
  return alert.locator('.error-line').innerText()
}

for (const [width, use] of WIDTHS) {
  test.describe(`the secrets toggle at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('a withheld secret: has() is false, reading it stops the script; allowed, it reads; withheld again', async ({
      page,
      hasTouch,
    }) => {
      await page.getByRole('button', { name: 'Variables', exact: true }).click()
      await page.getByRole('tab', { name: 'Global', exact: true }).click()
      const table = page.getByRole('table', { name: 'Global' })
      await addVariable(table, 'apiSecret', 's3cret!')
      await table.getByRole('checkbox', { name: 'Secret: apiSecret' }).check()
      await expect(table.getByRole('button', { name: WITHHELD })).toHaveAttribute('aria-pressed', 'false')
      await page.getByRole('button', { name: 'Close', exact: true }).click()

      await urlField(page).fill(`${ECHO}/anything/has`)
      await preRequestScript(page, SCRIPT)
      let echo = await sendAndEcho(page)
      expect(header(echo, 'x-has')).toBe('false')

      await urlField(page).fill(`${ECHO}/anything/read`)
      expect(await notSent(page)).toMatch(/"apiSecret" is withheld from scripts/)

      await toggleAccess(page, WITHHELD, ALLOWED, hasTouch)
      echo = await sendAndEcho(page)
      expect(header(echo, 'x-has')).toBe('true')
      expect(header(echo, 'x-len')).toBe('7')

      await toggleAccess(page, ALLOWED, WITHHELD, hasTouch)
      expect(await notSent(page)).toMatch(/"apiSecret" is withheld from scripts/)
    })
  })
}

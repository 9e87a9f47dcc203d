/**
 * OAuth 1.0 and Hawk chosen in the `Autorisierung` tab, sent through the relay to the echo
 * server's verifiers (tests/fixtures/signature-auth.ts: the `oauth` package and @hapi/hawk's server).
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { openApp, press, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO, lastEcho, preRequestScript, section, urlField } from './send-helpers.ts'

// The verifier's credentials (tests/fixtures/signature-auth.ts), read here without loading it.
const CONSUMER = { key: 'sendbox-consumer', secret: 'kd94hf93k423kf44&!x' }
const TOKEN = { token: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00 +/' }
const PRIVATE_KEY = readFileSync(new URL('../fixtures/oauth1-test-key.pem', import.meta.url), 'utf8')

for (const [width, use] of WIDTHS) {
  test.describe(`OAuth 1.0 and Hawk in the Autorisierung tab at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('OAuth 1.0: HMAC-SHA256 with realm is verified; a wrong secret gets 401; RSA-SHA256 is verified', async ({
      page,
      hasTouch,
    }) => {
      await urlField(page).fill(`${ECHO}/oauth1/app?x=a b`)
      await section(page, 'Autorisierung')
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'OAuth 1.0' })
      await page.getByRole('combobox', { name: 'Signature Method' }).selectOption('HMAC-SHA256')
      await page.getByRole('textbox', { name: 'Consumer Key' }).fill(CONSUMER.key)
      await page.getByLabel('Consumer Secret', { exact: true }).fill(CONSUMER.secret)
      await page.getByRole('textbox', { name: 'Access Token' }).fill(TOKEN.token)
      await page.getByLabel('Token Secret', { exact: true }).fill(TOKEN.secret)
      await page.getByText('Advanced', { exact: true }).click()
      await page.getByRole('textbox', { name: 'Realm' }).fill('Photos')
      expect(await smallTouchTargets(page, '.auth-editor')).toEqual([])

      const send = page.getByRole('button', { name: 'Send', exact: true })
      await press(send, hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      expect(await lastEcho(page)).toMatchObject({
        ok: true,
        method: 'HMAC-SHA256',
        placement: 'header',
        realm: 'Photos',
      })

      await page.getByLabel('Consumer Secret', { exact: true }).fill('wrong')
      await press(send, hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('401 Unauthorized')

      await page.getByRole('combobox', { name: 'Signature Method' }).selectOption('RSA-SHA256')
      await page.getByRole('textbox', { name: 'Private Key (PEM)' }).fill(PRIVATE_KEY)
      await press(send, hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      expect(await lastEcho(page)).toMatchObject({ ok: true, method: 'RSA-SHA256' })
    })

    test('Hawk with the payload hash is verified by the Hawk server', async ({ page, hasTouch }) => {
      await page.getByRole('combobox', { name: 'Method' }).selectOption('POST')
      await urlField(page).fill(`${ECHO}/hawk/payload`)
      await section(page, 'Body')
      await page.getByText('Raw', { exact: true }).click()
      await page.getByRole('textbox', { name: 'Body text' }).fill('{"a":1}')
      await section(page, 'Autorisierung')
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Hawk Authentication' })
      await page.getByRole('textbox', { name: 'Hawk Auth ID' }).fill('hawk-256')
      await page
        .getByLabel('Hawk Auth Key', { exact: true })
        .fill('werxhqb98rpaxn39848xrunpaw3489ruxnpa98w4rxn')
      await page.getByText('Advanced', { exact: true }).click()
      await page.getByRole('checkbox', { name: 'Include payload hash' }).check()
      await press(page.getByRole('button', { name: 'Send', exact: true }), hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      expect(await lastEcho(page)).toMatchObject({ ok: true, id: 'hawk-256', hash: expect.any(String) })

      // With a pre-request script the script worker builds, signs and hands the request to the relay.
      await preRequestScript(page, "pm.variables.set('n', '1')")
      await press(page.getByRole('button', { name: 'Send', exact: true }), hasTouch)
      await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
      expect(await lastEcho(page)).toMatchObject({ ok: true, id: 'hawk-256', hash: expect.any(String) })
    })
  })
}

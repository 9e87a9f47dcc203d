/**
 * OAuth 2.0 end to end in Chromium, against a real authorization server on 127.0.0.1
 * (tests/fixtures/oauth-server.ts): Client credentials through the relay, Authorization Code +
 * PKCE through a real popup and the app's /oauth/callback page, renewal after expiry, a failed
 * renewal (`Token not renewed`), `Token löschen`, a blocked and a closed popup. At both WIDTHS.
 */
import { expect, test, type Page } from '@playwright/test'
import { OAUTH_APP, startOAuthServer, type OAuthTestServer } from '../fixtures/oauth-server.ts'
import {
  MOD,
  newCollection,
  openApp,
  press,
  rowMenu,
  smallTouchTargets,
  urlField as url,
  WIDTHS,
} from './helpers.ts'
import { ECHO, header, sendAndEcho, section, urlField } from './send-helpers.ts'

let server: OAuthTestServer
test.beforeAll(async () => {
  server = await startOAuthServer()
})
test.afterAll(() => server.close())
test.beforeEach(() => {
  server.lifetime = 3600
  server.failRefresh = false
  server.grants.length = 0
})

async function chooseOAuth(page: Page, grant: string): Promise<void> {
  await urlField(page).fill(`${ECHO}/anything/api`)
  await section(page, 'Autorisierung')
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'OAuth 2.0' })
  await page.getByRole('combobox', { name: 'Grant Type' }).selectOption({ label: grant })
}

const panel = (page: Page) => page.getByRole('group', { name: 'Held access token' })
const fetchButton = (page: Page) => page.getByRole('button', { name: 'Neues Access Token holen' })

for (const [width, use] of WIDTHS) {
  test.describe(`OAuth 2.0 at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('Client credentials: a token through the relay, sent, renewed after expiry, then Token löschen', async ({
      page,
      hasTouch,
    }) => {
      await chooseOAuth(page, 'Client credentials')
      await page.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
      await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
      await page.getByLabel('Client-Secret').fill('wrong')
      await page.getByRole('textbox', { name: 'Scope' }).fill('read')
      await press(fetchButton(page), hasTouch)
      await expect(panel(page).getByRole('alert')).toContainText('check Client-ID and Client-Secret')

      await page.getByLabel('Client-Secret').fill(OAUTH_APP.clientSecret)
      server.lifetime = 2
      await press(fetchButton(page), hasTouch)
      await expect(panel(page).getByLabel('Held access token', { exact: true })).toBeVisible()
      await expect(panel(page)).toContainText('Scopes: read')
      await expect(panel(page)).toContainText(/Expires /)
      const first = server.grants.at(-1)!
      expect(first).toMatchObject({ grant: 'client_credentials', clientAuth: 'basic' })
      // Through the relay: no page origin on the token request.
      expect(first.origin).toBeUndefined()
      // Masked: the token's text is nowhere on the page.
      await expect(page.locator('body')).not.toContainText(first.accessToken!)

      let echo = await sendAndEcho(page)
      expect(header(echo, 'authorization')).toBe(`Bearer ${first.accessToken}`)

      await page.waitForTimeout(2100)
      echo = await sendAndEcho(page)
      const renewed = server.grants.at(-1)!
      expect(renewed.accessToken).not.toBe(first.accessToken)
      expect(header(echo, 'authorization')).toBe(`Bearer ${renewed.accessToken}`)
      await expect(page.getByRole('status').filter({ hasText: 'Token not renewed' })).toHaveCount(0)

      await press(page.getByRole('button', { name: 'Token löschen' }), hasTouch)
      await expect(panel(page)).toContainText('No token held.')
      await page.getByText('Advanced', { exact: true }).click()
      if (hasTouch) expect(await smallTouchTargets(page, '.oauth2-editor')).toEqual([])
    })

    test('Authorization Code + PKCE in a popup, renewal with the refresh token, a failed renewal', async ({
      page,
      hasTouch,
    }) => {
      await chooseOAuth(page, 'Authorization Code + PKCE')
      await page.getByRole('textbox', { name: 'Authorization-URL' }).fill(server.authUrl)
      await page.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
      await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
      await page.getByRole('textbox', { name: 'Scope' }).fill('openid profile')
      await page.getByText('Advanced', { exact: true }).click()
      const origin = new URL(page.url()).origin
      await expect(page.getByRole('textbox', { name: 'Callback URL' })).toHaveValue(
        `${origin}/oauth/callback`,
      )

      server.lifetime = 2
      const popup = page.waitForEvent('popup')
      await press(fetchButton(page), hasTouch)
      const window = await popup
      await window.waitForEvent('close')
      await expect(panel(page)).toContainText('Refresh token held')
      const signIn = server.grants.at(-1)!
      expect(signIn).toMatchObject({ grant: 'authorization_code', clientAuth: 'none' })
      expect(signIn.body.redirect_uri).toBe(`${origin}/oauth/callback`)
      expect(signIn.body.code_verifier).toMatch(/^[\w-]{43}$/)
      expect(server.authorizations.at(-1)?.get('code_challenge_method')).toBe('S256')

      let echo = await sendAndEcho(page)
      expect(header(echo, 'authorization')).toBe(`Bearer ${signIn.accessToken}`)

      await page.waitForTimeout(2100)
      echo = await sendAndEcho(page)
      const refreshed = server.grants.at(-1)!
      expect(refreshed.grant).toBe('refresh_token')
      expect(header(echo, 'authorization')).toBe(`Bearer ${refreshed.accessToken}`)

      server.failRefresh = true
      await page.waitForTimeout(2100)
      echo = await sendAndEcho(page)
      expect(header(echo, 'authorization')).toBe(`Bearer ${refreshed.accessToken}`)
      await expect(page.getByRole('status').filter({ hasText: 'Token not renewed' })).toContainText(
        'invalid_grant',
      )
    })

    test('a blocked popup and a closed popup each say so', async ({ page, hasTouch }) => {
      await chooseOAuth(page, 'Authorization Code + PKCE')
      // An Authorization-URL that never answers back: the popup stays until it is closed.
      await page.getByRole('textbox', { name: 'Authorization-URL' }).fill(`${ECHO}/html`)
      await page.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
      await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
      const popup = page.waitForEvent('popup')
      await press(fetchButton(page), hasTouch)
      await (await popup).close()
      await expect(panel(page).getByRole('alert')).toHaveText('Sign-in cancelled: the window was closed.')

      await page.evaluate(() => (window.open = () => null))
      await press(fetchButton(page), hasTouch)
      await expect(panel(page).getByRole('alert')).toContainText('The browser blocked the sign-in window')
      expect(server.grants).toHaveLength(0)
    })
  })
}

test('a collection holds its own token on this device; an inheriting request sends it', async ({ page }) => {
  await openApp(page)
  await newCollection(page, 'OAuth API')
  await rowMenu(page, 'OAuth API', 'Einstellungen')
  const dialog = page.getByRole('dialog', { name: 'Einstellungen: OAuth API' })
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'OAuth 2.0' })
  await expect(dialog.getByRole('combobox', { name: 'Grant Type' })).toHaveValue('client-credentials')
  await dialog.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
  await dialog.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
  await dialog.getByLabel('Client-Secret').fill(OAUTH_APP.clientSecret)
  await dialog.getByRole('button', { name: 'Neues Access Token holen' }).click()
  await expect(dialog.getByRole('group', { name: 'Held access token' })).toContainText(/Expires /)
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  await rowMenu(page, 'OAuth API', 'Hinzufügen', 'Anfrage')
  await url(page).fill(`${ECHO}/anything/inherited`)
  await section(page, 'Autorisierung')
  await expect(page.getByRole('note')).toContainText('OAuth API')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'authorization')).toBe(`Bearer ${server.grants[0]?.accessToken}`)
  // The held token was used: the send fetched none.
  expect(server.grants).toHaveLength(1)
})

test('a token fetched before the first save stays with the request; another Client-ID or Scope hides it', async ({
  page,
}) => {
  await openApp(page)
  await newCollection(page, 'Saved later')
  await page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab').first().click()
  await chooseOAuth(page, 'Client credentials')
  await page.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
  await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
  await page.getByLabel('Client-Secret').fill(OAUTH_APP.clientSecret)
  await page.getByRole('textbox', { name: 'Scope' }).fill('read')
  await fetchButton(page).click()
  await expect(panel(page)).toContainText('Scopes: read')

  await page.keyboard.press(`${MOD}+s`)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Orders')
  await dialog.getByRole('treeitem', { name: 'Saved later' }).click()
  await dialog.getByRole('button', { name: 'Hier speichern' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(panel(page)).toContainText('Scopes: read')
  const echo = await sendAndEcho(page)
  expect(header(echo, 'authorization')).toBe(`Bearer ${server.grants[0]?.accessToken}`)
  expect(server.grants).toHaveLength(1)

  await page.getByRole('textbox', { name: 'Client-ID' }).fill('another-client')
  await expect(panel(page)).toContainText('No token held.')
  await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
  await expect(panel(page)).toContainText('Scopes: read')
  await page.getByRole('textbox', { name: 'Scope' }).fill('read write')
  await expect(panel(page)).toContainText('No token held.')
})

test('Generate Code of an unsaved tab includes the token held for it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openApp(page)
  await chooseOAuth(page, 'Client credentials')
  await page.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
  await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
  await page.getByLabel('Client-Secret').fill(OAUTH_APP.clientSecret)
  await fetchButton(page).click()
  await expect(panel(page)).toContainText(/Expires /)
  await page.getByRole('button', { name: 'Generate Code', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Generate Code' })
  await expect(dialog.getByRole('checkbox', { name: 'Include auth' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('Copied')
  const code = await page.evaluate(() => navigator.clipboard.readText())
  expect(code).toContain(`Bearer ${server.grants[0]?.accessToken}`)
})

test.describe('with the service worker in charge, as in the installed app', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the popup sign-in comes back through the precached callback page', async ({ page }) => {
    await openApp(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await chooseOAuth(page, 'Authorization Code + PKCE')
    await page.getByRole('textbox', { name: 'Authorization-URL' }).fill(server.authUrl)
    await page.getByRole('textbox', { name: 'Token-URL' }).fill(server.tokenUrl)
    await page.getByRole('textbox', { name: 'Client-ID' }).fill(OAUTH_APP.clientId)
    const popup = page.waitForEvent('popup')
    await fetchButton(page).click()
    await (await popup).waitForEvent('close')
    await expect(panel(page)).toContainText('Refresh token held')
    expect(server.grants.at(-1)).toMatchObject({ grant: 'authorization_code' })
  })
})

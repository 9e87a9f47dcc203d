import { expect, test } from '@playwright/test'
import { newCollection, openApp, row, rowMenu, urlField } from './helpers.ts'

test.use({ serviceWorkers: 'allow' })

test('after one online visit the app starts and works offline, Monaco included', async ({
  page,
  context,
}) => {
  await openApp(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json())
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512'])

  await context.setOffline(true)
  await page.reload()
  await expect(urlField(page)).toBeVisible()
  await newCollection(page, 'Offline API')
  await urlField(page).fill('https://offline.test/works')

  // The script editor's lazy chunks and font come from the precache.
  await rowMenu(page, 'Offline API', 'Einstellungen')
  await page.getByRole('dialog').getByRole('tab', { name: 'Skript' }).click()
  await expect(page.locator('.code-editor[data-ready="true"]').first()).toBeVisible()
  await expect(page.locator('.monaco-editor').first()).toBeVisible()
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(row(page, 'Offline API')).toBeVisible()
  await expect(urlField(page)).toHaveValue('https://offline.test/works')

  // The OAuth 2.0 sign-in callback page and its script are precached too.
  await page.goto('/oauth/callback?code=c&state=s')
  await expect(page).toHaveTitle('Sendbox sign-in')
  await expect(page.getByRole('status')).toHaveText('Signed in. You can close this window.')
})

/** The Import dialog and its worker come from the service worker's precache: an import works offline. */
import { expect, test } from '@playwright/test'
import { postmanCollection } from '../helpers/postman.ts'
import { openApp, row, sidebar } from './helpers.ts'

test.use({ serviceWorkers: 'allow' })

test('after one online visit, a collection imports offline', async ({ page, context }) => {
  await openApp(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await context.setOffline(true)
  await page.reload()
  await expect(sidebar(page).getByRole('button', { name: 'Import', exact: true })).toBeVisible()
  await sidebar(page).getByRole('button', { name: 'Import', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Import', exact: true })
  const text = JSON.stringify(
    postmanCollection('Offline Shop', [{ name: 'Ping', request: { method: 'GET', url: 'https://x.test/' } }]),
  )
  await dialog.getByRole('textbox', { name: 'Paste a collection or environment' }).fill(text)
  await dialog.getByRole('button', { name: 'Read pasted text' }).click()
  await expect(dialog.getByRole('region', { name: 'What will be imported' })).toContainText(
    'Offline Shop: 1 request',
  )
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(row(page, 'Offline Shop')).toBeVisible()
})

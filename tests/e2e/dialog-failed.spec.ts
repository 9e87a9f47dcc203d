/**
 * A dialog whose chunk cannot load says so, instead of nothing happening on the click; the rest of
 * the app keeps working and the message closes like any dialog.
 */
import { expect, test } from '@playwright/test'
import { openApp, sidebar } from './helpers.ts'

test('a dialog whose code cannot load says why, closes, and leaves the app working', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
  await page.route('**/assets/import-dialog-*.js', (route) => route.abort('connectionrefused'))
  await openApp(page)
  await sidebar(page).getByRole('button', { name: 'Import', exact: true }).click()
  const failed = page.getByRole('dialog', { name: 'Could not open', exact: true })
  await expect(failed.getByRole('alert')).toContainText('This window could not open:')
  await expect(failed.getByRole('alert')).toContainText('reload the app and try again')
  expect(warnings.join('\n')).toContain('import-dialog')
  await failed.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(failed).toHaveCount(0)
  // Another dialog still opens.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
})

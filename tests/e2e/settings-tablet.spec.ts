import { expect, test } from '@playwright/test'
import { MOD, openApp, smallTouchTargets, urlField } from './helpers.ts'

test('proxy and certificate settings say they need the relay when none is reachable', async ({ page }) => {
  // No relay answers: the page falls back to its own fetch.
  await page.route('**/relay/**', (route) => route.abort('connectionrefused'))
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.getByRole('tab', { name: 'Proxy' }).click()
  await expect(dialog.getByRole('status')).toContainText('No relay is reachable')
  await dialog.getByRole('tab', { name: 'Zertifikate' }).click()
  await expect(dialog.getByRole('status')).toContainText('No relay is reachable')
  await dialog.getByRole('tab', { name: 'Editor' }).click()
  await expect(dialog.getByRole('status')).toHaveCount(0)
})

test('no relay notice while the relay answers', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.getByRole('tab', { name: 'Proxy' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Enable Proxy' })).toBeVisible()
  await expect(dialog.getByText('No relay is reachable')).toHaveCount(0)
})

test.describe('tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true })

  test('history, runs and every settings section have touch targets of at least 40 px', async ({ page }) => {
    await openApp(page)
    await page.getByRole('button', { name: 'Verlauf', exact: true }).click()
    await urlField(page).fill('http://127.0.0.1:9/unreachable')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const panel = page.getByRole('navigation', { name: 'Verlauf' })
    await expect(panel.locator('.history-entry')).toHaveCount(1)
    expect(await smallTouchTargets(page)).toEqual([])
    // Tapping an entry opens it (no hover or right click needed).
    await panel.locator('.history-entry').tap()
    await expect(urlField(page)).toHaveValue('http://127.0.0.1:9/unreachable')

    await page.keyboard.press(`${MOD}+t`)
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Settings' })
    for (const section of ['Editor', 'Proxy', 'Zertifikate', 'Tastatur']) {
      await dialog.getByRole('tab', { name: section }).tap()
      if (section === 'Zertifikate') {
        await dialog.getByRole('button', { name: 'Add certificate' }).tap()
        await dialog.getByRole('button', { name: 'Add CA certificate' }).tap()
      }
      expect(await smallTouchTargets(page, 'dialog'), section).toEqual([])
    }
  })
})

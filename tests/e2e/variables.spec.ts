import { expect, test, type Page } from '@playwright/test'
import { newCollection, openApp, rowMenu } from './helpers.ts'
import { addVariable } from './send-helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

const WITHHELD = 'Scripts cannot read this secret. Click to allow script access (needed for request signing).'
const ALLOWED = 'Scripts may read this secret. Click to withhold it from scripts.'

async function openVariables(page: Page, scope: string) {
  await page.getByRole('button', { name: 'Variables', exact: true }).click()
  await page.getByRole('tab', { name: scope, exact: true }).click()
}

test('global and workspace variables are kept', async ({ page }) => {
  await openVariables(page, 'Global')
  await addVariable(page.getByRole('table', { name: 'Global' }), 'baseUrl', 'https://api.test')
  await page.getByRole('tab', { name: 'Workspace' }).click()
  await addVariable(page.getByRole('table', { name: 'Workspace' }), 'team', 'core')
  await page.getByRole('button', { name: 'Close', exact: true }).click()

  await page.reload()
  await openVariables(page, 'Global')
  await expect(page.getByRole('textbox', { name: 'Value baseUrl' })).toHaveValue('https://api.test')
  await page.getByRole('tab', { name: 'Workspace' }).click()
  await expect(page.getByRole('textbox', { name: 'Value team' })).toHaveValue('core')
})

test('environments: create, select, and a secret with its script-access toggle', async ({ page }) => {
  await openVariables(page, 'Environment')
  await page.getByRole('button', { name: 'New Environment' }).click()
  await page.getByRole('textbox', { name: 'Environment name' }).fill('Staging')
  await page.getByRole('textbox', { name: 'Environment name' }).press('Enter')
  const table = page.getByRole('table', { name: 'Staging' })
  // Flagged secret before its value is typed: the value never enters the workspace.
  const newKey = table.getByRole('textbox', { name: 'Variable (new)' })
  await newKey.fill('clientSecret')
  await newKey.press('Enter')
  await table.getByRole('checkbox', { name: 'Secret: clientSecret' }).check()
  const valueField = table.getByRole('textbox', { name: 'Value clientSecret' })
  await expect(valueField).toHaveAttribute('type', 'password')
  await valueField.fill('s3cr3t')
  await valueField.press('Enter')

  const toggle = table.getByRole('button', { name: WITHHELD })
  await expect(toggle).toHaveAttribute('title', WITHHELD)
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(table.getByRole('button', { name: ALLOWED })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Close', exact: true }).click()

  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Staging' })
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue(/.+/)
  await page.getByRole('button', { name: 'Variables', exact: true }).click()
  // The secret value came back from this device; access stays allowed.
  await expect(page.getByRole('textbox', { name: 'Value clientSecret' })).toHaveValue('s3cr3t')
  await expect(page.getByRole('button', { name: ALLOWED })).toBeVisible()

  // The value is stored in the device database only, never in the (synced) workspace.
  const stored = (db: string) =>
    page.evaluate(async (name) => {
      const open = indexedDB.open(name)
      const conn = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
      const all = conn.transaction('updates').objectStore('updates').getAll()
      const updates = await new Promise<Uint8Array[]>(
        (resolve) => (all.onsuccess = () => resolve(all.result)),
      )
      conn.close()
      return updates.map((u) => new TextDecoder().decode(u)).join('')
    }, db)
  expect(await stored('sendbox-workspace-default')).toContain('clientSecret')
  expect(await stored('sendbox-workspace-default')).not.toContain('s3cr3t')
  expect(await stored('sendbox-device')).toContain('s3cr3t')
})

test('collection settings: authorization, variables and scripts with a syntax check', async ({ page }) => {
  await newCollection(page, 'Signed API')
  await rowMenu(page, 'Signed API', 'Einstellungen')
  const dialog = page.getByRole('dialog', { name: 'Einstellungen: Signed API' })
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bearer Token' })
  await dialog.getByRole('textbox', { name: 'Token' }).fill('{{token}}')
  await dialog.getByRole('textbox', { name: 'Token' }).press('Enter')

  await dialog.getByRole('tab', { name: 'Variables' }).click()
  await addVariable(dialog.getByRole('table', { name: 'Variables' }), 'token', 'abc')

  await dialog.getByRole('tab', { name: 'Skript' }).click()
  await expect(dialog.locator('.monaco-editor').first()).toBeVisible()
  await dialog.locator('.monaco-editor').first().click()
  await page.keyboard.type('let broken = (\n')
  await expect(dialog.getByRole('status')).toContainText('SyntaxError')
  await page.keyboard.press('Control+a')
  await page.keyboard.type('svc.environment.set("a", "b")')
  await expect(dialog.getByRole('status')).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await rowMenu(page, 'Signed API', 'Einstellungen')
  await expect(dialog.getByRole('textbox', { name: 'Token' })).toHaveValue('{{token}}')
  await dialog.getByRole('tab', { name: 'Variables' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Value token' })).toHaveValue('abc')
  await dialog.getByRole('tab', { name: 'Skript' }).click()
  await expect(dialog.locator('.monaco-editor').first()).toContainText('svc.environment.set')
})

test('a folder can inherit its authorization from its collection', async ({ page }) => {
  await newCollection(page, 'Parent')
  await rowMenu(page, 'Parent', 'Hinzufügen', 'Ordner')
  await rowMenu(page, 'New Folder', 'Einstellungen')
  const type = page.getByRole('dialog').getByRole('combobox', { name: 'Type' })
  await expect(type).toHaveValue('inherit')
  await expect(type.locator('option', { hasText: 'Inherit from parent' })).toHaveCount(1)
})

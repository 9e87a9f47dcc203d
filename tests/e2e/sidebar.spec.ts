import { expect, test } from '@playwright/test'
import { newCollection, openApp, renameRow, row, rowMenu, sidebar, tabs, urlField } from './helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

test('creates a collection, a request and a folder inside it', async ({ page }) => {
  await newCollection(page, 'Shop API')
  await rowMenu(page, 'Shop API', 'Hinzufügen', 'Anfrage')
  await expect(row(page, 'New Request')).toBeVisible()
  await expect(row(page, 'New Request')).toHaveAttribute('aria-level', '2')
  await rowMenu(page, 'Shop API', 'Hinzufügen', 'Ordner')
  await expect(row(page, 'New Folder')).toHaveAttribute('aria-level', '2')
  await rowMenu(page, 'New Folder', 'Hinzufügen', 'Anfrage')
  await expect(sidebar(page).getByRole('treeitem', { name: 'New Request' })).toHaveCount(2)
  await expect(sidebar(page).getByRole('treeitem', { name: 'New Request' }).nth(1)).toHaveAttribute(
    'aria-level',
    '3',
  )
})

test('renames, duplicates and deletes with confirmation', async ({ page }) => {
  await newCollection(page, 'Shop API')
  await rowMenu(page, 'Shop API', 'Hinzufügen', 'Anfrage')
  await renameRow(page, 'New Request', 'List orders')
  await rowMenu(page, 'List orders', 'Duplizieren')
  await expect(row(page, 'List orders Copy')).toBeVisible()

  await rowMenu(page, 'List orders Copy', 'Löschen')
  const dialog = page.getByRole('dialog', { name: 'Delete "List orders Copy"?' })
  await expect(dialog).toContainText('It goes to Recently deleted, where it can be restored.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(row(page, 'List orders Copy')).toBeVisible()

  await rowMenu(page, 'List orders Copy', 'Löschen')
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click()
  await expect(row(page, 'List orders Copy')).toHaveCount(0)
  await expect(row(page, 'List orders')).toBeVisible()
})

test('Escape cancels a rename in the sidebar', async ({ page }) => {
  await newCollection(page, 'Keep me')
  await rowMenu(page, 'Keep me', 'Umbenennen')
  const field = sidebar(page).getByRole('textbox', { name: 'Umbenennen' })
  await field.fill('Changed')
  await field.press('Escape')
  await expect(row(page, 'Keep me')).toBeVisible()
  await expect(row(page, 'Changed')).toHaveCount(0)
})

test('opens a request from the sidebar in a tab, once', async ({ page }) => {
  await newCollection(page, 'Shop API')
  await rowMenu(page, 'Shop API', 'Hinzufügen', 'Anfrage')
  const before = await tabs(page).count()
  await row(page, 'New Request').click()
  await row(page, 'New Request').click()
  await expect(tabs(page)).toHaveCount(before)
  await expect(page.getByRole('button', { name: 'Request name: New Request' })).toBeVisible()
  await expect(urlField(page)).toHaveValue('')
})

test('the sidebar context menu also opens by right-click and by keyboard', async ({ page }) => {
  await newCollection(page, 'Menus')
  await row(page, 'Menus').click({ button: 'right' })
  await expect(page.getByRole('menu', { name: 'Menus' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await row(page, 'Menus').focus()
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem', { name: 'Hinzufügen' })).toBeFocused()
})

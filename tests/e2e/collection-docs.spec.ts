/**
 * One doc per collection (docs/collection-docs.md), switched on: a workspace saved by the current
 * release is split on open into a database per collection, shows and opens its requests, and
 * what is made afterwards is there after a reload.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { seedWorkspace } from '../fixtures/big-workspace.ts'
import { newCollection, openApp, row, rowMenu, urlField } from './helpers.ts'

const release = readFileSync(new URL('../fixtures/release-workspace/workspace.bin', import.meta.url))

async function switchOn(page: Page) {
  await openApp(page)
  await page.evaluate(() => localStorage.setItem('sendbox-collection-docs', '1'))
}

const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? '').sort())

test('a release workspace is split on open and its requests open from their collection', async ({ page }) => {
  await switchOn(page)
  await seedWorkspace(page, release)
  await page.reload()
  await expect(row(page, 'API')).toBeVisible()
  await expect(row(page, 'Other')).toBeVisible()
  await expect.poll(async () => (await databases(page)).filter((name) => name.includes('/c/')).length).toBe(2)
  await row(page, 'API').click()
  await expect(row(page, 'Request 7')).toBeVisible()
  await row(page, 'Request 7').click()
  await expect(urlField(page)).toHaveValue('https://api.example.test/items/7?page=0')
  // Inside a folder, and after a reload (the collection stays expanded, its doc loads again).
  await row(page, 'Users').click()
  await expect(row(page, 'Request 3')).toBeVisible()
  await page.reload()
  await expect(row(page, 'Request 3')).toBeVisible()
})

test('a collection made with the switch on keeps its requests across a reload', async ({ page }) => {
  await switchOn(page)
  await page.reload()
  await newCollection(page, 'Split Shop')
  await rowMenu(page, 'Split Shop', 'Hinzufügen', 'Anfrage')
  await expect(row(page, 'New Request')).toBeVisible()
  await expect(page.getByText('Saving…')).toHaveCount(0)
  await page.reload()
  // Still expanded: its doc loads again.
  await expect(row(page, 'Split Shop')).toBeVisible()
  await expect(row(page, 'New Request')).toBeVisible()
})

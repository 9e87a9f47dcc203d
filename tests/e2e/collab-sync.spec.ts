/**
 * Issue 16, what works with the sync-server as it is: every workspace syncs to the server that
 * served the app, with `Sync status`; live edits, presence and offline edits between two browsers
 * in one room (here: one owner's two devices, both holding the server's access token).
 */
import { expect, test } from '@playwright/test'
import {
  newCollection,
  press,
  row,
  rowMenu,
  sidebar,
  renameRow,
  smallTouchTargets,
  urlField,
  WIDTHS,
} from './helpers.ts'
import {
  hideSidebar,
  peopleHere,
  person,
  randomRoom,
  showSidebar,
  syncStatus,
  waitSynced,
} from './collab-helpers.ts'

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`

test('the own workspace syncs to the serving server: Synced, Offline with the local changes, Synced again', async ({
  browser,
}) => {
  const room = randomRoom()
  const a = await person(browser, baseURL, { ownRoom: room })
  await a.page.goto('/')
  await waitSynced(a.page)
  await a.context.setOffline(true)
  await expect(syncStatus(a.page)).toHaveText(/^Offline/, { timeout: 15_000 })
  await newCollection(a.page, 'Made offline')
  await expect(syncStatus(a.page)).toContainText(/\d+ local changes? not yet on the server/)
  await a.context.setOffline(false)
  await expect(syncStatus(a.page)).toHaveText(/^Synced$/, { timeout: 15_000 })

  // The server holds it: a fresh browser on the same room gets it without the first one.
  await a.context.close()
  const b = await person(browser, baseURL, { ownRoom: room })
  await b.page.goto('/')
  await showSidebar(b.page)
  await expect(row(b.page, 'Made offline')).toBeVisible()
  await b.context.close()
})

for (const [label, viewport, hasTouch] of [
  ['1280 px', { width: 1280, height: 800 }, false],
  ['768 px touch', { width: 768, height: 1024 }, true],
] as const) {
  test(`${label}: live edits both ways and presence between two browsers`, async ({ browser }) => {
    const room = randomRoom()
    const ada = await person(browser, baseURL, { name: 'Ada Lovelace', ownRoom: room, viewport, hasTouch })
    const bob = await person(browser, baseURL, { name: 'Bob', ownRoom: room, viewport, hasTouch })
    await Promise.all([ada.page.goto('/'), bob.page.goto('/')])
    await Promise.all([waitSynced(ada.page), waitSynced(bob.page)])

    await newCollection(ada.page, 'Team API')
    await expect(row(bob.page, 'Team API')).toBeVisible({ timeout: 2000 })
    await rowMenu(bob.page, 'Team API', 'Hinzufügen', 'Anfrage')
    await showSidebar(bob.page)
    await renameRow(bob.page, 'New Request', 'List users')
    await showSidebar(ada.page)
    await row(ada.page, 'Team API').click()
    await expect(row(ada.page, 'List users')).toBeVisible({ timeout: 2000 })

    // Both open the request: each sees the other in the request header and on the sidebar row.
    await row(ada.page, 'List users').click()
    await showSidebar(bob.page)
    await row(bob.page, 'List users').click()
    await expect(peopleHere(ada.page).getByRole('img', { name: 'Bob', exact: true })).toBeVisible()
    await expect(peopleHere(bob.page).getByRole('img', { name: 'Ada Lovelace', exact: true })).toHaveText(
      'AL',
    )
    await expect(ada.page.getByRole('tab', { name: 'List users' }).getByRole('img')).toHaveAccessibleName(
      'Also here: Bob',
    )

    // A saved URL edit reaches the other's open tab (it has no edits of its own).
    await urlField(ada.page).fill('https://api.example.test/users')
    await ada.page.keyboard.press('Control+s')
    await expect(urlField(bob.page)).toHaveValue('https://api.example.test/users', { timeout: 2000 })
    await urlField(bob.page).fill('https://api.example.test/users?page=2')
    await bob.page.keyboard.press('Control+s')
    await expect(urlField(ada.page)).toHaveValue('https://api.example.test/users?page=2', { timeout: 2000 })

    // Both change the same URL in their tabs, in different places, and save: both edits survive.
    await urlField(ada.page).fill('https://api.example.test/v2/users?page=2')
    await urlField(bob.page).fill('https://api.example.test/users?page=2&sort=name')
    await ada.page.keyboard.press('Control+s')
    await bob.page.keyboard.press('Control+s')
    const both = 'https://api.example.test/v2/users?page=2&sort=name'
    await expect(urlField(bob.page)).toHaveValue(both, { timeout: 2000 })
    await expect(urlField(ada.page)).toHaveValue(both, { timeout: 2000 })
    await expect(ada.page.getByRole('tab', { name: 'List users' }).getByRole('button')).toHaveAttribute(
      'data-dirty',
      'false',
    )

    // Leaving takes the avatar away.
    await bob.context.close()
    await expect(peopleHere(ada.page)).toHaveCount(0, { timeout: 15_000 })
    await ada.context.close()
  })
}

test('two people edit offline, the same collection included, and converge on reconnecting', async ({
  browser,
}) => {
  const room = randomRoom()
  const ada = await person(browser, baseURL, { name: 'Ada', ownRoom: room })
  const bob = await person(browser, baseURL, { name: 'Bob', ownRoom: room })
  await Promise.all([ada.page.goto('/'), bob.page.goto('/')])
  await Promise.all([waitSynced(ada.page), waitSynced(bob.page)])
  await newCollection(ada.page, 'Shared')
  await expect(row(bob.page, 'Shared')).toBeVisible()

  await Promise.all([ada.context.setOffline(true), bob.context.setOffline(true)])
  await expect(syncStatus(ada.page)).toHaveText(/^Offline/, { timeout: 15_000 })
  await expect(syncStatus(bob.page)).toHaveText(/^Offline/, { timeout: 15_000 })
  await rowMenu(ada.page, 'Shared', 'Hinzufügen', 'Anfrage')
  await renameRow(ada.page, 'New Request', 'Made by Ada')
  await rowMenu(bob.page, 'Shared', 'Hinzufügen', 'Ordner')
  await renameRow(bob.page, 'New Folder', 'Made by Bob')
  await newCollection(bob.page, 'Bob offline')

  await Promise.all([ada.context.setOffline(false), bob.context.setOffline(false)])
  for (const page of [ada.page, bob.page]) {
    await expect(syncStatus(page)).toHaveText(/^Synced$/, { timeout: 15_000 })
    await expect(row(page, 'Made by Ada')).toBeVisible()
    await expect(row(page, 'Made by Bob')).toBeVisible()
    await expect(row(page, 'Bob offline')).toBeVisible()
  }
  await Promise.all([ada.context.close(), bob.context.close()])
})

for (const [label, use] of WIDTHS) {
  test(`${label}: items deleted by one while the other edited them offline are restorable, with the edits`, async ({
    browser,
  }) => {
    const room = randomRoom()
    const ada = await person(browser, baseURL, { name: 'Ada', ownRoom: room, ...use })
    const bob = await person(browser, baseURL, { name: 'Bob', ownRoom: room, ...use })
    await Promise.all([ada.page.goto('/'), bob.page.goto('/')])
    await Promise.all([waitSynced(ada.page), waitSynced(bob.page)])
    await newCollection(ada.page, 'Shared')
    for (const name of ['Users', 'Orders']) {
      await rowMenu(ada.page, 'Shared', 'Hinzufügen', 'Anfrage')
      await showSidebar(ada.page)
      await renameRow(ada.page, 'New Request', name)
      await showSidebar(ada.page)
    }
    await showSidebar(bob.page)
    await row(bob.page, 'Shared').click()
    await row(bob.page, 'Users').click()
    await showSidebar(bob.page)
    await row(bob.page, 'Orders').click()
    await expect(bob.page.getByRole('tab', { name: 'Orders' })).toBeVisible()

    await Promise.all([ada.context.setOffline(true), bob.context.setOffline(true)])
    await showSidebar(bob.page)
    await expect(syncStatus(bob.page)).toHaveText(/^Offline/, { timeout: 15_000 })
    for (const name of ['Users', 'Orders']) {
      await showSidebar(ada.page)
      await rowMenu(ada.page, name, 'Löschen')
      await press(ada.page.getByRole('dialog').getByRole('button', { name: 'Löschen' }), use.hasTouch)
    }
    for (const [name, path] of [
      ['Orders', 'orders-offline'],
      ['Users', 'users-offline'],
    ]) {
      await hideSidebar(bob.page)
      await press(bob.page.getByRole('tab', { name }), use.hasTouch)
      await urlField(bob.page).fill(`https://api.example.test/${path}`)
      await bob.page.keyboard.press('Control+s')
      await expect(bob.page.getByRole('tab', { name }).getByRole('button')).toHaveAttribute(
        'data-dirty',
        'false',
      )
    }

    await Promise.all([ada.context.setOffline(false), bob.context.setOffline(false)])
    // The delete wins in the tree; Bob's tabs keep his edits, now unsaved.
    await showSidebar(bob.page)
    await expect(row(bob.page, 'Users')).toHaveCount(0, { timeout: 15_000 })
    await expect(row(bob.page, 'Orders')).toHaveCount(0)
    const usersTab = bob.page.getByRole('tab', { name: 'Users' })
    await hideSidebar(bob.page)
    await expect(usersTab.getByRole('button')).toHaveAttribute('data-dirty', 'true')
    await expect(urlField(bob.page)).toHaveValue('https://api.example.test/users-offline')

    // Ada restores Orders from Recently deleted: back where it was, with Bob's offline edit.
    await showSidebar(ada.page)
    await press(ada.page.getByRole('button', { name: 'Recently deleted' }), use.hasTouch)
    const trash = ada.page.getByRole('dialog', { name: 'Recently deleted' })
    await expect(trash.getByRole('listitem')).toHaveCount(2)
    if (use.hasTouch) expect(await smallTouchTargets(ada.page, 'dialog')).toEqual([])
    await press(trash.getByRole('button', { name: 'Restore Orders' }), use.hasTouch)
    await expect(trash.getByRole('listitem')).toHaveCount(1)
    await press(trash.getByRole('button', { name: 'Close' }), use.hasTouch)
    await showSidebar(ada.page)
    await row(ada.page, 'Orders').click()
    await expect(urlField(ada.page)).toHaveValue('https://api.example.test/orders-offline')
    await showSidebar(bob.page)
    await expect(row(bob.page, 'Orders')).toBeVisible({ timeout: 5000 })

    // Bob saves his Users tab: that restores it in place, no question asked.
    await hideSidebar(bob.page)
    await press(usersTab, use.hasTouch)
    await bob.page.keyboard.press('Control+s')
    await expect(bob.page.getByRole('dialog', { name: 'Anfrage speichern' })).toHaveCount(0)
    await expect(usersTab.getByRole('button')).toHaveAttribute('data-dirty', 'false')
    await showSidebar(ada.page)
    await expect(row(ada.page, 'Users')).toBeVisible({ timeout: 5000 })
    await row(ada.page, 'Users').click()
    await expect(urlField(ada.page)).toHaveValue('https://api.example.test/users-offline')
    await Promise.all([ada.context.close(), bob.context.close()])
  })
}

test('a rename keeps its field, focus and typing while the other person’s edits re-render and move its row', async ({
  browser,
}) => {
  const room = randomRoom()
  const ada = await person(browser, baseURL, { name: 'Ada', ownRoom: room })
  const bob = await person(browser, baseURL, { name: 'Bob', ownRoom: room })
  await Promise.all([ada.page.goto('/'), bob.page.goto('/')])
  await Promise.all([waitSynced(ada.page), waitSynced(bob.page)])
  await newCollection(ada.page, 'Alpha')
  await expect(row(bob.page, 'Alpha')).toBeVisible()
  // Open on Ada's side, so a request Bob adds to it is a row above the one she renames.
  await row(ada.page, 'Alpha').click()
  await expect(row(ada.page, 'Alpha')).toHaveAttribute('aria-expanded', 'true')

  await sidebar(ada.page).getByRole('button', { name: 'New Collection', exact: true }).click()
  const field = sidebar(ada.page).getByRole('textbox', { name: 'Umbenennen' })
  await expect(field).toBeFocused()
  await ada.page.keyboard.type('Team')

  // Bob's rename re-reads Ada's tree: her row is another object with the old name.
  await renameRow(bob.page, 'Alpha', 'Alpha 2')
  await expect(row(ada.page, 'Alpha 2')).toBeVisible()
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('Team')

  // Bob's new request is a row above Ada's: her row moves to another (pooled) row element.
  await rowMenu(bob.page, 'Alpha 2', 'Hinzufügen', 'Anfrage')
  await expect(row(ada.page, 'New Request')).toBeVisible()
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('Team')

  await ada.page.keyboard.type(' API')
  await ada.page.keyboard.press('Enter')
  await expect(row(ada.page, 'Team API')).toBeVisible()
  await expect(row(bob.page, 'Team API')).toBeVisible()
  await Promise.all([ada.context.close(), bob.context.close()])
})

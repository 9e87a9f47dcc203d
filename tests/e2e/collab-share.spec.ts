/**
 * Issue 16, sharing: two people in two browser contexts (separate storage). The owner shares
 * through `Share workspace`; the other opens the invite link with nothing stored, joins, and both
 * edit live and see each other. Needs the sync-server's share endpoints (sync-server/README.md,
 * "Sharing").
 */
import { expect, test, type Page } from '@playwright/test'
import {
  activeTab,
  newCollection,
  press,
  renameRow,
  row,
  rowMenu,
  sidebar,
  smallTouchTargets,
  urlField,
  WIDTHS,
} from './helpers.ts'
import { peopleHere, person, randomRoom, showSidebar, syncStatus, waitSynced } from './collab-helpers.ts'

const PORT = process.env.E2E_PORT ?? 4317
const baseURL = `http://127.0.0.1:${PORT}`
const ECHO = `http://127.0.0.1:${process.env.E2E_ECHO_PORT ?? 4319}`

// Until the server side of issue 16 is merged, this server has no share endpoints: the suite says
// so as skipped instead of failing on a missing route. With them, an unknown invite is a 404 `invalid`.
test.beforeAll(async ({ request }) => {
  const probe = await request.get(`${baseURL}/sync/invite/probe-0123456789abcdefghij`)
  const body = (await probe.json().catch(() => null)) as { code?: string } | null
  test.skip(body?.code !== 'invalid', 'the sync-server has no share endpoints (GET /sync/invite/<token>) yet')
})

const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share workspace' })

/** Opens `Share workspace` at the given access level and returns the invite link. */
async function inviteLink(page: Page, access: 'Can edit' | 'Can view' = 'Can edit'): Promise<string> {
  await showSidebar(page)
  await page.getByRole('button', { name: 'Share workspace' }).click()
  const dialog = shareDialog(page)
  await expect(dialog.getByRole('radio', { name: 'Can edit' })).toBeChecked()
  const field = dialog.getByRole('textbox', { name: 'Invite link' })
  await expect(field).toHaveValue(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/join/[A-Za-z0-9_-]{22,}$`))
  if (access === 'Can view') {
    const before = await field.inputValue()
    await dialog.getByRole('radio', { name: 'Can view' }).check()
    await expect(field).not.toHaveValue(before)
    await expect(field).toHaveValue(/\/join\//)
  }
  await expect(field).toHaveAttribute('readonly', '')
  return field.inputValue()
}

/** Opens the link in a fresh context and joins under `name`. */
async function join(page: Page, link: string, name: string, workspaceName: string): Promise<void> {
  await page.goto(link)
  await expect(page.getByRole('heading', { name: workspaceName })).toBeVisible()
  await page.getByRole('button', { name: 'Join workspace' }).click()
  await page.getByRole('textbox', { name: 'Your name' }).fill(name)
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
}

for (const [label, viewport, hasTouch] of [
  ['1280 px', { width: 1280, height: 800 }, false],
  ['768 px touch', { width: 768, height: 1024 }, true],
] as const) {
  test(`${label}: share, join, live edits both ways, presence; the joiner sends without the relay`, async ({
    browser,
  }) => {
    const ada = await person(browser, baseURL, { name: 'Ada', ownRoom: randomRoom(), viewport, hasTouch })
    await ada.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    const bob = await person(browser, baseURL, { viewport, hasTouch, joiner: true })
    await ada.page.goto('/')
    await waitSynced(ada.page)
    await newCollection(ada.page, 'Team API')
    await rowMenu(ada.page, 'Team API', 'Hinzufügen', 'Anfrage')
    await showSidebar(ada.page)
    await renameRow(ada.page, 'New Request', 'List users')

    const link = await inviteLink(ada.page)
    if (hasTouch) expect(await smallTouchTargets(ada.page, 'dialog')).toEqual([])
    await shareDialog(ada.page).getByRole('button', { name: 'Copy link' }).click()
    await expect(shareDialog(ada.page)).toContainText('Link copied.')
    expect(await ada.page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    await join(bob.page, link, 'Bob', 'Ada’s workspace')
    await showSidebar(bob.page)
    if (hasTouch) expect(await smallTouchTargets(bob.page, '.collab-bar')).toEqual([])
    await expect(row(bob.page, 'Team API')).toBeVisible()
    // Beside Bob's own workspace, which stays his.
    await expect(bob.page.getByRole('combobox', { name: 'Workspace' })).toContainText('My workspace')
    await expect(shareDialog(ada.page).getByRole('listitem').filter({ hasText: 'Bob' })).toBeVisible()
    await shareDialog(ada.page).getByRole('button', { name: 'Close' }).click()

    // Live edits both ways.
    await row(bob.page, 'Team API').click()
    await row(bob.page, 'List users').click()
    await showSidebar(ada.page)
    await row(ada.page, 'List users').click()
    await urlField(ada.page).fill(`${ECHO}/get?from=ada`)
    await ada.page.keyboard.press('Control+s')
    await expect(urlField(bob.page)).toHaveValue(`${ECHO}/get?from=ada`, { timeout: 2000 })
    await showSidebar(bob.page)
    await renameRow(bob.page, 'Team API', 'Team API v2')
    await showSidebar(ada.page)
    await expect(row(ada.page, 'Team API v2')).toBeVisible({ timeout: 2000 })

    // Presence.
    await expect(peopleHere(ada.page).getByRole('img', { name: 'Bob', exact: true })).toBeVisible()
    await expect(peopleHere(bob.page).getByRole('img', { name: 'Ada', exact: true })).toBeVisible()

    // Bob's sends go through his own browser, never through Ada's relay.
    const relayCalls: string[] = []
    bob.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/relay')) relayCalls.push(request.url())
    })
    await bob.page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(
      bob.page
        .getByRole('note')
        .filter({ hasText: /direct|relay/i })
        .first(),
    ).toBeVisible()
    expect(relayCalls).toEqual([])
    await Promise.all([ada.context.close(), bob.context.close()])
  })
}

for (const [label, use] of WIDTHS) {
  test(`${label}: Can view: the joiner sees live changes and cannot change the workspace, Save included`, async ({
    browser,
  }) => {
    const { viewport, hasTouch } = use
    const ada = await person(browser, baseURL, { name: 'Ada', ownRoom: randomRoom(), viewport, hasTouch })
    const eve = await person(browser, baseURL, { name: 'Eve', joiner: true, viewport, hasTouch })
    await ada.page.goto('/')
    await waitSynced(ada.page)
    await newCollection(ada.page, 'Read me')
    await rowMenu(ada.page, 'Read me', 'Hinzufügen', 'Anfrage')
    await showSidebar(ada.page)
    await renameRow(ada.page, 'New Request', 'Look only')
    await showSidebar(ada.page)
    await row(ada.page, 'Look only').click()
    await urlField(ada.page).fill(`${ECHO}/get?by=ada`)
    await ada.page.getByRole('tab', { name: 'Description', exact: true }).click()
    await ada.page.getByRole('textbox', { name: 'Description', exact: true }).fill('Notes by Ada')
    await ada.page.keyboard.press('Control+s')
    await expect(activeTab(ada.page).getByRole('button')).toHaveAttribute('data-dirty', 'false')
    const link = await inviteLink(ada.page, 'Can view')
    await shareDialog(ada.page).getByRole('button', { name: 'Close' }).click()

    await eve.page.goto(link)
    await expect(eve.page.getByText('You will be able to view it, not change it.')).toBeVisible()
    // Eve's name is remembered on her device: she is not asked again.
    await eve.page.getByRole('button', { name: 'Join workspace' }).click()
    // Joining reloads the page into the app; the drawer can only be opened once that is there.
    await expect(eve.page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
    await showSidebar(eve.page)
    await expect(row(eve.page, 'Read me')).toBeVisible()
    await expect(sidebar(eve.page).getByText('View only')).toBeVisible()
    await expect(sidebar(eve.page).getByRole('button', { name: 'New Collection' })).toHaveCount(0)
    await rowMenu(eve.page, 'Read me', 'Umbenennen')
    const field = sidebar(eve.page).getByRole('textbox', { name: 'Umbenennen' })
    await field.fill('Changed by Eve')
    await field.press('Enter')
    await expect(row(eve.page, 'Read me')).toBeVisible()

    // Save, Ctrl+S and the unsaved-changes question's Save are refused; the draft stays in its tab.
    await showSidebar(eve.page)
    await row(eve.page, 'Read me').click()
    await row(eve.page, 'Look only').click()
    await expect(eve.page.getByRole('note').filter({ hasText: 'You can view this workspace' })).toBeVisible()
    await urlField(eve.page).fill(`${ECHO}/get?by=eve`)
    const refused = eve.page.getByRole('alert').filter({ hasText: 'Not saved: this workspace is view only.' })
    await press(eve.page.getByRole('button', { name: 'Save', exact: true }), hasTouch)
    await expect(refused).toBeVisible()
    await eve.page.keyboard.press('Control+s')
    await expect(urlField(eve.page)).toHaveValue(`${ECHO}/get?by=eve`)
    await expect(activeTab(eve.page).getByRole('button')).toHaveAttribute('data-dirty', 'true')
    await press(activeTab(eve.page).getByRole('button', { name: /^Close / }), hasTouch)
    const unsaved = eve.page.getByRole('dialog', { name: 'Unsaved changes' })
    await press(unsaved.getByRole('button', { name: 'Save', exact: true }), hasTouch)
    await expect(unsaved).toHaveCount(0)
    await expect(refused).toBeVisible()
    await expect(urlField(eve.page)).toHaveValue(`${ECHO}/get?by=eve`)
    if (hasTouch) expect(await smallTouchTargets(eve.page, '.request-header')).toEqual([])

    // Eve's copy of the workspace was not changed: reopened, the request shows Ada's URL.
    await press(activeTab(eve.page).getByRole('button', { name: /^Close / }), hasTouch)
    await press(unsaved.getByRole('button', { name: "Don't save" }), hasTouch)
    await showSidebar(eve.page)
    await row(eve.page, 'Look only').click()
    await expect(urlField(eve.page)).toHaveValue(`${ECHO}/get?by=ada`)
    // The request's description shows, and cannot be edited.
    await press(eve.page.getByRole('tab', { name: 'Description', exact: true }), hasTouch)
    const description = eve.page.getByRole('textbox', { name: 'Description', exact: true })
    await expect(description).toHaveValue('Notes by Ada')
    await expect(description).not.toBeEditable()

    await showSidebar(ada.page)
    await renameRow(ada.page, 'Read me', 'Read me too')
    await showSidebar(eve.page)
    await expect(row(eve.page, 'Read me too')).toBeVisible({ timeout: 2000 })
    await expect(row(ada.page, 'Changed by Eve')).toHaveCount(0)
    await expect(urlField(ada.page)).toHaveValue(`${ECHO}/get?by=ada`)
    await Promise.all([ada.context.close(), eve.context.close()])
  })
}

test('Stop sharing revokes the link: the joiner is disconnected, keeps the data, and the link says so', async ({
  browser,
}) => {
  const ada = await person(browser, baseURL, { name: 'Ada', ownRoom: randomRoom() })
  const bob = await person(browser, baseURL, { name: 'Bob', joiner: true })
  await ada.page.goto('/')
  await waitSynced(ada.page)
  await newCollection(ada.page, 'Soon private')
  const link = await inviteLink(ada.page)
  await bob.page.goto(link)
  await bob.page.getByRole('button', { name: 'Join workspace' }).click()
  await expect(row(bob.page, 'Soon private')).toBeVisible()
  await waitSynced(bob.page)

  await shareDialog(ada.page).getByRole('button', { name: 'Stop sharing' }).click()
  await expect(shareDialog(ada.page)).toContainText('Sharing stopped')
  await expect(shareDialog(ada.page).getByRole('textbox', { name: 'Invite link' })).toHaveValue('')
  await expect(syncStatus(bob.page)).toHaveText(/^Offline/, { timeout: 5000 })
  await expect(row(bob.page, 'Soon private')).toBeVisible()

  await expect(syncStatus(bob.page)).toContainText('link revoked')
  // Bob's link still opens his copy (nothing is lost); someone new gets a page saying it was revoked.
  await bob.page.reload()
  await expect(row(bob.page, 'Soon private')).toBeVisible()
  const carol = await person(browser, baseURL, { name: 'Carol', joiner: true })
  await carol.page.goto(link)
  await expect(carol.page.getByRole('heading', { name: 'This invite link was revoked.' })).toBeVisible()
  await expect(carol.page.getByRole('button', { name: 'Join workspace' })).toHaveCount(0)
  await carol.context.close()

  // A new link can be made afterwards.
  await shareDialog(ada.page).getByRole('button', { name: 'New link' }).click()
  await expect(shareDialog(ada.page).getByRole('textbox', { name: 'Invite link' })).toHaveValue(/\/join\//)
  await Promise.all([ada.context.close(), bob.context.close()])
})

test('a bad invite link gets a page saying so, never an empty workspace', async ({ page }) => {
  await page.goto('/join/not-a-real-token-0123456789abcdef')
  await expect(page.getByRole('heading', { name: 'This invite link is not valid.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Join workspace' })).toHaveCount(0)
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toHaveCount(0)
})

/**
 * `History` beyond the owner's online tab (sync-server `--git`): offline, the list shows the
 * versions the device saw last and says so; someone who joined through an invite link sees
 * `History` too, lists the versions, and restores one with an edit link (a view link shows no
 * `Restore`).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startAppServer, type AppServer } from './app-server.ts'
import { person, randomRoom, showSidebar } from './collab-helpers.ts'
import { activeTab, press, row, smallTouchTargets, urlField, WIDTHS } from './helpers.ts'
import { git } from '../helpers/git-cli.ts'

const servers: { app: AppServer; dir: string }[] = []

async function gitServer(): Promise<{ app: AppServer; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbox-e2e-git-shared-'))
  const started = { app: await startAppServer(['--git', dir]), dir }
  servers.push(started)
  return started
}

test.afterEach(async () => {
  for (const { app, dir } of servers.splice(0)) {
    await app.close().catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
})

/** The repository holding `<collection>/<name>.yaml`, once the mirror has written it. */
async function repoOf(dir: string, collection: string, name: string): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      () =>
        (found = readdirSync(dir).find((repo) => {
          try {
            return readFileSync(path.join(dir, repo, collection, `${name}.yaml`), 'utf8').length > 0
          } catch {
            return false
          }
        })),
      { timeout: 20_000 },
    )
    .toBeTruthy()
  return path.join(dir, found!)
}

/** Saves the open tab as `name` in a new collection, then saves two more URLs: three versions. */
async function saveThreeVersions(page: Page, dir: string, collection: string, touch: boolean) {
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible({ timeout: 15_000 })
  await urlField(page).fill('https://shop.test/v1')
  await press(page.getByRole('button', { name: 'Save', exact: true }), touch)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await press(dialog.getByRole('button', { name: 'New Collection' }), touch)
  await dialog.getByRole('textbox', { name: 'Collection name' }).fill(collection)
  await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Orders')
  await press(dialog.getByRole('button', { name: 'Hier speichern' }), touch)
  await expect(dialog).toHaveCount(0)
  const repo = await repoOf(dir, collection, 'Orders')
  for (const version of ['v2', 'v3']) {
    await urlField(page).fill(`https://shop.test/${version}`)
    await press(page.getByRole('button', { name: 'Save', exact: true }), touch)
    await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')
    await expect
      .poll(() => readFileSync(path.join(repo, collection, 'Orders.yaml'), 'utf8'), { timeout: 20_000 })
      .toContain(`https://shop.test/${version}`)
  }
  return repo
}

const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'History of Orders' })
const versions = (page: Page) => historyDialog(page).getByRole('list', { name: 'Versions' })

for (const [width, use] of WIDTHS) {
  test.describe(`git History, offline and shared, at ${width}`, () => {
    test.use(use)

    test('offline, History lists the versions this device saw last and says so', async ({
      page,
      context,
      hasTouch,
    }) => {
      test.setTimeout(90_000)
      const { app, dir } = await gitServer()
      await app.open(page)
      await saveThreeVersions(page, dir, `Offline ${hasTouch ? 'touch' : 'desk'}`, hasTouch)
      const history = page.getByRole('button', { name: 'History', exact: true })
      await press(history, hasTouch)
      await expect(versions(page).getByRole('button')).toHaveCount(3)
      const seen = await versions(page).getByRole('button').allTextContents()
      await expect(historyDialog(page).getByRole('note')).toHaveCount(0)
      await press(historyDialog(page).getByRole('button', { name: 'Close' }), hasTouch)

      // The sync-server gone (the browser still online), then the browser offline as well.
      await app.close()
      for (const offline of [false, true]) {
        await context.setOffline(offline)
        await expect(history).toBeVisible()
        await press(history, hasTouch)
        await expect(historyDialog(page).getByRole('note')).toHaveText(
          'Offline: these are the versions this device saw last.',
        )
        await expect(versions(page).getByRole('button')).toHaveText(seen)
        await press(historyDialog(page).getByRole('button', { name: 'Close' }), hasTouch)
      }
      await context.setOffline(false)
    })

    test('someone who joined through an invite link sees History; an edit link restores, a view link only shows', async ({
      browser,
      hasTouch,
    }) => {
      test.setTimeout(120_000)
      const access = hasTouch ? 'Can view' : 'Can edit'
      const { app, dir } = await gitServer()
      const options = { viewport: use.viewport, hasTouch }
      const ada = await person(browser, app.url, { ...options, name: 'Ada', ownRoom: randomRoom() })
      const bob = await person(browser, app.url, { ...options, joiner: true })
      try {
        await app.open(ada.page)
        const collection = `Shared ${hasTouch ? 'touch' : 'desk'}`
        const repo = await saveThreeVersions(ada.page, dir, collection, hasTouch)

        await showSidebar(ada.page)
        await press(ada.page.getByRole('button', { name: 'Share workspace' }), hasTouch)
        const share = ada.page.getByRole('dialog', { name: 'Share workspace' })
        const field = share.getByRole('textbox', { name: 'Invite link' })
        await expect(field).toHaveValue(/\/join\//)
        if (access === 'Can view') {
          const before = await field.inputValue()
          await share.getByRole('radio', { name: 'Can view' }).check()
          await expect(field).not.toHaveValue(before)
          await expect(field).toHaveValue(/\/join\//)
        }
        const link = await field.inputValue()

        await bob.page.goto(link)
        await press(bob.page.getByRole('button', { name: 'Join workspace' }), hasTouch)
        await bob.page.getByRole('textbox', { name: 'Your name' }).fill('Bob')
        await press(bob.page.getByRole('button', { name: 'Join', exact: true }), hasTouch)
        await expect(bob.page.getByRole('tablist', { name: 'Tabs' })).toBeVisible({ timeout: 15_000 })
        await showSidebar(bob.page)
        await press(row(bob.page, collection), hasTouch)
        await showSidebar(bob.page)
        await press(row(bob.page, 'Orders'), hasTouch)
        await expect(urlField(bob.page)).toHaveValue('https://shop.test/v3')

        await press(bob.page.getByRole('button', { name: 'History', exact: true }), hasTouch)
        await expect(versions(bob.page).getByRole('button')).toHaveCount(3)
        await expect(historyDialog(bob.page).getByRole('note')).toHaveCount(0)
        await press(versions(bob.page).getByRole('button').last(), hasTouch)
        await expect(historyDialog(bob.page).locator('.git-diff')).toContainText('https://shop.test/v1')
        if (hasTouch) expect(await smallTouchTargets(bob.page, '[role="dialog"]')).toEqual([])
        const restore = historyDialog(bob.page).getByRole('button', { name: 'Restore' })
        if (access === 'Can view') {
          await expect(restore).toHaveCount(0)
          return
        }
        await press(restore, hasTouch)
        await expect(urlField(bob.page)).toHaveValue('https://shop.test/v1')
        await expect(urlField(ada.page)).toHaveValue('https://shop.test/v1', { timeout: 10_000 })
        await expect
          .poll(() => git(repo, 'log', '-1', '--format=%an|%s').trim(), { timeout: 20_000 })
          .toBe('Bob|Edit GET Orders: url')
      } finally {
        await ada.context.close()
        await bob.context.close()
      }
    })
  })
}

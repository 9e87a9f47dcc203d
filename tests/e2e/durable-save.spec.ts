/**
 * What the app showed as saved survives a browser crash: a request saved with `Hier speichern`, a
 * rename and a delete, each followed by SIGKILL to the whole browser 0 to 1,000 ms after the app
 * showed it done (`CrashProfile.crashAfterShown`), then a new browser on the same profile. Each
 * delay runs `CRASH_ROUNDS` times (default 1) on each of two profiles in parallel.
 */
import { expect, test, type Page } from '@playwright/test'
import { MOD, row, rowMenu, sidebar, urlField } from './helpers.ts'
import { CrashProfile } from './crash-profile.ts'

/** A kill as the change shows races its commit most closely: that delay runs three times a round. */
const DELAYS = [0, 50, 0, 100, 150, 0, 250, 500, 1000]
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 1)

test.describe.configure({ mode: 'parallel' })

const saveDialog = (page: Page) => page.getByRole('dialog', { name: 'Anfrage speichern' })
const renameField = (page: Page) => sidebar(page).getByRole('textbox', { name: 'Umbenennen' })

/** A new tab with `url`, and the save dialog filled in up to `Hier speichern`. */
async function fillSaveDialog(page: Page, name: string, url: string) {
  await page.keyboard.press(`${MOD}+t`)
  await urlField(page).fill(url)
  await page.keyboard.press(`${MOD}+s`)
  await saveDialog(page).getByRole('textbox', { name: 'Anfragename' }).fill(name)
  await saveDialog(page).getByRole('treeitem', { name: 'Durable' }).click()
}

const present = async (page: Page, name: string) => (await row(page, name).count()) === 1

for (const profileNo of [1, 2]) {
  test(`saved, renamed and deleted requests survive SIGKILL 0-1000 ms after (profile ${profileNo})`, async ({
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000)
    const profile = new CrashProfile(baseURL, testInfo)
    const lost: string[] = []
    let trials = 0
    try {
      // A collection, open in the tree, with one request; closed normally, so all of it is on disk.
      let page = await profile.launch()
      await sidebar(page).getByRole('button', { name: 'New Collection', exact: true }).click()
      await renameField(page).fill('Durable')
      await renameField(page).press('Enter')
      await fillSaveDialog(page, 'Seed', 'https://durable.test/seed')
      await saveDialog(page).getByRole('button', { name: 'Hier speichern' }).click()
      await expect(row(page, 'Seed')).toBeVisible()
      // The open rows of the tree are device state, stored best-effort within about 100 ms, not a
      // save. A close right after the save once came back with the collection folded in CI (the
      // request kept, its row hidden; twice in one loaded run, never in 20 local runs), so the
      // setup gives that state a moment: what this test checks is the saves after it.
      await page.waitForTimeout(500)
      await profile.close()
      page = await profile.launch()
      await expect(row(page, 'Seed')).toBeVisible()

      /** The step's last action, SIGKILL `delay` ms after it shows done, a relaunch, and a check. */
      const crash = async (
        label: string,
        delay: number,
        act: () => Promise<void>,
        kept: () => Promise<boolean>,
      ) => {
        trials++
        await profile.crashAfterShown(page, delay, act)
        page = await profile.launch()
        // The tree as loaded: the seed request shows once the workspace has loaded.
        await expect(row(page, 'Seed')).toBeVisible()
        const ok = await kept()
        if (!ok) lost.push(`${label} at ${delay} ms`)
        return ok
      }

      for (let round = 0; round < ROUNDS; round++) {
        for (const [step, delay] of DELAYS.entries()) {
          const id = `${profileNo}-${round}-${step}`
          const [saved, renamed, url] = [`Saved ${id}`, `Renamed ${id}`, `https://durable.test/${id}`]
          await fillSaveDialog(page, saved, url)
          const keptSave = await crash(
            'save',
            delay,
            () => saveDialog(page).getByRole('button', { name: 'Hier speichern' }).click(),
            async () => {
              if (!(await present(page, saved))) return false
              await row(page, saved).click()
              await expect(urlField(page)).toHaveValue(url)
              return true
            },
          )
          if (!keptSave) continue

          await rowMenu(page, saved, 'Umbenennen')
          await renameField(page).fill(renamed)
          const keptRename = await crash(
            'rename',
            delay,
            () => renameField(page).press('Enter'),
            async () => (await present(page, renamed)) && !(await present(page, saved)),
          )
          if (!keptRename) continue

          await rowMenu(page, renamed, 'Löschen')
          await crash(
            'delete',
            delay,
            () => page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click(),
            async () => !(await present(page, renamed)),
          )
        }
      }
    } finally {
      await profile.dispose()
    }
    console.log(`profile ${profileNo}: ${lost.length} of ${trials} crashes lost a change: ${lost.join(', ')}`)
    expect(lost).toEqual([])
  })
}

test('a folder added to a collection survives SIGKILL as it shows', async ({ baseURL }, testInfo) => {
  test.setTimeout(180_000)
  const profile = new CrashProfile(baseURL, testInfo)
  const kept: number[] = []
  try {
    let page = await profile.launch()
    await sidebar(page).getByRole('button', { name: 'New Collection', exact: true }).click()
    await renameField(page).fill('Durable')
    await renameField(page).press('Enter')
    await rowMenu(page, 'Durable', 'Hinzufügen', 'Ordner')
    await expect(row(page, 'New Folder')).toHaveCount(1)
    await profile.close()
    page = await profile.launch()
    for (let folders = 1; folders <= 3; folders++) {
      await rowMenu(page, 'Durable', 'Hinzufügen')
      await profile.crashAfterShown(
        page,
        0,
        () => page.getByRole('menuitem', { name: 'Ordner', exact: true }).click(),
        'change',
      )
      page = await profile.launch()
      await expect(row(page, 'Durable')).toBeVisible()
      // The collection's doc is read from IndexedDB a stored update per task: wait for all the
      // folders a kept save means (a lost one never shows, and the count below says how many did).
      await expect(row(page, 'New Folder'))
        .toHaveCount(folders + 1)
        .catch(() => undefined)
      kept.push(await row(page, 'New Folder').count())
    }
  } finally {
    await profile.dispose()
  }
  // Each crash kept the folder added just before it.
  expect(kept).toEqual([2, 3, 4])
})

/**
 * `History` in a git-synced workspace (sync-server `--git`): saved versions are listed, `Restore`
 * brings an old URL back, and a commit made with the git CLI shows in the open tab.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startAppServer, type AppServer } from './app-server.ts'
import { activeTab, press, urlField, WIDTHS } from './helpers.ts'
import { git, gitOrEmpty } from '../helpers/git-cli.ts'

let app: AppServer
let gitDir: string

test.beforeAll(async () => {
  gitDir = mkdtempSync(path.join(os.tmpdir(), 'sendbox-e2e-git-'))
  app = await startAppServer(['--git', gitDir])
})
test.afterAll(async () => {
  await app.close()
  rmSync(gitDir, { recursive: true, force: true })
})

/** The repository file of the request named `name` in collection `collection` (any workspace). */
function findFile(collection: string, name: string): string | undefined {
  for (const repo of readdirSync(gitDir)) {
    const file = path.join(gitDir, repo, collection, `${name}.yaml`)
    try {
      readFileSync(file)
      return file
    } catch {
      // not in this repository
    }
  }
  return undefined
}

async function save(page: Page, touch: boolean) {
  await press(page.getByRole('button', { name: 'Save', exact: true }), touch)
  await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'false')
}

for (const [width, use] of WIDTHS) {
  test.describe(`git History at ${width}`, () => {
    test.use(use)

    test('lists saved versions, restores an old URL, and shows a commit made in git', async ({
      page,
      hasTouch,
    }) => {
      test.setTimeout(90_000)
      const collection = `Git ${hasTouch ? 'touch' : 'desk'}`
      await app.open(page)
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      await urlField(page).fill('https://shop.test/v1')
      await press(page.getByRole('button', { name: 'Save', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await press(dialog.getByRole('button', { name: 'New Collection' }), hasTouch)
      await dialog.getByRole('textbox', { name: 'Collection name' }).fill(collection)
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Orders')
      await press(dialog.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      await expect(dialog).toHaveCount(0)

      let file: string | undefined
      await expect
        .poll(() => (file = findFile(collection, 'Orders')), {
          timeout: 20_000,
        })
        .toBeTruthy()
      await expect
        .poll(() => readFileSync(file!, 'utf8'), { timeout: 20_000 })
        .toContain('https://shop.test/v1')
      const repo = path.dirname(path.dirname(file!))

      await urlField(page).fill('https://shop.test/v2')
      await save(page, hasTouch)
      await expect
        .poll(() => git(repo, 'log', '--format=%s'), { timeout: 20_000 })
        .toContain('Edit GET Orders: url')
      await urlField(page).fill('https://shop.test/v3')
      await save(page, hasTouch)
      await expect
        .poll(() => readFileSync(file!, 'utf8'), { timeout: 20_000 })
        .toContain('https://shop.test/v3')

      const history = page.getByRole('button', { name: 'History', exact: true })
      await press(history, hasTouch)
      const versions = page
        .getByRole('dialog', { name: 'History of Orders' })
        .getByRole('list', { name: 'Versions' })
      await expect(versions.getByRole('button')).toHaveCount(3)
      await press(versions.getByRole('button').last(), hasTouch)
      const shown = page.getByRole('dialog', { name: 'History of Orders' })
      await expect(shown.locator('.git-diff')).toContainText('https://shop.test/v1')
      await press(shown.getByRole('button', { name: 'Restore' }), hasTouch)
      await expect(shown).toHaveCount(0)
      await expect(urlField(page)).toHaveValue('https://shop.test/v1')
      await expect
        .poll(() => readFileSync(file!, 'utf8'), { timeout: 20_000 })
        .toContain('https://shop.test/v1')

      writeFileSync(
        file!,
        readFileSync(file!, 'utf8').replace('https://shop.test/v1', 'https://shop.test/from-git'),
      )
      git(repo, 'commit', '-qam', 'Edited in git')
      await expect(urlField(page)).toHaveValue('https://shop.test/from-git', { timeout: 5_000 })
    })

    test('a committed file that does not parse changes nothing and names the file and line', async ({
      page,
      hasTouch,
    }) => {
      test.setTimeout(60_000)
      const collection = `Broken ${hasTouch ? 'touch' : 'desk'}`
      await app.open(page)
      await urlField(page).fill('https://shop.test/stays')
      await press(page.getByRole('button', { name: 'Save', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await press(dialog.getByRole('button', { name: 'New Collection' }), hasTouch)
      await dialog.getByRole('textbox', { name: 'Collection name' }).fill(collection)
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Kept')
      await press(dialog.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      let file: string | undefined
      await expect.poll(() => (file = findFile(collection, 'Kept')), { timeout: 20_000 }).toBeTruthy()
      await expect
        .poll(() => readFileSync(file!, 'utf8'), { timeout: 20_000 })
        .toContain('https://shop.test/stays')
      const repo = path.dirname(path.dirname(file!))
      // The mirror commits what it wrote a moment after writing it (a commit per doc: the root's and
      // the collection's): the hand commit comes after that, as a person's would, not into its lock.
      const relative = path.relative(repo, file!)
      await expect
        .poll(
          () =>
            !existsSync(path.join(repo, '.git', 'index.lock')) &&
            gitOrEmpty(repo, 'status', '--porcelain') === '' &&
            gitOrEmpty(repo, 'show', `HEAD:${relative}`).includes('https://shop.test/stays'),
          { timeout: 20_000 },
        )
        .toBe(true)
      writeFileSync(file!, readFileSync(file!, 'utf8').replace(/^url: .*$/mu, 'url: [not closed'))
      git(repo, 'commit', '-qam', 'Broken by hand')
      const alert = page.getByRole('alert').filter({ hasText: 'Not applied from git' })
      await expect(alert).toContainText(`${collection}/Kept.yaml, line `, { timeout: 10_000 })
      await expect(urlField(page)).toHaveValue('https://shop.test/stays')
    })
  })
}

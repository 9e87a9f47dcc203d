/**
 * Issue 19 in the app: the sidebar's `Import` (choose, paste, drop; preview; invalid input;
 * cancel) and `Export` of a collection and an environment (secret values only when ticked),
 * at 1280 px and at 768 px with touch.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { postmanCollection, type PostmanItem } from '../helpers/postman.ts'
import { openApp, press, row, rowMenu, sidebar, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO } from './send-helpers.ts'

function shopText(requests = 3, name = 'Shop'): string {
  const item: PostmanItem[] = [
    {
      name: 'Orders',
      item: Array.from({ length: requests }, (_, i) => ({
        name: `Order ${i}`,
        request: { method: 'GET', url: `${ECHO}/anything/orders/${i}` },
      })),
    },
    { name: 'Health', request: { method: 'GET', url: `${ECHO}/get` } },
  ]
  return JSON.stringify(postmanCollection(name, item))
}

const ENVIRONMENT = JSON.stringify({
  name: 'Prod',
  values: [
    { key: 'baseUrl', value: ECHO, enabled: true },
    { key: 'apiKey', value: 'env-secret-value', enabled: true, type: 'secret' },
  ],
})

/** A Sendbox export whose collection holds a secret variable with its value. */
const SECRET_COLLECTION = JSON.stringify({
  sendbox: 1,
  collection: {
    id: 'c1',
    name: 'Vault',
    variables: [
      { id: 'v1', key: 'token', value: 'collection-secret-value', enabled: true, secret: true },
      { id: 'v2', key: 'base', value: ECHO, enabled: true, secret: false },
    ],
    children: [{ type: 'request', id: 'r1', name: 'Ping', method: 'GET', url: '{{base}}/get' }],
  },
})

/** What a folder that is no Bruno collection gets. */
const FOLDER_REFUSED = (name: string) =>
  `${name}: not a collection folder (expected an OpenCollection folder (with opencollection.yml) or a Bruno collection folder (with bruno.json))`

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import', exact: true })
const preview = (page: Page) => dialog(page).getByRole('region', { name: 'What will be imported' })

async function openImport(page: Page, touch: boolean): Promise<Locator> {
  await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
  await expect(dialog(page)).toBeVisible()
  return dialog(page)
}

async function chooseFiles(page: Page, touch: boolean, files: { name: string; text: string }[]) {
  const chooser = page.waitForEvent('filechooser')
  await press(dialog(page).getByRole('button', { name: 'Choose files', exact: true }), touch)
  await (
    await chooser
  ).setFiles(files.map((f) => ({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text) })))
}

async function showSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use(options)
    test.afterEach(() => expect(pageErrors).toEqual([]))
    const touch = options.hasTouch

    const pageErrors: string[] = []
    test.beforeEach(async ({ page }) => {
      pageErrors.length = 0
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await openApp(page)
      await showSidebar(page)
    })

    test('imports a chosen Postman collection and its environment after a preview', async ({ page }) => {
      await openImport(page, touch)
      await chooseFiles(page, touch, [
        { name: 'shop.postman_collection.json', text: shopText(3) },
        { name: 'prod.postman_environment.json', text: ENVIRONMENT },
      ])
      await expect(preview(page)).toContainText('Format: Postman Collection v2.1, Postman environment')
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText(
        'Shop: 4 requests, 1 folder',
      )
      await expect(preview(page).getByRole('list', { name: 'Environments' })).toHaveText('Prod: 2 variables')
      await expect(preview(page)).toContainText('Nothing will be skipped.')
      // Nothing lands before Import is pressed.
      await expect(row(page, 'Shop')).toHaveCount(0)
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(dialog(page)).toHaveCount(0)
      await expect(row(page, 'Shop')).toBeVisible()
      await expect(page.getByRole('combobox', { name: 'Environment', exact: true })).toContainText('Prod')
    })

    test('imports pasted text, lists what is skipped, and imports dropped files', async ({ page }) => {
      await openImport(page, touch)
      const pasteField = dialog(page).getByRole('textbox', { name: 'Paste a collection or environment' })
      await pasteField.fill(shopText(2, 'Pasted Shop'))
      await press(dialog(page).getByRole('button', { name: 'Read pasted text' }), touch)
      await expect(preview(page)).toContainText('Format: Postman Collection v2.1')
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText(
        'Pasted Shop: 3 requests, 1 folder',
      )
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, 'Pasted Shop')).toBeVisible()

      await openImport(page, touch)
      const har = {
        log: {
          version: '1.2',
          creator: { name: 'Chromium', version: '1' },
          pages: [{ id: 'p', title: 'Captured', startedDateTime: '2026-01-01T00:00:00Z', pageTimings: {} }],
          entries: [
            { request: { method: 'GET', url: `${ECHO}/get`, headers: [], queryString: [] } },
            { request: { method: 'GET', url: 'wss://chat.test/live', headers: [], queryString: [] } },
          ],
        },
      }
      await dialog(page)
        .getByRole('textbox', { name: 'Paste a collection or environment' })
        .fill(JSON.stringify(har))
      await press(dialog(page).getByRole('button', { name: 'Read pasted text' }), touch)
      await expect(preview(page)).toContainText('Format: HAR 1.2')
      await expect(preview(page).getByRole('list', { name: '1 item skipped' })).toContainText(
        'WebSocket request "wss://chat.test/live" (not supported)',
      )
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(dialog(page)).toHaveCount(0)

      await openImport(page, touch)
      await dialog(page)
        .locator('.import-drop')
        .evaluate((zone, text) => {
          const transfer = new DataTransfer()
          transfer.items.add(
            new File([text], 'dropped.postman_collection.json', { type: 'application/json' }),
          )
          zone.dispatchEvent(
            new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
          )
        }, shopText(5))
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText(
        'Shop: 6 requests, 1 folder',
      )
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, 'Shop')).toBeVisible()
    })

    test('an invalid file names its format and first problem; nothing is imported', async ({ page }) => {
      await openImport(page, touch)
      const bad = JSON.parse(shopText(2)) as { item: { item: { request: { method: unknown } }[] }[] }
      bad.item[0]!.item[1]!.request.method = 5
      await chooseFiles(page, touch, [{ name: 'broken.json', text: JSON.stringify(bad) }])
      await expect(dialog(page).getByRole('alert')).toContainText(
        'broken.json: Postman Collection v2.1: item[0].item[1].request.method: ',
      )
      await expect(dialog(page).getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
      await chooseFiles(page, touch, [{ name: 'cut.json', text: shopText(2).slice(0, 120) }])
      await expect(dialog(page).getByRole('alert')).toContainText('cut.json: not valid JSON (')
      await expect(dialog(page).getByRole('alert')).toContainText('position 120')
      await press(dialog(page).getByRole('button', { name: 'Cancel', exact: true }), touch)
      await expect(row(page, 'Shop')).toHaveCount(0)
    })

    test('pasted OpenAPI YAML is read in the worker', async ({ page }) => {
      await openImport(page, touch)
      const yaml = [
        'openapi: 3.0.3',
        'info: { title: Pets, version: "1" }',
        'servers: [{ url: "https://pets.test/v1" }]',
        'paths:',
        '  /pets:',
        '    get: { summary: List pets, responses: { "200": { description: ok } } }',
        '    post: { summary: Add a pet, responses: { "201": { description: made } } }',
      ].join('\n')
      await dialog(page).getByRole('textbox', { name: 'Paste a collection or environment' }).fill(yaml)
      await press(dialog(page).getByRole('button', { name: 'Read pasted text' }), touch)
      await expect(preview(page)).toContainText('Format: OpenAPI 3.0.3')
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText('Pets: 2 requests')
    })

    test('a chosen folder is read as one source and named in the message', async ({ page }) => {
      const folder = mkdtempSync(join(tmpdir(), 'import-folder-'))
      const root = join(folder, 'notes')
      mkdirSync(join(root, 'sub'), { recursive: true })
      writeFileSync(join(root, 'readme.txt'), 'not a collection')
      writeFileSync(join(root, 'sub', 'more.txt'), 'nor this')
      await openImport(page, touch)
      const chooser = page.waitForEvent('filechooser')
      await press(dialog(page).getByRole('button', { name: 'Choose folder', exact: true }), touch)
      await (await chooser).setFiles(root)
      await expect(dialog(page).getByRole('alert')).toContainText(FOLDER_REFUSED('notes'))
      await expect(dialog(page).getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
    })

    test('a dropped folder is walked and read as one source', async ({ page, context }) => {
      test.skip(touch, 'a desktop gesture')
      const folder = mkdtempSync(join(tmpdir(), 'import-drop-'))
      const root = join(folder, 'dropped-notes')
      mkdirSync(join(root, 'sub'), { recursive: true })
      writeFileSync(join(root, 'sub', 'more.txt'), 'not a collection')
      await openImport(page, touch)
      const box = (await dialog(page).locator('.import-drop').boundingBox())!
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      const cdp = await context.newCDPSession(page)
      const data = { items: [], files: [root], dragOperationsMask: 1 }
      await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data })
      await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data })
      await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data })
      await expect(dialog(page).getByRole('alert')).toContainText(FOLDER_REFUSED('dropped-notes'))
    })

    test('a URL that fails says so', async ({ page }) => {
      await openImport(page, touch)
      await dialog(page).getByRole('textbox', { name: 'Import from URL' }).fill(`${ECHO}/status/404`)
      await press(dialog(page).getByRole('button', { name: 'Fetch', exact: true }), touch)
      await expect(dialog(page).getByRole('alert')).toContainText(
        `${ECHO}/status/404: the server answered 404`,
      )
    })

    test('a big import shows its progress and can be cancelled', async ({ page }) => {
      test.setTimeout(120_000)
      await openImport(page, touch)
      // About 40 MB: long enough to read that the progress is seen before it ends.
      const big = shopText(120_000)
      await chooseFiles(page, touch, [{ name: 'big.postman_collection.json', text: big }])
      await expect(dialog(page).getByRole('progressbar', { name: 'Import progress' })).toBeVisible()
      await press(dialog(page).getByRole('button', { name: 'Cancel', exact: true }), touch)
      await expect(dialog(page)).toHaveCount(0)
      await page.waitForTimeout(500)
      await expect(row(page, 'Shop')).toHaveCount(0)
    })

    test('exports a collection and an environment; secrets only when ticked; the file imports again', async ({
      page,
    }) => {
      await openImport(page, touch)
      await chooseFiles(page, touch, [
        { name: 'vault.sendbox.json', text: SECRET_COLLECTION },
        { name: 'prod.json', text: ENVIRONMENT },
      ])
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, 'Vault')).toBeVisible()

      const exportOnce = async (tick: boolean, format = 'Sendbox collection export') => {
        await rowMenu(page, 'Vault', 'Export')
        const exporting = page.getByRole('dialog', { name: 'Export "Vault"' })
        await expect(exporting.getByRole('radio', { name: 'Sendbox collection export' })).toBeChecked()
        await exporting.getByRole('radio', { name: format }).check()
        if (tick) await exporting.getByRole('checkbox', { name: 'Include secret values' }).check()
        const download = page.waitForEvent('download')
        await press(exporting.getByRole('button', { name: 'Export', exact: true }), touch)
        const file = await download
        return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') }
      }
      const plain = await exportOnce(false)
      expect(plain.name).toBe('Vault.sendbox.json')
      expect(plain.text).not.toContain('collection-secret-value')
      expect(plain.text).toContain('"token"')
      expect((await exportOnce(true)).text).toContain('collection-secret-value')
      const postman = await exportOnce(false, 'Postman Collection v2.1')
      expect(postman.name).toBe('Vault.postman_collection.json')
      expect(postman.text).not.toContain('collection-secret-value')
      expect((await exportOnce(true, 'Postman Collection v2.1')).text).toContain('collection-secret-value')

      // The downloaded files come back in.
      await openImport(page, touch)
      await chooseFiles(page, touch, [plain, postman])
      await expect(preview(page)).toContainText('Format: Sendbox collection export, Postman Collection v2.1')
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText(
        'Vault: 1 requestVault: 1 request',
      )
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(sidebar(page).getByRole('treeitem', { name: 'Vault', exact: true })).toHaveCount(3)

      // The environment, from the Variables dialog.
      await page.getByRole('button', { name: 'Variables', exact: true }).click()
      const variables = page.getByRole('dialog', { name: 'Variables' })
      await variables.getByRole('tab', { name: 'Environment' }).click()
      const download = page.waitForEvent('download')
      await press(variables.getByRole('button', { name: 'Export', exact: true }), touch)
      const exporting = page.getByRole('dialog', { name: 'Export "Prod"' })
      await exporting.getByRole('radio', { name: 'Postman environment' }).check()
      await press(exporting.getByRole('button', { name: 'Export', exact: true }), touch)
      const env = await download
      expect(env.suggestedFilename()).toBe('Prod.postman_environment.json')
      const envText = readFileSync((await env.path())!, 'utf8')
      expect(envText).toContain('"apiKey"')
      expect(envText).not.toContain('env-secret-value')
    })

    test('exports Bruno as a .zip whose folder imports again', async ({ page }) => {
      await openImport(page, touch)
      await chooseFiles(page, touch, [{ name: 'shop.json', text: shopText(2) }])
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, 'Shop')).toBeVisible()

      await rowMenu(page, 'Shop', 'Export')
      const exporting = page.getByRole('dialog', { name: 'Export "Shop"' })
      await exporting.getByRole('radio', { name: 'Bruno collection' }).check()
      const download = page.waitForEvent('download')
      await press(exporting.getByRole('button', { name: 'Export', exact: true }), touch)
      const zip = await download
      expect(zip.suggestedFilename()).toBe('Shop.zip')
      const out = mkdtempSync(join(tmpdir(), 'bruno-zip-'))
      execFileSync('unzip', ['-q', (await zip.path())!, '-d', out])
      expect(readFileSync(join(out, 'Shop', 'bruno.json'), 'utf8')).toContain('"name"')

      await openImport(page, touch)
      const chooser = page.waitForEvent('filechooser')
      await press(dialog(page).getByRole('button', { name: 'Choose folder', exact: true }), touch)
      await (await chooser).setFiles(join(out, 'Shop'))
      await expect(preview(page)).toContainText('Format: Bruno collection')
      await expect(preview(page).getByRole('list', { name: 'Collections' })).toHaveText(
        'Shop: 3 requests, 1 folder',
      )
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(sidebar(page).getByRole('treeitem', { name: 'Shop', exact: true })).toHaveCount(2)
    })

    test('the dialogs have touch-sized controls', async ({ page }) => {
      test.skip(!touch, 'touch only')
      await openImport(page, touch)
      expect(await smallTouchTargets(page, 'dialog')).toEqual([])
    })
  })
}

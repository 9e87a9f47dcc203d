/**
 * The import worker fetches a heavy parser's chunk only for a source that needs it: a Postman
 * collection imports without Bruno's parser (its grammars take seconds to compile), YAML or
 * OpenAPI chunks; a Bruno folder then fetches Bruno's. Chunks are told by their file names
 * (`bruno-lang-<hash>.js`, named after src/runtime/import/lazy/real/), from the resource timing of
 * the import worker while it shows its preview (a worker's fetches are not the page's requests).
 */
import { resolve } from 'node:path'
import { expect, test, type Page, type Worker } from '@playwright/test'
import { postmanCollection } from '../helpers/postman.ts'
import { openApp, press, row, sidebar, WIDTHS } from './helpers.ts'

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import', exact: true })
const preview = (page: Page) => dialog(page).getByRole('region', { name: 'What will be imported' })
const BRUNO_SHOP = resolve(import.meta.dirname, '../fixtures/import/bruno/shop')
const PARSER_CHUNK = /\/assets\/(bruno-lang|yaml|openapi-parser|openapi-validator)-[\w-]{8}\.js$/

/** The newest import worker (named `import` by client.ts): one per import, this one previewing. */
async function importWorker(workers: Worker[]): Promise<Worker> {
  for (const worker of [...workers].reverse()) {
    const name = await worker.evaluate(() => self.name).catch(() => undefined)
    if (name === 'import') return worker
  }
  throw new Error('no import worker')
}

/** The parser chunks the worker fetched (`/assets/bruno-lang`), its script's name checked. */
async function parserChunks(worker: Worker): Promise<string[]> {
  const names = await worker.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  )
  return names
    .map((name) => new URL(name).pathname)
    .filter((path) => PARSER_CHUNK.test(path))
    .map((path) => path.replace(/-[\w-]{8}\.js$/, ''))
}

const POSTMAN = JSON.stringify(
  postmanCollection('Lazy shop', [
    { name: 'Orders', item: [{ name: 'List', request: { method: 'GET', url: 'https://shop.test/orders' } }] },
  ]),
)

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use(options)
    const touch = options.hasTouch

    test('a Postman import fetches no parser chunk; a Bruno folder fetches Bruno’s', async ({ page }) => {
      // One worker per import: the newest is the one showing the preview.
      const workers: Worker[] = []
      page.on('worker', (worker) => workers.push(worker))
      await openApp(page)
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()

      await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
      let chooser = page.waitForEvent('filechooser')
      await press(dialog(page).getByRole('button', { name: 'Choose files', exact: true }), touch)
      await (
        await chooser
      ).setFiles({
        name: 'lazy.postman_collection.json',
        mimeType: 'application/json',
        buffer: Buffer.from(POSTMAN),
      })
      await expect(preview(page)).toContainText('Format: Postman Collection v2.1')
      // Dynamic imports show in the worker's resource timing (the Bruno step below sees its chunk).
      expect(await parserChunks(await importWorker(workers))).toEqual([])
      await press(dialog(page).getByRole('button', { name: 'Import', exact: true }), touch)
      await expect(row(page, 'Lazy shop')).toBeVisible()

      await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
      chooser = page.waitForEvent('filechooser')
      await press(dialog(page).getByRole('button', { name: 'Choose folder', exact: true }), touch)
      await (await chooser).setFiles(BRUNO_SHOP)
      await expect(preview(page)).toContainText('Format: Bruno collection')
      expect(await parserChunks(await importWorker(workers))).toEqual(['/assets/bruno-lang'])
    })
  })
}

/**
 * What a durable save costs in a 10,000-request workspace (src/ui/store/durable-commit.ts):
 * - IndexedDB alone, in the app's own workspace database: one small write committed with
 *   `durability: 'strict'` against the same write relaxed (Chromium's default), alternated;
 * - the app: Ctrl+S of an edited request, from the key to the tab's dot leaving (which now waits
 *   for the strict commit), and the strict commit the app measured for that save.
 * `npm run bench:save`. The browser runs on a profile on the disk: a context without one (as
 * bench/app.ts uses) keeps IndexedDB in memory, where no commit ever reaches a disk.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { logInContext } from './login.ts'
import { makeBigWorkspace, seedWorkspace } from '../tests/fixtures/big-workspace.ts'

const WRITES = 20
const SAVES = 8

export interface SaveCost {
  relaxedMs: number
  strictMs: number
  /** Ctrl+S to the dot leaving, median. */
  saveMs: number
  /** The app's strict commit of that save, median. */
  commitMs: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Commit times of the same write, relaxed and strict alternately, in the workspace's database. */
function idbCommits(page: Page): Promise<{ relaxed: number[]; strict: number[] }> {
  return page.evaluate(async (writes) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sendbox-workspace-default')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const commit = (durability: IDBTransactionDurability, value: Uint8Array) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now()
        const tx = db.transaction(['updates', 'custom'], 'readwrite', { durability })
        tx.objectStore('custom').put(value, 'bench-durable-save')
        tx.oncomplete = () => resolve(performance.now() - started)
        tx.onabort = () => reject(tx.error)
      })
    const result = { relaxed: [] as number[], strict: [] as number[] }
    // About the size of one saved request's Yjs update.
    const value = crypto.getRandomValues(new Uint8Array(600))
    for (let i = 0; i < writes; i++) {
      result.relaxed.push(await commit('relaxed', value))
      result.strict.push(await commit('strict', value))
    }
    await new Promise<void>((resolve) => {
      const tx = db.transaction('custom', 'readwrite')
      tx.objectStore('custom').delete('bench-durable-save')
      tx.oncomplete = () => resolve()
    })
    db.close()
    return result
  }, WRITES)
}

/** Ctrl+S of an edited, saved request: key down to the tab's dot leaving, and the app's commit. */
async function appSaves(page: Page): Promise<{ save: number[]; commit: number[] }> {
  const urlField = page.locator('input[aria-label="URL"]')
  // A saved request of the workspace in a tab of its own, from the top of the tree.
  await page.locator('.tree-viewport').evaluate((el) => el.scrollTo(0, 0))
  const collection = page.locator('.tree-row[aria-label="Collection 1"]')
  if ((await collection.getAttribute('aria-expanded')) !== 'true') await collection.click()
  await page.locator('.tree-row[aria-label="Request 1.1"]').click()
  const result = { save: [] as number[], commit: [] as number[] }
  for (let i = 0; i < SAVES; i++) {
    await urlField.fill(`https://api0.example.test/items/0?save=${i}`)
    await page.locator('[role="tab"][aria-selected="true"] button[data-dirty="true"]').waitFor()
    const done = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let pressed = 0
          addEventListener('keydown', () => (pressed ||= performance.now()), { capture: true, once: true })
          const observer = new MutationObserver(() => {
            const dot = document.querySelector('[role="tab"][aria-selected="true"] button')
            if (!pressed || dot?.getAttribute('data-dirty') !== 'false') return
            observer.disconnect()
            resolve(performance.now() - pressed)
          })
          observer.observe(document.body, {
            subtree: true,
            attributes: true,
            attributeFilter: ['data-dirty'],
          })
        }),
    )
    await page.keyboard.press('Control+s')
    result.save.push(await done)
    result.commit.push(
      await page.evaluate(
        () => performance.getEntriesByName('sendbox-durable-commit').at(-1)?.duration ?? NaN,
      ),
    )
  }
  return result
}

export async function measureSaveCost(page: Page): Promise<SaveCost> {
  // tsx keeps function names with a helper the page lacks; a string is evaluated as written.
  await page.evaluate('globalThis.__name ??= (fn) => fn')
  const idb = await idbCommits(page)
  const app = await appSaves(page)
  return {
    relaxedMs: median(idb.relaxed),
    strictMs: median(idb.strict),
    saveMs: median(app.save),
    commitMs: median(app.commit),
  }
}

export function describeSaveCost(cost: SaveCost): string {
  const f = (n: number) => `${n.toFixed(1)} ms`
  return (
    `durable save in the 10,000-request workspace: IndexedDB commit strict ${f(cost.strictMs)} against ` +
    `relaxed ${f(cost.relaxedMs)} (${(cost.strictMs / cost.relaxedMs).toFixed(1)}x, medians of ${WRITES}); ` +
    `Ctrl+S to the dot leaving ${f(cost.saveMs)}, of which the app's strict commit ${f(cost.commitMs)} ` +
    `(medians of ${SAVES})`
  )
}

/** The 10k workspace on its own server and a profile on the disk, then the measurement. */
async function main() {
  const port = Number(process.env.BENCH_SAVE_PORT ?? 4393)
  const base = `http://127.0.0.1:${port}`
  const args = ['--import', 'tsx', 'sync-server/main.ts', '--no-build', '--host', '127.0.0.1']
  const server = spawn(process.execPath, [...args, '--port', String(port), '--data', 'data/bench-save'], {
    stdio: 'ignore',
  })
  mkdirSync('data', { recursive: true })
  const profile = mkdtempSync(join('data', 'bench-save-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  })
  try {
    await untilUp(base)
    await logInContext(context, 'data/bench-save')
    const page = context.pages()[0] ?? (await context.newPage())
    const interactive = () =>
      page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
    await page.goto(base)
    await interactive()
    await seedWorkspace(page, makeBigWorkspace(10, 1000))
    await page.reload()
    await interactive()
    console.log(describeSaveCost(await measureSaveCost(page)))
  } finally {
    await context.close()
    server.kill()
    rmSync(profile, { recursive: true, force: true })
  }
}

async function untilUp(base: string) {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the sync-server did not start')
}

await main()

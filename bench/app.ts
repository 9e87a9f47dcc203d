/**
 * App benchmark (Playwright + Debian's Chromium against the built app in dist/, served by the sync-server):
 * - the shell's initial JavaScript, gzipped, against its CI budget;
 * - time to interactive, cold (first visit) and offline (from the service worker's precache);
 * - opening a 10,000-request workspace from IndexedDB;
 * - scrolling that workspace's sidebar (10,010 rows) while watching for long tasks over 50 ms.
 * Each timing runs at full speed and under a 4x CPU slowdown; ratios compare the two, and each
 * number with its target.
 *
 * `npm run bench:app -- --ab <commit>` runs this checkout against another commit, interleaved
 * (`--rounds N`, 3 by default), and prints the medians side by side; `--rates 4` runs one CPU rate,
 * `--only startup` or `--only big` one half; `--base <commit>` puts a commit in this checkout's place.
 * Each block prints the load average before and after. `--collection-docs` runs this checkout with
 * the workspace opened as one doc per collection (docs/collection-docs.md) against the one doc,
 * interleaved like `--ab`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { logInContext } from './login.ts'
import { makeBigWorkspace, seedWorkspace } from '../tests/fixtures/big-workspace.ts'
import { traceMainThread } from './main-thread.ts'
import { measureShell, SHELL_BUDGET_BYTES } from './shell-size.ts'
import { buildCommit, freePort, load, median, shortCommit, startServer, type Side } from './app-ab.ts'

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

async function throttle(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

async function interactiveMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
  return page.evaluate(() => performance.getEntriesByName('sendbox-interactive')[0]!.startTime)
}

const OPENS = 3

/** What y-indexeddb holds for the workspace: how many updates a load applies, and their size. */
function storedUpdates(page: Page): Promise<{ count: number; bytes: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sendbox-workspace-default')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const all = await new Promise<Uint8Array[]>((resolve, reject) => {
      const request = db.transaction('updates').objectStore('updates').getAll()
      request.onsuccess = () => resolve(request.result as Uint8Array[])
      request.onerror = () => reject(request.error)
    })
    db.close()
    return { count: all.length, bytes: all.reduce((sum, update) => sum + update.byteLength, 0) }
  })
}

const loadMs = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.loadMs))

async function startup(browser: Browser, side: Side, rate: number) {
  const context = await browser.newContext()
  await logInContext(context, side.dataDir)
  const page = await context.newPage()
  await throttle(context, page, rate)
  await page.goto(side.base)
  const cold = await interactiveMs(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await context.setOffline(true)
  await page.reload()
  const offline = await interactiveMs(page)
  await context.close()
  return { cold, offline, coldCpu: await coldCpu(browser, side, rate) }
}

/**
 * Main-thread CPU of a cold visit (a context of its own, so the timed visit above is not traced):
 * on a shared machine the wall-clock times stretch with the load, this does not.
 */
async function coldCpu(browser: Browser, side: Side, rate: number) {
  const context = await browser.newContext()
  await logInContext(context, side.dataDir)
  const page = await context.newPage()
  await throttle(context, page, rate)
  const cpu = await traceMainThread(browser, page, async () => {
    await page.goto(side.base)
    await interactiveMs(page)
  })
  await context.close()
  return cpu
}

/** A side of the run; `collectionDocs` sets the switch of `src/ui/store/collection-open.ts` (default: on). */
type BenchSide = Side & { collectionDocs?: boolean }

async function bigWorkspace(browser: Browser, side: BenchSide, update: Uint8Array, rate: number) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  })
  await logInContext(context, side.dataDir)
  // From the first open: one doc per collection is the default, and a root split once stays split.
  if (side.collectionDocs !== undefined) {
    const value = side.collectionDocs ? '1' : '0'
    await context.addInitScript((v) => localStorage.setItem('sendbox-collection-docs', v), value)
  }
  const page = await context.newPage()
  await page.goto(side.base)
  await interactiveMs(page)
  await seedWorkspace(page, update)
  await throttle(context, page, rate)
  // The first open after seeding, then OPENS more from the stored state as a user would see it;
  // on a shared machine the median and the minimum say more than one run.
  await page.reload()
  await interactiveMs(page)
  const opens: { open: number; interactive: number }[] = []
  for (let i = 0; i < OPENS - 1; i++) {
    await page.reload()
    const interactive = await interactiveMs(page)
    opens.push({ open: await loadMs(page), interactive })
  }
  const openCpu = await traceMainThread(browser, page, async () => {
    await page.reload()
    const interactive = await interactiveMs(page)
    opens.push({ open: await loadMs(page), interactive })
  })
  const sorted = (key: 'open' | 'interactive') => opens.map((o) => o[key]).sort((a, b) => a - b)
  const open = sorted('open')[Math.floor(OPENS / 2)]!
  const openMin = sorted('open')[0]!
  const interactive = sorted('interactive')[Math.floor(OPENS / 2)]!
  const stored = await storedUpdates(page)

  // CSS selectors, not role queries: role queries keep Playwright's accessibility snapshotting
  // busy, which a user without assistive technology never pays for.
  const expandStarted = Date.now()
  // Traced too: a click's longest task by CPU, which the load of a shared machine does not stretch.
  const expandCpu = await traceMainThread(browser, page, async () => {
    // Bottom up, so the collections still to expand stay in the rendered window.
    for (let c = 10; c >= 1; c--) {
      await page.locator(`.tree-row[aria-label="Collection ${c}"]`).click()
      await page.locator(`.tree-row[aria-label="Collection ${c}"][aria-expanded="true"]`).waitFor()
    }
  })
  const expandEach = (Date.now() - expandStarted) / 10
  await page.waitForTimeout(500)

  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] }
    w.longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: false })
  })
  const tree = page.locator('.tree-viewport')
  const box = await tree.boundingBox()
  if (!box) throw new Error('no sidebar')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const scrollStarted = Date.now()
  const steps = 200
  const scrollCpu = await traceMainThread(browser, page, async () => {
    for (let i = 0; i < steps; i++) await page.mouse.wheel(0, 2000)
    await page.waitForTimeout(300)
  })
  const scrollMs = Date.now() - scrollStarted
  const scrolled = await tree.evaluate((el) => el.scrollTop)
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
  await context.close()
  return {
    ...{ open, openMin, interactive, openCpu, stored, expandEach, expandCpu },
    ...{ scrolled, scrollMs, scrollCpu, steps, longTasks },
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`

type Startup = Awaited<ReturnType<typeof startup>>
type Big = Awaited<ReturnType<typeof bigWorkspace>>

/** The lines every run prints, per CPU rate (kept as they are so runs compare across commits). */
function printRate(rate: number, s: Startup | undefined, big: Big | undefined): void {
  console.log(`\nCPU ${rate}x:`)
  if (s) {
    console.log(`  time to interactive, cold:    ${ms(s.cold)}`)
    console.log(
      `  time to interactive, offline: ${ms(s.offline)} (${(s.offline / s.cold).toFixed(2)}x of cold)`,
    )
    console.log(
      `    main-thread CPU of a cold visit (to interactive): ${ms(s.coldCpu.cpuMs)}, longest task ${ms(s.coldCpu.maxCpuMs)} CPU`,
    )
  }
  if (!big) return
  const over50 = big.longTasks.filter((d) => d > 50)
  console.log(
    `  10,000 requests from IndexedDB: docs loaded in ${ms(big.open)} (median of ${OPENS}, min ` +
      `${ms(big.openMin)}; target 500 ms: ${(big.open / 500).toFixed(2)}x), app interactive at ` +
      `${ms(big.interactive)}; IndexedDB holds ${big.stored.count} updates, ` +
      `${(big.stored.bytes / 1024 / 1024).toFixed(1)} MB`,
  )
  console.log(
    `    main-thread CPU of one open (reload to interactive): ${ms(big.openCpu.cpuMs)}, ` +
      `longest task ${ms(big.openCpu.maxCpuMs)} CPU`,
  )
  console.log(`  expanding a 1,000-request collection: ${ms(big.expandEach)} per click`)
  console.log(
    `    by main-thread CPU: longest task of the 10 clicks ${ms(big.expandCpu.maxCpuMs)}, ` +
      `${ms(big.expandCpu.cpuMs)} in all; tasks over 50 ms of CPU: ${big.expandCpu.overBudget}`,
  )
  console.log(
    `  sidebar scroll over 10,010 rows: ${big.steps} wheel steps, ${big.scrolled}px in ${ms(big.scrollMs)}; ` +
      `long tasks: ${big.longTasks.length}, over 50 ms: ${over50.length}` +
      (big.longTasks.length ? ` (max ${ms(Math.max(...big.longTasks))})` : ''),
  )
  console.log(
    `    by main-thread CPU (load-independent): ${ms(big.scrollCpu.cpuMs)} in all, longest task ` +
      `${ms(big.scrollCpu.maxCpuMs)}; tasks over 50 ms of CPU: ${big.scrollCpu.overBudget}`,
  )
}

interface Measured {
  rate: number
  side: string
  startup?: Startup
  big?: Big
}

/** A/B: the medians of each side's rounds, side by side, for each measure. */
function printComparison(sides: Side[], all: Measured[], rates: number[]): void {
  console.log(`\nA/B medians over ${all.length / sides.length / rates.length} interleaved round(s):`)
  const rows: [string, (m: Measured) => number | undefined][] = [
    ['time to interactive, cold', (m) => m.startup?.cold],
    ['time to interactive, offline', (m) => m.startup?.offline],
    ['cold visit main-thread CPU', (m) => m.startup?.coldCpu.cpuMs],
    ['10k docs loaded', (m) => m.big?.open],
    ['10k app interactive', (m) => m.big?.interactive],
    ['10k open main-thread CPU', (m) => m.big?.openCpu.cpuMs],
    ['10k open longest task CPU', (m) => m.big?.openCpu.maxCpuMs],
    ['expand longest task CPU', (m) => m.big?.expandCpu.maxCpuMs],
    ['expand main-thread CPU', (m) => m.big?.expandCpu.cpuMs],
    ['scroll tasks over 50 ms', (m) => m.big?.longTasks.filter((d) => d > 50).length],
    ['scroll main-thread CPU', (m) => m.big?.scrollCpu.cpuMs],
  ]
  for (const rate of rates) {
    for (const [label, pick] of rows) {
      const values = sides.map((side) =>
        all
          .filter((m) => m.rate === rate && m.side === side.label)
          .map(pick)
          .filter((v): v is number => v !== undefined),
      )
      if (values.some((v) => v.length === 0)) continue
      const [a, b] = values.map(median) as [number, number]
      const each = values.map(
        (v, i) => `${sides[i]!.label} ${median(v).toFixed(0)} [${v.map((x) => x.toFixed(0)).join(' ')}]`,
      )
      console.log(`  ${rate}x ${label}: ${each.join(' vs ')}; ratio ${(a / b).toFixed(2)}`)
    }
  }
}

async function main() {
  const { values: options } = parseArgs({
    options: {
      ab: { type: 'string' },
      base: { type: 'string' },
      rounds: { type: 'string' },
      rates: { type: 'string', default: '1,4' },
      only: { type: 'string' },
      'collection-docs': { type: 'boolean' },
    },
  })
  const rates = options.rates.split(',').map(Number)
  if (rates.some((r) => !(r >= 1)))
    throw new Error(`--rates takes CPU slowdowns of 1 or more, got ${options.rates}`)
  if (options.only !== undefined && options.only !== 'startup' && options.only !== 'big')
    throw new Error(`--only takes startup or big, got ${options.only}`)
  const rounds = Number(options.rounds ?? (options.ab || options['collection-docs'] ? 3 : 1))
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds takes a whole number, got ${options.rounds}`)

  // In an A/B run both sides are built from their source, this checkout's as it is now.
  // `--base <commit>` stands in for this checkout (both sides then built from commits).
  if (options.base && !options.ab) throw new Error('--base goes with --ab <commit>')
  if (options.ab && !options.base) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  else if (!existsSync('dist/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  const ownDist = options.base ? buildCommit(options.base) : 'dist'
  const otherDist = options.ab ? buildCommit(options.ab) : undefined
  const shell = measureShell(ownDist)
  console.log(
    `shell initial JS: ${(shell.gzipBytes / 1024).toFixed(1)} KB gzip (${(shell.rawBytes / 1024).toFixed(1)} KB raw, ` +
      `${shell.files.length} file(s)); budget ${SHELL_BUDGET_BYTES / 1024} KB; ${((shell.gzipBytes / SHELL_BUDGET_BYTES) * 100).toFixed(0)}% of budget`,
  )
  if (otherDist) {
    const other = measureShell(otherDist)
    console.log(
      `  ${options.ab} (${shortCommit(options.ab!)}): ${(other.gzipBytes / 1024).toFixed(1)} KB gzip (${other.files.length} file(s))`,
    )
  }
  const sides: BenchSide[] = []
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
  try {
    const port = Number(process.env.BENCH_APP_PORT ?? 4391)
    sides.push({
      label: options.base
        ? shortCommit(options.base)
        : otherDist
          ? `this commit (${shortCommit('HEAD')}${dirty() ? '+' : ''})`
          : '',
      base: `http://127.0.0.1:${port}`,
      dataDir: 'data/bench-app',
      stop: await startServer(port, ownDist, 'data/bench-app'),
    })
    if (otherDist) {
      const other = await freePort()
      sides.push({
        label: shortCommit(options.ab!),
        base: `http://127.0.0.1:${other}`,
        dataDir: 'data/bench-app-ab',
        stop: await startServer(other, otherDist, 'data/bench-app-ab'),
      })
    }
    if (options['collection-docs']) {
      if (otherDist) throw new Error('--collection-docs compares this checkout with itself; leave out --ab')
      sides[0]!.label = 'one doc'
      sides[0]!.collectionDocs = false
      const other = await freePort()
      sides.push({
        label: 'doc per collection',
        collectionDocs: true,
        base: `http://127.0.0.1:${other}`,
        dataDir: 'data/bench-app-split',
        stop: await startServer(other, ownDist, 'data/bench-app-split'),
      })
    }
    const compare = sides.length > 1
    const update = makeBigWorkspace(10, 1000)
    console.log(`10,000-request workspace: ${(update.length / 1024 / 1024).toFixed(1)} MB Yjs update`)
    const all: Measured[] = []
    for (let round = 0; round < rounds; round++) {
      // Interleaved: each round runs both sides, the first side alternating between rounds.
      const order = round % 2 === 0 ? sides : [...sides].reverse()
      for (const side of order) {
        if (compare) console.log(`\n=== round ${round + 1}: ${side.label}`)
        const results: Record<number, Measured> = {}
        for (const rate of rates) {
          const before = load()
          const s = options.only === 'big' ? undefined : await startup(browser, side, rate)
          const big = options.only === 'startup' ? undefined : await bigWorkspace(browser, side, update, rate)
          results[rate] = { rate, side: side.label, startup: s, big }
          all.push(results[rate])
          printRate(rate, s, big)
          console.log(`  (${before} before, ${load()} after)`)
        }
        const [a, b] = [results[1], results[4]]
        if (a && b) {
          const parts = []
          if (a.startup && b.startup) parts.push(`cold TTI ${(b.startup.cold / a.startup.cold).toFixed(2)}`)
          if (a.big && b.big) parts.push(`10k open ${(b.big.open / a.big.open).toFixed(2)}`)
          console.log(`\n4x/1x ratios: ${parts.join(', ')}`)
        }
      }
    }
    if (compare) printComparison(sides, all, rates)
  } finally {
    await browser.close()
    for (const side of sides) side.stop()
  }
}

function dirty(): boolean {
  return (
    spawnSync('git', ['diff', '--quiet', 'HEAD', '--', 'src', 'index.html', 'vite.config.ts']).status !== 0
  )
}

await main()

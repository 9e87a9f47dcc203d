/**
 * What the app loads after opening a 10,000-request workspace (10 collections) split into one doc
 * per collection, with one tab open on a request of `Collection 1` and every collection collapsed:
 * this checkout (only the open tab's collection loads) against another commit where every
 * collection's doc followed in idle time after the first paint (`--ab`, 617ba8d by default, its
 * switch turned on). Prints, per side and as a ratio: the JS heap after a GC once the app has
 * settled, and the main thread's CPU in the seconds after interactive.
 *
 *   npx vite build && npx tsx bench/collection-loads.ts [--ab <commit>] [--rate 4] [--rounds 2]
 */
import { parseArgs } from 'node:util'
import { chromium, type Browser, type Page } from '@playwright/test'
import { logInContext } from './login.ts'
import { makeBigWorkspace, seedWorkspace } from '../tests/fixtures/big-workspace.ts'
import { traceMainThread } from './main-thread.ts'
import { buildCommit, freePort, load, median, shortCommit, startServer, type Side } from './app-ab.ts'

const SETTLE_MS = 8_000

async function interactive(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
}

async function measure(browser: Browser, side: Side, update: Uint8Array, rate: number) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  })
  await logInContext(context, side.dataDir)
  const page = await context.newPage()
  await page.goto(side.base)
  await interactive(page)
  // Both sides: one doc per collection (this checkout's default; the other commit's switch).
  await page.evaluate(() => localStorage.setItem('sendbox-collection-docs', '1'))
  await seedWorkspace(page, update)
  await page.reload()
  await interactive(page)
  // A tab on a request of Collection 1, then the collection collapsed again.
  await page.locator('.tree-row[aria-label="Collection 1"]').click()
  await page.locator('.tree-row[aria-label="Collection 1"][aria-expanded="true"]').waitFor()
  await page.locator('.tree-row[aria-label="Request 1.1"]').click()
  await page.locator('.tree-row[aria-label="Collection 1"]').click()
  await page.locator('.tree-row[aria-label="Collection 1"][aria-expanded="false"]').waitFor()
  // The other side's idle loading and this side's look-up done before the measured open.
  await page.waitForTimeout(SETTLE_MS)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await cdp.send('Performance.enable')
  await page.reload()
  await interactive(page)
  const cpu = await traceMainThread(browser, page, () => page.waitForTimeout(SETTLE_MS))
  await cdp.send('HeapProfiler.collectGarbage')
  const metrics = (await cdp.send('Performance.getMetrics')).metrics
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')!.value
  await context.close()
  return { heapMb: heap / 1024 / 1024, cpuMs: cpu.cpuMs, longest: cpu.maxCpuMs }
}

async function main() {
  const { values: options } = parseArgs({
    options: { ab: { type: 'string' }, rate: { type: 'string' }, rounds: { type: 'string' } },
  })
  const rate = Number(options.rate ?? 4)
  const rounds = Number(options.rounds ?? 2)
  if (!(rate >= 1) || !Number.isInteger(rounds) || rounds < 1)
    throw new Error(
      `--rate takes 1 or more and --rounds a whole number, got ${options.rate}, ${options.rounds}`,
    )
  const ref = options.ab ?? '617ba8d'
  const otherDist = buildCommit(ref)
  const [own, other] = [await freePort(), await freePort()]
  const sides: Side[] = [
    {
      label: `this checkout (${shortCommit('HEAD')}): open tabs' collections`,
      base: `http://127.0.0.1:${own}`,
      dataDir: 'data/bench-loads',
      stop: await startServer(own, 'dist', 'data/bench-loads'),
    },
    {
      label: `${shortCommit(ref)}: every collection in idle time`,
      base: `http://127.0.0.1:${other}`,
      dataDir: 'data/bench-loads-ab',
      stop: await startServer(other, otherDist, 'data/bench-loads-ab'),
    },
  ]
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--enable-precise-memory-info',
    ],
  })
  const update = makeBigWorkspace(10, 1000)
  const results = new Map<string, Awaited<ReturnType<typeof measure>>[]>()
  try {
    console.log(`load before: ${load()}`)
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const result = await measure(browser, side, update, rate)
        results.set(side.label, [...(results.get(side.label) ?? []), result])
        console.log(`round ${round + 1}, ${side.label}: ${JSON.stringify(result)}`)
      }
    }
    console.log(`load after: ${load()}`)
    const summary = sides.map((side) => {
      const all = results.get(side.label)!
      return {
        heap: median(all.map((r) => r.heapMb)),
        cpu: median(all.map((r) => r.cpuMs)),
        longest: median(all.map((r) => r.longest)),
      }
    })
    console.log(`\nCPU ${rate}x, ${SETTLE_MS} ms after interactive, one tab open, collections collapsed:`)
    sides.forEach((side, i) =>
      console.log(
        `  ${side.label}: JS heap ${summary[i]!.heap.toFixed(1)} MB, main-thread CPU ` +
          `${summary[i]!.cpu.toFixed(0)} ms (longest task ${summary[i]!.longest.toFixed(0)} ms)`,
      ),
    )
    console.log(
      `  ratio (this / other): heap ${(summary[0]!.heap / summary[1]!.heap).toFixed(2)}x, ` +
        `CPU ${(summary[0]!.cpu / summary[1]!.cpu).toFixed(2)}x`,
    )
  } finally {
    await browser.close()
    sides.forEach((side) => side.stop())
  }
}

await main()

/**
 * `npm run bench:viewer`: the response viewer on 1, 10 and 100 MB JSON responses (echo /json/N),
 * sent from the built app through the sync-server's relay in Debian's Chromium. Per size:
 * - first paint: from the relay's answer arriving to the first formatted line in the DOM;
 * - longest main-thread task (PerformanceObserver longtask) while loading, and while scrolling
 *   to 25 %, 50 %, 100 % of the body and searching it;
 * - page JS heap after loading (CDP Performance.getMetrics) against the body size. The body
 *   worker's heap is read through its own CDP session when Chromium exposes it.
 * Targets for 100 MB: first paint ≤ 2 s, no task over 200 ms, memory under 3× the body.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4437)
const BASE = `http://127.0.0.1:${PORT}`
const SIZES = [1_000_000, 10_000_000, 100_000_000]

async function startSyncServer(): Promise<() => void> {
  const data = mkdtempSync(path.join(tmpdir(), 'sendbox-bench-'))
  const server = spawn(
    'npx',
    ['tsx', 'sync-server/main.ts', '--port', String(PORT), '--data', data, '--no-build'],
    {
      stdio: 'ignore',
    },
  )
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(BASE)).ok) return () => server.kill()
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  server.kill()
  throw new Error('sync-server did not start')
}

const stop = await startSyncServer()
const echo = await startEchoProcess()
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
})
try {
  console.log(
    'size      first paint  longest task (load)  longest task (scroll+search)  page heap  heap/body',
  )
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.addInitScript(() => {
      const w = window as unknown as { longest: number }
      w.longest = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    await page.goto(BASE)
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${echo.url}/json/${size}`)
    await page.evaluate(() => ((window as unknown as { longest: number }).longest = 0))
    const relayed = page.waitForResponse((r) => r.url().endsWith('/relay'), { timeout: 120_000 })
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await (await relayed).finished()
    const arrived = await page.evaluate(() => performance.now())
    await page.locator('.line-viewport .line').first().waitFor({ timeout: 120_000 })
    const painted = await page.evaluate(() => performance.now())
    // Let indexing finish: the worker posts progress until complete.
    await page.waitForFunction(() => !document.body.innerText.includes('Indexing…'), null, {
      timeout: 120_000,
    })
    const loadLongest = await page.evaluate(() => (window as unknown as { longest: number }).longest)
    await page.evaluate(() => ((window as unknown as { longest: number }).longest = 0))
    const viewport = page.locator('.line-viewport')
    for (const fraction of [0.25, 0.5, 1]) {
      await viewport.evaluate((el, f) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), fraction)
      await page.waitForTimeout(150)
    }
    const search = page.getByRole('searchbox', { name: 'Search body' })
    await search.fill('"item 12345"')
    await search.press('Enter')
    await page.locator('.search-count').filter({ hasText: '/' }).waitFor({ timeout: 120_000 })
    const scrollLongest = await page.evaluate(() => (window as unknown as { longest: number }).longest)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    const metrics = (await cdp.send('Performance.getMetrics')).metrics
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0
    const row = [
      `${size / 1e6} MB`.padEnd(10),
      `${(painted - arrived).toFixed(0)} ms`.padEnd(13),
      `${loadLongest.toFixed(0)} ms`.padEnd(21),
      `${scrollLongest.toFixed(0)} ms`.padEnd(30),
      `${(heap / 1e6).toFixed(0)} MB`.padEnd(11),
      (heap / size).toFixed(2),
    ]
    console.log(row.join(''))
    await page.close()
  }
} finally {
  await browser.close()
  await echo.close()
  stop()
}

/**
 * Where a cold visit's time goes, for several builds visited interleaved:
 * `npx tsx bench/app-phases.ts <cpu rate> <visits> <dist> [<dist> …]` (build each first, e.g. a worktree of an
 * older commit with `npx vite build`). Per visit and as medians: time to interactive, shell script received,
 * DOMContentLoaded (modules evaluated), the documents' IndexedDB load (`sendbox-idb-load`), init, store and
 * first render, and the main thread's CPU to interactive by kind of work and its longest task (from a trace). Builds without a
 * mark print NaN for it. On a shared machine compare medians of many visits, never one.
 */
import { chromium } from '@playwright/test'
import { logInContext } from './login.ts'
import { freePort, load, median, startServer } from './app-ab.ts'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  tdur?: number
  args?: { name?: string }
}

/** Trace events counted on the main thread (thread time), by the name printed for them. */
const KINDS: Record<string, string> = {
  'v8.evaluateModule': 'evalModule',
  'v8.compileModule': 'compile',
  ParseHTML: 'parseHTML',
  ParseAuthorStyleSheet: 'parseCSS',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prepaint',
  Paint: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
  FunctionCall: 'script',
  RunMicrotasks: 'microtasks',
}

const [rateArg, visitsArg, ...dists] = process.argv.slice(2)
const rate = Number(rateArg)
const visits = Number(visitsArg)
if (!(rate >= 1) || !Number.isInteger(visits) || visits < 1 || dists.length === 0)
  throw new Error('usage: npx tsx bench/app-phases.ts <cpu rate ≥ 1> <visits> <dist> [<dist> …]')

const sides: { dist: string; base: string; dataDir: string; stop: () => void }[] = []
for (const dist of dists) {
  const port = await freePort()
  const dataDir = `data/bench-phases-${sides.length}`
  sides.push({
    dist,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    stop: await startServer(port, dist, dataDir),
  })
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
const results = new Map<string, Record<string, number[]>>()
const row = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${value.toFixed(0)}`)
    .join(' ')
try {
  for (let visit = 0; visit < visits; visit++) {
    for (const side of visit % 2 ? [...sides].reverse() : sides) {
      const context = await browser.newContext()
      await logInContext(context, side.dataDir)
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'],
      })
      await page.goto(side.base)
      await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
      const marks = await page.evaluate(() => {
        // No named function in here: tsx would wrap it in a helper the page does not have.
        const idb = performance.getEntriesByName('sendbox-idb-load')[0]
        const init = performance.getEntriesByName('sendbox-init')[0]
        const interactive = performance.getEntriesByName('sendbox-interactive')[0]!.startTime
        const initEnd = init ? init.startTime + init.duration : NaN
        const scripts = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js')) as PerformanceResourceTiming[]
        return {
          tti: interactive,
          shellJs: Math.min(...scripts.map((e) => e.responseEnd)),
          dcl: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
            .domContentLoadedEventStart,
          idbStart: idb?.startTime ?? NaN,
          idb: idb?.duration ?? NaN,
          init: init?.duration ?? NaN,
          render: interactive - initEnd,
        }
      })
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
        .traceEvents
      const mains = new Set(
        events
          .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      )
      const end = events.find((e) => e.name === 'sendbox-interactive')?.ts ?? Infinity
      const main = events.filter(
        (e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.ts <= end && e.tdur !== undefined,
      )
      const values: Record<string, number> = { ...marks, cpu: 0 }
      for (const e of main) {
        if (e.name === 'RunTask') {
          values.cpu! += e.tdur! / 1000
          values.longest = Math.max(values.longest ?? 0, e.tdur! / 1000)
        }
        const kind = KINDS[e.name]
        if (kind) values[kind] = (values[kind] ?? 0) + e.tdur! / 1000
      }
      const all = results.get(side.dist) ?? {}
      results.set(side.dist, all)
      for (const [key, value] of Object.entries(values)) (all[key] ??= []).push(value)
      console.log(`${side.dist}: ${row(values)} (${load()})`)
      await context.close()
    }
  }
  console.log(`\nmedians of ${visits} interleaved visits at ${rate}x (ms):`)
  for (const [dist, all] of results)
    console.log(`${dist}: ${row(Object.fromEntries(Object.entries(all).map(([k, v]) => [k, median(v)])))}`)
} finally {
  await browser.close()
  for (const side of sides) side.stop()
}

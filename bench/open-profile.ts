/**
 * What the longest main-thread tasks of reopening the 10,000-request workspace, and of expanding a
 * 1,000-request collection, are made of (not a benchmark: run by hand):
 *   npx tsx bench/open-profile.ts [RATE] [DIST]
 * Seeds the workspace as `bench/app.ts` does, reopens it under a Chromium trace with the V8
 * sampling profiler on, then expands one collection the same way, and prints for each window the
 * longest tasks (CPU), the trace events directly under each (script, GC, style, layout, paint) and
 * the functions the profiler sampled in it, self and inclusive. For readable names serve an
 * unminified build: `npx vite build --minify false --outDir <dir>` and pass that dir.
 */
import { loadavg } from 'node:os'
import { chromium, type Browser, type Page } from '@playwright/test'
import { logInContext } from './login.ts'
import { makeBigWorkspace, seedWorkspace } from '../tests/fixtures/big-workspace.ts'
import { freePort, startServer } from './app-ab.ts'
import type { ProfileNode, TraceEvent } from './main-thread.ts'

const RATE = Number(process.argv[2] ?? 4)
const DIST = process.argv[3] ?? 'dist'
const TOP = Number(process.env.TOP ?? 3)

async function trace(browser: Browser, page: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      ...(process.env.SAMPLE === '0' ? [] : ['disabled-by-default-v8.cpu_profiler', 'v8.execute', 'v8']),
    ],
  })
  await run()
  const buffer = await browser.stopTracing()
  return (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
}

function report(label: string, events: TraceEvent[]): void {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = (e: TraceEvent) => mains.has(`${e.pid}:${e.tid}`)
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.tdur !== undefined)
    .sort((a, b) => b.tdur! - a.tdur!)
  const total = tasks.reduce((sum, t) => sum + t.tdur!, 0) / 1000
  console.log(`\n== ${label}: ${tasks.length} tasks, ${total.toFixed(0)} ms CPU in all`)
  console.log(
    `   longest (CPU ms): ${tasks
      .slice(0, 10)
      .map((t) => (t.tdur! / 1000).toFixed(1))
      .join(', ')}`,
  )

  // Samples of the main thread's profile, with their timestamps.
  const nodes = new Map<number, ProfileNode>()
  const samples: { ts: number; node: number }[] = []
  const profiles = new Map<string, number>()
  for (const e of events) {
    if (e.name === 'Profile' && onMain(e)) profiles.set(e.id!, e.args!.data!.startTime!)
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profiles.has(e.id!)) continue
    const data = e.args!.data!
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let ts = profiles.get(e.id!)!
    const ids = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    for (let i = 0; i < ids.length; i++) {
      ts += deltas[i] ?? 0
      samples.push({ ts, node: ids[i]! })
    }
    profiles.set(e.id!, ts)
  }
  const name = (n: ProfileNode) => {
    const file = (n.callFrame.url ?? '').split('/').pop() ?? ''
    return `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber + 1}`
  }

  const first = Math.min(...tasks.map((t) => t.ts))
  // A reload: the tasks before the new document commits are the old page's.
  const commit = events.find((e) => e.name === 'CommitLoad' && onMain(e))?.ts
  if (commit !== undefined)
    console.log(
      `   old page's longest tasks (before the new document, +${((commit - first) / 1000).toFixed(0)} ms): ` +
        tasks
          .filter((t) => t.ts < commit)
          .slice(0, 5)
          .map((t) => (t.tdur! / 1000).toFixed(1))
          .join(', ') +
        ` (${(tasks.filter((t) => t.ts < commit).reduce((sum, t) => sum + t.tdur!, 0) / 1000).toFixed(0)} ms in all)` +
        `; new page's: ` +
        tasks
          .filter((t) => t.ts >= commit)
          .slice(0, 5)
          .map((t) => (t.tdur! / 1000).toFixed(1))
          .join(', ') +
        ` (${(tasks.filter((t) => t.ts >= commit).reduce((sum, t) => sum + t.tdur!, 0) / 1000).toFixed(0)} ms in all)`,
    )
  for (const task of tasks.slice(0, TOP)) {
    const end = task.ts + task.dur!
    console.log(
      `\n-- task of ${(task.tdur! / 1000).toFixed(1)} ms CPU (${(task.dur! / 1000).toFixed(1)} wall) at +${((task.ts - first) / 1000).toFixed(0)} ms`,
    )
    const inside = events
      .filter((e) => onMain(e) && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end && e.dur)
      .sort((a, b) => a.ts - b.ts)
    // The events directly under the task (not nested in another listed one).
    let coveredUntil = 0
    const byName = new Map<string, number>()
    for (const e of inside) {
      if (e.ts < coveredUntil) continue
      coveredUntil = e.ts + e.dur!
      const key = `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`
      byName.set(key, (byName.get(key) ?? 0) + (e.tdur ?? e.dur!) / 1000)
    }
    for (const [key, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`   ${ms.toFixed(1).padStart(7)} ms  ${key}`)
    // GC inside it, wherever nested.
    const gc = inside
      .filter((e) => /GC|Scavenge|MarkCompact|V8\.GC/.test(e.name))
      .reduce((sum, e) => sum + (e.tdur ?? e.dur!) / 1000, 0)
    if (gc) console.log(`   (GC events inside: ${gc.toFixed(1)} ms)`)
    const own = samples.filter((s) => s.ts >= task.ts && s.ts < end)
    const self = new Map<string, number>()
    const inclusive = new Map<string, number>()
    for (const s of own) {
      const leaf = nodes.get(s.node)
      if (!leaf) continue
      self.set(name(leaf), (self.get(name(leaf)) ?? 0) + 1)
      const seen = new Set<string>()
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const key = name(n)
        if (seen.has(key)) continue
        seen.add(key)
        inclusive.set(key, (inclusive.get(key) ?? 0) + 1)
      }
    }
    const line = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.LINES ?? 25))
        .map(([k, n]) => `${((n / own.length) * 100).toFixed(0).padStart(4)}%  ${k}`)
        .join('\n     ')
    console.log(`   ${own.length} samples; self:\n     ${line(self)}`)
    console.log(`   inclusive:\n     ${line(inclusive)}`)
  }
}

/** Samples of the main thread from `since` on, counted by function (self), into `counts`. */
function aggregate(events: TraceEvent[], since: number, counts: Map<string, number>): void {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const nodes = new Map<number, ProfileNode>()
  const starts = new Map<string, number>()
  for (const e of events)
    if (e.name === 'Profile' && mains.has(`${e.pid}:${e.tid}`)) starts.set(e.id!, e.args!.data!.startTime!)
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !starts.has(e.id!)) continue
    const data = e.args!.data!
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let ts = starts.get(e.id!)!
    const ids = data.cpuProfile?.samples ?? []
    for (let i = 0; i < ids.length; i++) {
      ts += data.timeDeltas?.[i] ?? 0
      const node = nodes.get(ids[i]!)
      if (ts < since || !node) continue
      const frame = node.callFrame
      const key = `${frame.functionName || '(anon)'} ${(frame.url ?? '').split('/').pop()}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    starts.set(e.id!, ts)
  }
}

async function main() {
  const port = await freePort()
  const dataDir = 'data/bench-open-profile'
  const stop = await startServer(port, DIST, dataDir)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  })
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
    })
    await logInContext(context, dataDir)
    const page = await context.newPage()
    const interactive = () =>
      page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
    await page.goto(`http://127.0.0.1:${port}`)
    await interactive()
    await seedWorkspace(page, makeBigWorkspace(10, 1000))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE })
    for (let i = 0; i < 3; i++) {
      await page.reload()
      await interactive()
    }
    // REOPENS=n: n traced reopens, each after SETTLE ms of quiet, and only their new pages' tasks.
    const reopens = Number(process.env.REOPENS ?? 0)
    if (reopens > 0) {
      const selfCounts = new Map<string, number>()
      const longest: number[] = []
      const total: number[] = []
      for (let i = 0; i < reopens; i++) {
        await page.waitForTimeout(Number(process.env.SETTLE ?? 3000))
        const events = await trace(browser, page, async () => {
          await page.reload()
          await interactive()
        })
        const main = new Set(
          events
            .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
            .map((e) => `${e.pid}:${e.tid}`),
        )
        const commit = events.find((e) => e.name === 'CommitLoad' && main.has(`${e.pid}:${e.tid}`))?.ts ?? 0
        const cpu = events
          .filter(
            (e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && e.ts >= commit,
          )
          .map((e) => (e.tdur ?? 0) / 1000)
        if (process.env.AGG) aggregate(events, commit, selfCounts)
        longest.push(Math.max(...cpu))
        total.push(cpu.reduce((a, b) => a + b, 0))
      }
      const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0)
      console.log(
        `${DIST}: new page's longest task ${med(longest)} [${longest.map((v) => v.toFixed(0)).join(' ')}], ` +
          `CPU ${med(total)} [${total.map((v) => v.toFixed(0)).join(' ')}] (load ${loadavg()[0]!.toFixed(1)})`,
      )
      if (process.env.AGG)
        console.log(
          [...selfCounts]
            .sort((a, b) => b[1] - a[1])
            .slice(0, Number(process.env.AGG))
            .map(([k, n]) => `${String(n).padStart(6)}  ${k}`)
            .join('\n'),
        )
      return
    }
    console.log(`load average before: ${loadavg()[0]!.toFixed(2)}`)
    console.log(
      'databases:',
      await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).join(' ')),
    )
    const open = await trace(browser, page, async () => {
      await page.reload()
      await interactive()
    })
    report(`reopen at ${RATE}x`, open)
    await page.waitForTimeout(500)
    // Bottom up, as bench/app.ts does.
    for (let c = 10; c >= Number(process.env.DOWN_TO ?? 1); c--) {
      const started = Date.now()
      const expand = await trace(browser, page, async () => {
        await page.locator(`.tree-row[aria-label="Collection ${c}"]`).click()
        await page.locator(`.tree-row[aria-label="Collection ${c}"][aria-expanded="true"]`).waitFor()
      })
      console.log(`\n(click to expanded: ${Date.now() - started} ms with tracing)`)
      report(`expanding Collection ${c} at ${RATE}x`, expand)
    }
    // TOGGLES=n: after the expansions and SETTLE ms of quiet, Collection 1 collapsed and expanded
    // n times, each expand traced: the steady state of a click, the split's background work done.
    const toggles = Number(process.env.TOGGLES ?? 0)
    if (toggles > 0) {
      await page.waitForTimeout(Number(process.env.SETTLE ?? 3000))
      const longest: number[] = []
      const total: number[] = []
      for (let i = 0; i < toggles; i++) {
        await page.locator('.tree-row[aria-label="Collection 1"]').click()
        await page.locator('.tree-row[aria-label="Collection 1"][aria-expanded="false"]').waitFor()
        await page.waitForTimeout(300)
        const events = await trace(browser, page, async () => {
          await page.locator('.tree-row[aria-label="Collection 1"]').click()
          await page.locator('.tree-row[aria-label="Collection 1"][aria-expanded="true"]').waitFor()
          await page.waitForTimeout(300)
        })
        const main = new Set(
          events
            .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
            .map((e) => `${e.pid}:${e.tid}`),
        )
        const cpu = events
          .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
          .map((e) => (e.tdur ?? 0) / 1000)
        longest.push(Math.max(...cpu))
        total.push(cpu.reduce((a, b) => a + b, 0))
      }
      const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0)
      console.log(
        `${DIST}: expanding Collection 1 with the other 9 open, longest task ${med(longest)} ` +
          `[${longest.map((v) => v.toFixed(0)).join(' ')}], CPU ${med(total)} [${total.map((v) => v.toFixed(0)).join(' ')}] (load ${loadavg()[0]!.toFixed(1)})`,
      )
    }
    console.log(`\nload average after: ${loadavg()[0]!.toFixed(2)}`)
  } finally {
    await browser.close()
    stop()
  }
}

await main()

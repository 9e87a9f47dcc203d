/**
 * One cold visit's main thread, task by task:
 * `npx tsx bench/cold-profile.ts <cpu rate> <dist> [visits] [ms after interactive]`.
 * Prints each task of the renderer's main thread up to `sendbox-interactive` (start after
 * navigation, wall and CPU milliseconds), the app's performance marks among them, and for the
 * tasks over 8 ms of CPU the functions with the most samples (V8's sampling profiler, in the trace).
 * For finding what a cold start's critical path waits on; compare numbers with `bench/app.ts`.
 * `OFFLINE=1` traces an offline reload after the visit instead (the offline time to interactive).
 */
import { chromium } from '@playwright/test'
import { logInContext } from './login.ts'
import { freePort, load, startServer } from './app-ab.ts'
import type { TraceEvent } from './main-thread.ts'

const [rateArg, dist, visitsArg, afterArg] = process.argv.slice(2)
/** Tasks this many milliseconds past `sendbox-interactive` are listed too. */
const after = Number(afterArg ?? 0)
const rate = Number(rateArg)
const visits = Number(visitsArg ?? 1)
if (!(rate >= 1) || !dist)
  throw new Error('usage: npx tsx bench/cold-profile.ts <cpu rate> <dist> [visits] [ms after interactive]')

const port = await freePort()
const dataDir = 'data/bench-cold-profile'
const stop = await startServer(port, dist, dataDir)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
try {
  for (let visit = 0; visit < visits; visit++) {
    const context = await browser.newContext()
    await logInContext(context, dataDir)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    // OFFLINE=1: the visit traced is a reload from the service worker's precache, offline.
    const offline = process.env.OFFLINE === '1'
    if (offline) {
      await page.goto(`http://127.0.0.1:${port}`)
      await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await context.setOffline(true)
    }
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        // The sampler slows V8 down and changes where it compiles: `SAMPLES=0` leaves it out.
        ...(process.env.SAMPLES === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']),
      ],
    })
    if (offline) await page.reload()
    else await page.goto(`http://127.0.0.1:${port}`)
    await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
    await page.waitForTimeout(200 + after * rate)
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents
    await context.close()
    report(events)
    console.log(`(${load()})`)
  }
} finally {
  await browser.close()
  stop()
}

function report(events: TraceEvent[]) {
  const mainKey = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`)
  const mains = new Set(mainKey)
  const nav = events.find((e) => e.name === 'navigationStart' && mains.has(`${e.pid}:${e.tid}`))
  const marks = events.filter(
    (e) =>
      (e.name.startsWith('sendbox-') || e.name === 'domContentLoadedEventStart') &&
      (e.ph === 'R' || e.ph === 'b' || e.ph === 'I' || e.ph === 'n'),
  )
  const interactive = events.find((e) => e.name === 'sendbox-interactive')
  const end = (interactive?.ts ?? Infinity) + after * 1000
  const t0 = nav?.ts ?? 0
  // Samples: ProfileChunk events on the main thread's pid.
  const nodes = new Map<string, { parent?: string; name: string }>()
  const samples: { ts: number; node: string }[] = []
  const profiles = new Map<string, number>()
  for (const e of events) {
    if (e.name === 'Profile' && e.args?.data?.startTime !== undefined)
      profiles.set(`${e.pid}:${e.id}`, e.args.data.startTime)
  }
  const clock = new Map<string, number>()
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue
    const key = `${e.pid}:${e.id}`
    if (!mains.has(`${e.pid}:${e.tid}`) && ![...mains].some((m) => m.startsWith(`${e.pid}:`))) continue
    const profile = e.args?.data?.cpuProfile
    for (const n of profile?.nodes ?? [])
      nodes.set(`${key}:${n.id}`, {
        parent: n.parent === undefined ? undefined : `${key}:${n.parent}`,
        name: `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url ?? '').split('/').pop()}:${n.callFrame.lineNumber ?? ''}`,
      })
    let ts = clock.get(key) ?? profiles.get(key) ?? 0
    const deltas = e.args?.data?.timeDeltas ?? []
    ;(profile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0
      samples.push({ ts, node: `${key}:${node}` })
    })
    clock.set(key, ts)
  }
  const tasks = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        mains.has(`${e.pid}:${e.tid}`) &&
        e.ts <= end &&
        e.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts)
  let cpu = 0
  for (const task of tasks) {
    cpu += task.tdur! / 1000
    const cpuMs = task.tdur! / 1000
    if (cpuMs < 2) continue
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!)
    const self = new Map<string, number>()
    const incl = new Map<string, number>()
    for (const s of inside) {
      const leaf = nodes.get(s.node)?.name ?? '?'
      self.set(leaf, (self.get(leaf) ?? 0) + 1)
      const seen = new Set<string>()
      for (let id: string | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
        const name = nodes.get(id)?.name
        if (!name || seen.has(name)) continue
        seen.add(name)
        incl.set(name, (incl.get(name) ?? 0) + 1)
      }
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .filter(([k]) => !k.startsWith('(root)') && !k.startsWith('(program)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${k} ×${v}`)
        .join('; ')
    console.log(
      `task at ${((task.ts - t0) / 1000).toFixed(0)} ms: wall ${(task.dur! / 1000).toFixed(1)} cpu ${cpuMs.toFixed(1)} (${inside.length} samples)`,
    )
    if (cpuMs >= 8) {
      const inner = events.filter(
        (e) =>
          e !== task &&
          e.ph === 'X' &&
          e.pid === task.pid &&
          e.tid === task.tid &&
          e.ts >= task.ts &&
          e.ts < task.ts + task.dur! &&
          e.tdur !== undefined,
      )
      const byName = new Map<string, number>()
      for (const e of inner) byName.set(e.name, (byName.get(e.name) ?? 0) + e.tdur! / 1000)
      console.log(
        `    events: ${[...byName.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join('; ')}`,
      )
      console.log(`    self: ${top(self, 8)}`)
      console.log(`    incl: ${top(incl, 14)}`)
    }
  }
  for (const m of marks) console.log(`mark ${m.name} ${m.ph} at ${((m.ts - t0) / 1000).toFixed(0)} ms`)
  console.log(
    `main-thread CPU to interactive: ${cpu.toFixed(0)} ms; interactive at ${((end - t0) / 1000).toFixed(0)} ms`,
  )
}

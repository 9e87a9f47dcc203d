/**
 * Where the page's main thread spends a big response (not a benchmark: run by hand):
 *   npx tsx bench/viewer-profile.ts <MB>
 * Samples the page with the CDP profiler from Send until the body is indexed, then prints each
 * busy stretch over 100 ms with its heaviest frames, and the heaviest frames overall. For
 * readable names serve an unminified build: `npx vite build --minify false --outDir <dir>` and
 * SENDBOX_DIST=<dir>. Ports: BENCH_PORT (sync-server), BENCH_ECHO_PORT.
 */
import { chromium } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import { startSyncServer } from './viewer-setup.ts'
const size = Number(process.argv[2] ?? 50) * 1e6
const port = Number(process.env.BENCH_PORT ?? 4437)
const stop = await startSyncServer(port)
const echo = await startEchoProcess(Number(process.env.BENCH_ECHO_PORT ?? 0))
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage()
  await page.goto(await stop.loginLink())
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${echo.url}/json/${size}`)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 })
  await page.waitForTimeout(300)
  await cdp.send('Profiler.start')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await page.locator('.line-viewport .line').first().waitFor({ timeout: 0 })
  await page.waitForFunction(
    () => !document.querySelector('.line-search')?.textContent?.includes('Indexing'),
    null,
    { timeout: 0, polling: 100 },
  )
  const { profile } = await cdp.send('Profiler.stop')
  const self = new Map<string, number>()
  const dt = new Map<number, number>()
  profile.samples!.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)))
  for (const node of profile.nodes) {
    const f = node.callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0))
  }
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const total = new Map<string, number>()
  for (const [id, t] of dt) {
    const seen = new Set<string>()
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + t)
      seen.add(key)
    }
  }
  // Spans of busy samples (not idle) longer than 100 ms, with their heaviest frames.
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id))
  let t = profile.startTime
  let span: { start: number; ids: number[]; deltas: number[] } | null = null
  const flush = () => {
    if (!span) return
    const dur = (t - span.start) / 1000
    if (dur > 100) {
      const agg = new Map<string, number>()
      span.ids.forEach((id, i) => {
        const seen = new Set<string>()
        for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
          const f = byId.get(cur)!.callFrame
          const key = `${f.functionName || '(anon)'}:${f.lineNumber}`
          if (!seen.has(key)) agg.set(key, (agg.get(key) ?? 0) + span!.deltas[i]!)
          seen.add(key)
        }
      })
      console.log(
        `busy ${dur.toFixed(0)} ms:`,
        [...agg]
          .sort((a, b) => b[1] - a[1])
          .slice(1, 14)
          .map(([k, v]) => `${k}=${(v / 1000).toFixed(0)}`)
          .join(' '),
      )
    }
    span = null
  }
  profile.samples!.forEach((id, i) => {
    t += profile.timeDeltas![i] ?? 0
    if (idleIds.has(id)) return flush()
    span ??= { start: t, ids: [], deltas: [] }
    span.ids.push(id)
    span.deltas.push(profile.timeDeltas![i + 1] ?? 0)
  })
  flush()
  console.log('--- inclusive')
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log((v / 1000).toFixed(0).padStart(7), 'ms', k)
  console.log('--- self')
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log((v / 1000).toFixed(0).padStart(7), 'ms', k)
} finally {
  await browser.close()
  await echo.close()
  stop()
}

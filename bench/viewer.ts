/**
 * `npm run bench:viewer`: the response viewer on 1, 10 and 100 MB JSON responses (echo /json/N),
 * sent from the built app through the sync-server's relay in Debian's Chromium, one fresh browser
 * per size. Per size:
 * - first paint: Send click → the first formatted line drawn (next animation frame), with the
 *   progress the view showed then ("Loading: X of Y MB": the body was still arriving);
 * - whole body: click → the body completely in the page, and → indexed and searchable;
 * - longest main-thread task (PerformanceObserver 'longtask', installed before navigation) while
 *   loading (click → index complete) and while scrolling to the middle and the end of the body
 *   and searching a term near the end; the end and the hit are checked against the known layout;
 * - memory, page + workers (see viewer-probe.ts): peak and settled, JS heap + ArrayBuffers, and
 *   the renderer's peak resident set over its idle baseline (taken once the app is idle, its
 *   service worker ready and its resident set steady); renderer CPU seconds.
 * Peer in the same run: Node's JSON.parse + JSON.stringify(v, null, 2) of the same body, what a
 * viewer without a streaming formatter has to do before its first paint.
 * Targets for 100 MB: first paint ≤ 2 s, no task over 200 ms, memory under 3× the body.
 * Env: BENCH_PORT, BENCH_ECHO_PORT, BENCH_SIZES (MB, comma-separated), BENCH_CASE_TIMEOUT_S.
 */
import { execSync } from 'node:child_process'
import { chromium } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import { expectedLayout, naiveFormatMs, startSyncServer } from './viewer-setup.ts'
import { runCase, type CaseResult } from './viewer-case.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4437)
const ECHO_PORT = Number(process.env.BENCH_ECHO_PORT ?? 0)
const SIZES = (process.env.BENCH_SIZES ?? '1,10,100').split(',').map((mb) => Number(mb) * 1_000_000)
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load/, 'load')

const stop = await startSyncServer(PORT)
const echo = await startEchoProcess(ECHO_PORT)
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`
let failed = 0
try {
  console.log(`Chromium ${chromium.name()} via /usr/bin/chromium; ${load()}`)
  for (const size of SIZES) {
    const timeoutS = Number(process.env.BENCH_CASE_TIMEOUT_S ?? 60 + (2 * size) / 1e6)
    const layout = expectedLayout(size)
    // The echo server builds the body on the first request and keeps it: warm it up, so the
    // times below are the app's (relay + viewer), not the fixture's.
    const warm = performance.now()
    await (await fetch(`${echo.url}/json/${size}`)).arrayBuffer()
    const warmMs = performance.now() - warm
    const direct = performance.now()
    await (await fetch(`${echo.url}/json/${size}`)).arrayBuffer()
    const directMs = performance.now() - direct
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
    })
    const step = { name: 'starting' }
    let result: CaseResult | null = null
    try {
      result = await Promise.race([
        runCase(browser, await stop.loginLink(), `${echo.url}/json/${size}`, layout, step),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutS * 1000)),
      ])
      if (!result) throw new Error(`no result after ${timeoutS} s`)
    } catch (error) {
      failed++
      console.log(
        `FAIL ${mb(size)}: ${(error as Error).message.split('\n')[0]} (step: ${step.name}; ${load()})`,
      )
    } finally {
      await browser.close().catch(() => undefined)
    }
    if (!result) continue
    const naive = naiveFormatMs(size)
    const r = result
    const idle = r.idle.js + r.idle.buffers
    const peak = r.peak.js + r.peak.buffers
    const settled = r.settled.js + r.settled.buffers
    console.log(`\n${mb(size)} JSON (${layout.lines} formatted lines), ${load()}`)
    const rows: [string, string][] = [
      [
        'FIRST PAINT (click → first line)',
        `${r.paintMs.toFixed(0)} ms, ${r.paintPartial ? `partial: "${r.paintLoadedText}"` : 'body already whole'}`,
      ],
      ['  click → response head in the page', `${r.headMs.toFixed(0)} ms`],
      ['  echo fixture building the body', `${warmMs.toFixed(0)} ms (before the click, not counted)`],
      [
        'WHOLE BODY in the page (click →)',
        `${r.bodyMs.toFixed(0)} ms (relay's upstream time ${r.upstreamMs} ms)`,
      ],
      [
        '  peer: Node fetch from echo directly',
        `${directMs.toFixed(0)} ms (whole body / peer ${(r.bodyMs / directMs).toFixed(2)})`,
      ],
      ['  peer: Node JSON.parse+stringify', `${naive.toFixed(0)} ms (what a non-streaming formatter adds)`],
      ['WHOLE BODY indexed, searchable', `${r.indexedMs.toFixed(0)} ms (click →)`],
      ['longest task, loading', `${r.loadLongest.toFixed(0)} ms (${r.loadTasks} tasks ≥ 50 ms)`],
      ['longest task, scroll + search', `${r.scrollLongest.toFixed(0)} ms (${r.scrollTasks} tasks ≥ 50 ms)`],
      ['search near the end', `${r.searchMs.toFixed(0)} ms`],
      [
        'page+workers JS + buffers, idle',
        `${mb(idle)} (${mb(r.idle.js)} JS + ${mb(r.idle.buffers)} buffers)`,
      ],
      [
        '  peak over idle',
        `${mb(peak - idle)} (${mb(r.peak.js)} JS + ${mb(r.peak.buffers)} buffers) = ${((peak - idle) / size).toFixed(2)}× body`,
      ],
      [
        '  settled after GC, over idle',
        `${mb(settled - idle)} = ${((settled - idle) / size).toFixed(2)}× body (${r.settled.workers} workers)`,
      ],
      [
        'renderer RSS, idle',
        `${mb(r.idleRss)} (steady ${r.idleSteady ? 'after' : 'NOT reached in'} ${(r.idleWaitMs / 1000).toFixed(1)} s)`,
      ],
      ['  peak over idle', `${mb(r.peakRssOverIdle)} = ${(r.peakRssOverIdle / size).toFixed(2)}× body`],
      ['renderer CPU, send → searched', `${r.cpuSeconds.toFixed(2)} s`],
    ]
    for (const [name, value] of rows) console.log(`  ${name.padEnd(36)} ${value}`)
    if (size === 100_000_000) {
      const memory = (peak - idle) / size
      const checks: [string, boolean][] = [
        [`first paint ≤ 2000 ms from the click (${r.paintMs.toFixed(0)})`, r.paintMs <= 2000],
        [
          `no task over 200 ms (${Math.max(r.loadLongest, r.scrollLongest).toFixed(0)})`,
          Math.max(r.loadLongest, r.scrollLongest) <= 200,
        ],
        [`peak page+workers memory < 3× body (${memory.toFixed(2)}×)`, memory < 3],
        [
          `renderer peak RSS over idle < 3× body (${(r.peakRssOverIdle / size).toFixed(2)}×)`,
          r.peakRssOverIdle < 3 * size,
        ],
      ]
      for (const [name, ok] of checks) console.log(`  target ${ok ? 'met   ' : 'MISSED'} ${name}`)
    }
  }
} finally {
  await echo.close()
  stop()
}
process.exitCode = failed > 0 ? 1 : 0

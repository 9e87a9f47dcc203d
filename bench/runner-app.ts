/**
 * `npm run bench:runner-app`: the Collection Runner in the app against `sendbox run`, on the same
 * collection, in the same run. COUNT requests (default 500), each with a pre-request script and a
 * post-response script with 5 tests (as bench/runner.ts), against one echo server.
 *
 * The app: the built app in dist/, served by the sync-server, in Debian's Chromium (Playwright);
 * the collection is imported through `Import`, `Run` opens the runner, `Run collection` runs it.
 * Its rate is the run loop's own time (`sendbox-runner-run`, the durationMs of runCollection), the
 * same span `sendbox run` reports as durationMs in its json report (both make the script engine
 * ready before it starts). Main-thread tasks during the run come from a Chromium trace
 * (bench/main-thread.ts): tasks over 50 ms of wall time, and over 50 ms of the thread's own CPU
 * (the ones long on any machine), and the page's own `longtask` entries.
 * Target (issue 31): the app at least half the CLI's rate, and no task over 50 ms.
 * Rounds (BENCH_ROUNDS, default 2) alternate app and CLI; medians are compared.
 * BENCH_BASELINE_DIST: another build of the app (e.g. the previous commit's `dist/`), served by a
 * second sync-server and run in each round too, so a change is measured against it in one run.
 *
 * The long run (BENCH_LONG_COUNT, default 1,000 requests, the same scripts; 0 skips it): one run
 * in the app at 1x CPU; no main-thread task over 50 ms of CPU, and the results list virtualised
 * (result rows in the DOM at the end, against the run's rows).
 *
 *   npm run build && npm run bench:runner-app
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import { traceMainThread } from './main-thread.ts'
import { ARGS, collectionFile, openRunner, runAndWait, startServer } from './runner-app-setup.ts'

const COUNT = Number(process.env.BENCH_COUNT ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const LONG_COUNT = Number(process.env.BENCH_LONG_COUNT ?? 1000)
const BASELINE = process.env.BENCH_BASELINE_DIST
const BIN = resolve(import.meta.dirname, '../bin/sendbox.js')

interface AppRound {
  ms: number
  longWall: number
  longCpu: number
  maxCpuMs: number
  longtaskEntries: number
  mainCpuMs: number
  workerCpuMs: number
  /** Result rows in the DOM at the end of the run. */
  rowsInDom: number
}

async function appRound(
  browser: Browser,
  base: string,
  data: string,
  file: string,
  count: number,
): Promise<AppRound> {
  const { page, runner, close } = await openRunner(browser, base, data, file)
  // The page's own view of long tasks, beside the trace's.
  await page.evaluate(`(() => {
    window.__longtasks = 0
    new PerformanceObserver((list) => { window.__longtasks += list.getEntries().length }).observe({ type: 'longtask' })
  })()`)
  const tasks = await traceMainThread(browser, page, () => runAndWait(page, runner))
  const ms = await page.evaluate(() => performance.getEntriesByName('sendbox-runner-run').at(-1)!.duration)
  const summary = await runner.locator('.runner-summary').textContent()
  if (!summary?.startsWith(`${count} passed, 0 failed`))
    throw new Error(`the app's run did not pass: ${summary}`)
  const rowsInDom = await runner.getByRole('list', { name: 'Results' }).getByRole('button').count()
  const longtaskEntries = await page.evaluate(
    () => (window as unknown as { __longtasks: number }).__longtasks,
  )
  await close()
  return {
    ms,
    longWall: tasks.longCpuMs.length,
    longCpu: tasks.overBudget,
    maxCpuMs: tasks.maxCpuMs,
    longtaskEntries,
    mainCpuMs: tasks.cpuMs,
    workerCpuMs: tasks.workerCpuMs,
    rowsInDom,
  }
}

function cliRound(file: string, dir: string): Promise<{ ms: number; wholeMs: number }> {
  const report = join(dir, `report-${Date.now()}.json`)
  const started = performance.now()
  const child = spawn(process.execPath, [BIN, 'run', file, '-r', 'json', '--reporter-json-export', report], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return new Promise((done, fail) => {
    child.once('exit', (code) => {
      const wholeMs = performance.now() - started
      if (code !== 0) return fail(new Error(`sendbox run exited ${code}`))
      const json = JSON.parse(readFileSync(report, 'utf8')) as {
        durationMs: number
        summary: { passed: number }
      }
      if (json.summary.passed !== COUNT * 5)
        return fail(new Error(`sendbox run: ${json.summary.passed} tests passed`))
      done({ ms: json.durationMs, wholeMs })
    })
  })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const rate = (ms: number) => (COUNT / ms) * 1000

const describe = (a: AppRound, count: number) =>
  `${a.ms.toFixed(0)} ms (${((count / a.ms) * 1000).toFixed(1)} req/s), tasks > 50 ms: ${a.longWall} by wall time, ${a.longCpu} by CPU (max ${a.maxCpuMs.toFixed(1)} ms CPU), longtask entries ${a.longtaskEntries}; main thread ${a.mainCpuMs.toFixed(0)} ms CPU (${(a.mainCpuMs / count).toFixed(2)} ms per request), workers ${a.workerCpuMs.toFixed(0)} ms CPU`

async function main() {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first.')
  if (BASELINE && !existsSync(join(BASELINE, 'index.html')))
    throw new Error(`${BASELINE}: no built app there`)
  const echo = await startEchoProcess()
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-bench-runner-app-'))
  const file = join(dir, 'bench.sendbox.json')
  writeFileSync(file, collectionFile(echo.url, COUNT))
  const longFile = join(dir, 'long.sendbox.json')
  writeFileSync(longFile, collectionFile(echo.url, LONG_COUNT))
  const builds = [await startServer(dir, 'app', resolve('dist'))]
  if (BASELINE) builds.push(await startServer(dir, 'baseline', resolve(BASELINE)))
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
  const app = new Map<string, AppRound[]>(builds.map((b) => [b.name, []]))
  const cli: { ms: number; wholeMs: number }[] = []
  try {
    console.log(
      `${COUNT} requests, each with a pre-request script and 5 tests; ${ROUNDS} rounds; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    )
    for (let round = 0; round < ROUNDS; round++) {
      for (const build of builds) {
        const a = await appRound(browser, build.base, build.data, file, COUNT)
        app.get(build.name)!.push(a)
        console.log(`round ${round + 1}: ${build.name} ${describe(a, COUNT)}`)
      }
      const c = await cliRound(file, dir)
      cli.push(c)
      console.log(
        `round ${round + 1}: sendbox run ${c.ms} ms in-run (${rate(c.ms).toFixed(1)} req/s), ${c.wholeMs.toFixed(0)} ms whole process`,
      )
    }
    const cliMs = median(cli.map((c) => c.ms))
    const wholeMs = median(cli.map((c) => c.wholeMs))
    console.log(
      `\nmedian: sendbox run ${rate(cliMs).toFixed(1)} req/s in-run, ${rate(wholeMs).toFixed(1)} req/s whole process`,
    )
    for (const [name, rounds] of app) {
      const appMs = median(rounds.map((a) => a.ms))
      const ratio = rate(appMs) / rate(cliMs)
      const worst = Math.max(...rounds.map((a) => a.longCpu))
      console.log(
        `${name}: ${rate(appMs).toFixed(1)} req/s; app/CLI ${ratio.toFixed(2)} in-run (target >= 0.5) ${ratio >= 0.5 ? 'OK' : 'MISSED'}, ${(rate(appMs) / rate(wholeMs)).toFixed(2)} against the whole process; main-thread tasks over 50 ms of CPU: at most ${worst} per run (target 0) ${worst === 0 ? 'OK' : 'MISSED'}`,
      )
    }
    if (LONG_COUNT > 0) {
      console.log(`\nlong run: ${LONG_COUNT} requests with scripts, 1x CPU; load ${loadavg()[0]!.toFixed(2)}`)
      for (const build of builds) {
        const a = await appRound(browser, build.base, build.data, longFile, LONG_COUNT)
        const virtual = a.rowsInDom < LONG_COUNT / 10
        console.log(
          `${build.name}: ${describe(a, LONG_COUNT)}; ${a.rowsInDom} of ${LONG_COUNT} result rows in the DOM (virtualised: ${virtual ? 'OK' : 'MISSED'}); tasks over 50 ms of CPU ${a.longCpu} (target 0) ${a.longCpu === 0 ? 'OK' : 'MISSED'}`,
        )
      }
    }
  } finally {
    await browser.close()
    for (const build of builds) build.child.kill()
    await echo.close()
  }
}

await main()

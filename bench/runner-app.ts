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
 * Each round also prints the CPU each process (and the renderer's threads) spent per request.
 * The same run in a Chromium no driver instruments (bare-chromium.ts; BENCH_BARE=0 skips it):
 * Playwright's DevTools Network events cost the renderer, the browser process and the driver CPU
 * on every request that a user's browser does not spend; its rate and the page's own `longtask`
 * entries (count and longest) are printed beside.
 * Target (issue 31): the app at least half the CLI's rate, and no task over 50 ms.
 * Rounds (BENCH_ROUNDS, default 2) alternate app and CLI; medians are compared.
 * Through the relay the app hands the whole run to the sync-server (POST /relay/run); the same
 * build is also run against a sync-server started with `--max-runs 0`, where the script worker
 * runs the loop and sends each request through POST /relay (the worker path; BENCH_WORKER=0 skips
 * it), and both ratios to the CLI are printed.
 * BENCH_BASELINE_DIST: another build of the app (e.g. the previous commit's `dist/`), served by a
 * second sync-server and run in each round too, so a change is measured against it in one run.
 *
 * The long run (BENCH_LONG_COUNT, default 1,000 requests, the same scripts; 0 skips it):
 * BENCH_LONG_ROUNDS runs (default 3) per build in the app at 1x CPU; no main-thread task over 50 ms,
 * and the results list virtualised (result rows in the DOM at the end, against the run's rows).
 * Each task over 50 ms (wall or CPU) is printed with what it ran (main-thread.ts), and the longest
 * task of each round, so the spread under the machine's load shows. `Run collection` is found and
 * the pointer put on it before the measured window (runner-app-setup.ts prepareRun): the driver's
 * search of a tab with 1,000 requests is itself a task of about 100 ms in the page.
 * To take one long task apart (its JavaScript frames): bench/runner-long-tasks.ts.
 *
 *   npm run build && npm run bench:runner-app
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import { traceMainThread, type LongTask } from './main-thread.ts'
import { launchBare, openRunnerBare, prepareRunBare } from './bare-chromium.ts'
import {
  ARGS,
  collectionFile,
  cpuSince,
  descendantsCpu,
  openRunner,
  prepareRun,
  startServer,
} from './runner-app-setup.ts'

const COUNT = Number(process.env.BENCH_COUNT ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const LONG_COUNT = Number(process.env.BENCH_LONG_COUNT ?? 1000)
/** Long runs per build (the longest task's length is a distribution on a shared machine). */
const LONG_ROUNDS = Number(process.env.BENCH_LONG_ROUNDS ?? 3)
const BASELINE = process.env.BENCH_BASELINE_DIST
/** BENCH_BARE=0 skips the rounds in a Chromium no driver instruments (bare-chromium.ts). */
const BARE = process.env.BENCH_BARE !== '0'
const BIN = resolve(import.meta.dirname, '../bin/sendbox.js')
/** BENCH_WORKER=0 skips the worker path (the run loop in the script worker, each request through the relay). */
const WORKER = process.env.BENCH_WORKER !== '0'

interface AppRound {
  ms: number
  longWall: number
  longCpu: number
  maxCpuMs: number
  /** The longest main-thread task's wall milliseconds (the trace's). */
  maxWallMs: number
  /** Each main-thread task over 50 ms (wall or CPU) and what it ran. */
  long: LongTask[]
  longtaskEntries: number
  /** The longest of the page's `longtask` entries (ms of wall time), 0 without one. */
  longtaskMaxMs: number
  mainCpuMs: number
  workerCpuMs: number
  /** Result rows in the DOM at the end of the run. */
  rowsInDom: number
  /** CPU ms of each process (and the renderer's threads) during the run. */
  cpu: [string, number][]
}

/** The page's own view of long tasks: a PerformanceObserver('longtask'), count and longest. */
const OBSERVE_LONG_TASKS = `(() => {
  window.__longtasks = { count: 0, max: 0 }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longtasks.count++
      window.__longtasks.max = Math.max(window.__longtasks.max, entry.duration)
    }
  }).observe({ type: 'longtask' })
})()`
const LONG_TASKS = 'window.__longtasks'

async function appRound(
  browser: Browser,
  base: string,
  data: string,
  file: string,
  count: number,
): Promise<AppRound> {
  const { page, runner, close } = await openRunner(browser, base, data, file)
  // Found before the window measured: the driver's search of the tab is no task of the app's.
  const go = await prepareRun(page, runner)
  // The page's own view of long tasks, beside the trace's.
  await page.evaluate(OBSERVE_LONG_TASKS)
  const before = descendantsCpu()
  const tasks = await traceMainThread(browser, page, go)
  const cpu = cpuSince(before)
  const ms = await page.evaluate(() => performance.getEntriesByName('sendbox-runner-run').at(-1)!.duration)
  const summary = await runner.locator('.runner-summary').textContent()
  if (!summary?.startsWith(`${count} passed, 0 failed`))
    throw new Error(`the app's run did not pass: ${summary}`)
  const rowsInDom = await runner.getByRole('list', { name: 'Results' }).getByRole('button').count()
  const long = await page.evaluate<{ count: number; max: number }>(LONG_TASKS)
  await close()
  return {
    ms,
    longWall: tasks.longCpuMs.length,
    longCpu: tasks.overBudget,
    maxCpuMs: tasks.maxCpuMs,
    maxWallMs: tasks.maxWallMs,
    long: tasks.long,
    longtaskEntries: long.count,
    longtaskMaxMs: long.max,
    mainCpuMs: tasks.cpuMs,
    workerCpuMs: tasks.workerCpuMs,
    rowsInDom,
    cpu,
  }
}

/**
 * The same run in a Chromium no driver instruments (bare-chromium.ts): the rate a user's browser
 * gets, and the page's own long tasks.
 */
async function bareRound(base: string, data: string, file: string, count: number) {
  const browser = await launchBare()
  try {
    const page = await openRunnerBare(browser, base, data, file)
    const go = await prepareRunBare(page)
    await page.evaluate(OBSERVE_LONG_TASKS)
    const before = descendantsCpu()
    await go()
    const cpu = cpuSince(before)
    const ms = await page.evaluate<number>(
      `performance.getEntriesByName('sendbox-runner-run').at(-1).duration`,
    )
    const summary = await page.evaluate<string>(
      `document.querySelector('.runner-summary')?.textContent ?? ''`,
    )
    if (!summary.startsWith(`${count} passed, 0 failed`))
      throw new Error(`the app's run did not pass: ${summary}`)
    const long = await page.evaluate<{ count: number; max: number }>(LONG_TASKS)
    return { ms, long, cpu }
  } finally {
    await browser.close()
  }
}

/**
 * Every process's CPU per request, then their sum without the instruments (Playwright, Chromium's
 * tracing service): the cost of a request to the machine, which its load skews far less than rates.
 */
const perRequest = (cpu: [string, number][], count: number) => {
  const product = cpu.filter(([kind]) => !kind.startsWith('this process') && !kind.includes('Tracing'))
  const total = product.reduce((sum, [, ms]) => sum + ms, 0) / count
  return `${cpu
    .filter(([, ms]) => ms / count >= 0.05)
    .map(([kind, ms]) => `${kind} ${(ms / count).toFixed(2)}`)
    .join(', ')}; all processes but the instruments ${total.toFixed(2)}`
}

function cliRound(
  file: string,
  dir: string,
): Promise<{ ms: number; wholeMs: number; cpu: [string, number][] }> {
  const report = join(dir, `report-${Date.now()}.json`)
  const before = descendantsCpu()
  const started = performance.now()
  const child = spawn(process.execPath, [BIN, 'run', file, '-r', 'json', '--reporter-json-export', report], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return new Promise((done, fail) => {
    let cpu: [string, number][] = []
    const sample = setInterval(() => (cpu = cpuSince(before)), 100)
    child.once('exit', (code) => {
      clearInterval(sample)
      const wholeMs = performance.now() - started
      if (code !== 0) return fail(new Error(`sendbox run exited ${code}`))
      const json = JSON.parse(readFileSync(report, 'utf8')) as {
        durationMs: number
        summary: { passed: number }
      }
      if (json.summary.passed !== COUNT * 5)
        return fail(new Error(`sendbox run: ${json.summary.passed} tests passed`))
      done({ ms: json.durationMs, wholeMs, cpu })
    })
  })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const rate = (ms: number) => (COUNT / ms) * 1000

const describe = (a: AppRound, count: number) =>
  `${a.ms.toFixed(0)} ms (${((count / a.ms) * 1000).toFixed(1)} req/s), tasks > 50 ms: ${a.longWall} by wall time, ${a.longCpu} by CPU (max ${a.maxCpuMs.toFixed(1)} ms CPU), page longtask entries ${a.longtaskEntries} (longest ${a.longtaskMaxMs.toFixed(0)} ms); main thread ${a.mainCpuMs.toFixed(0)} ms CPU (${(a.mainCpuMs / count).toFixed(2)} ms per request), workers ${a.workerCpuMs.toFixed(0)} ms CPU`

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
  // `app`: the run handed to the relay whole (POST /relay/run); `worker path`: the same build
  // against a sync-server that takes no runs, so the script worker runs the loop and sends each
  // request through POST /relay, as before.
  const builds = [
    await startServer(dir, 'app', resolve('dist')),
    ...(WORKER ? [await startServer(dir, 'worker path', resolve('dist'), ['--max-runs', '0'])] : []),
  ]
  if (BASELINE) builds.push(await startServer(dir, 'baseline', resolve(BASELINE)))
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
  const app = new Map<string, AppRound[]>(builds.map((b) => [b.name, []]))
  const cli: Awaited<ReturnType<typeof cliRound>>[] = []
  const bare = new Map<string, number[]>(builds.map((b) => [b.name, []]))
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
        console.log(`  CPU ms per request: ${perRequest(a.cpu, COUNT)}`)
        if (BARE) {
          const b = await bareRound(build.base, build.data, file, COUNT)
          bare.get(build.name)!.push(b.ms)
          console.log(
            `round ${round + 1}: ${build.name}, bare Chromium ${b.ms.toFixed(0)} ms (${rate(b.ms).toFixed(1)} req/s), page longtask entries ${b.long.count} (longest ${b.long.max.toFixed(0)} ms)`,
          )
          console.log(`  CPU ms per request: ${perRequest(b.cpu, COUNT)}`)
        }
      }
      const c = await cliRound(file, dir)
      cli.push(c)
      console.log(
        `round ${round + 1}: sendbox run ${c.ms} ms in-run (${rate(c.ms).toFixed(1)} req/s), ${c.wholeMs.toFixed(0)} ms whole process`,
      )
      console.log(`  CPU ms per request (whole process): ${perRequest(c.cpu, COUNT)}`)
      // Each round's ratios against the CLI run right after it: under a shifting machine load these
      // are steadier than ratios of medians taken minutes apart.
      const ratios = builds.map(({ name }) => {
        const appRate = rate(app.get(name)!.at(-1)!.ms)
        const bareMs = bare.get(name)!.at(-1)
        const bareRatio =
          BARE && bareMs !== undefined ? `, bare ${(rate(bareMs) / rate(c.ms)).toFixed(2)}` : ''
        return `${name} ${(appRate / rate(c.ms)).toFixed(2)}${bareRatio}`
      })
      console.log(
        `round ${round + 1}: app/CLI in-run: ${ratios.join('; ')}; load ${loadavg()[0]!.toFixed(2)}`,
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
      const bareMs = bare.get(name)!
      if (bareMs.length > 0) {
        const r = rate(median(bareMs))
        console.log(
          `${name}, bare Chromium: ${r.toFixed(1)} req/s; app/CLI ${(r / rate(cliMs)).toFixed(2)} in-run, ${(r / rate(wholeMs)).toFixed(2)} against the whole process`,
        )
      }
    }
    if (WORKER) {
      const of = (name: string) => rate(median(app.get(name)!.map((a) => a.ms)))
      console.log(
        `relay run/worker path: ${(of('app') / of('worker path')).toFixed(2)}× the rate; app/CLI ${(of('app') / rate(cliMs)).toFixed(2)} on the relay, ${(of('worker path') / rate(cliMs)).toFixed(2)} in the worker`,
      )
    }
    if (BASELINE) {
      const of = (name: string) => rate(median(app.get(name)!.map((a) => a.ms)))
      const cliRate = rate(cliMs)
      console.log(
        `before/after: app/CLI ${(of('baseline') / cliRate).toFixed(2)} (baseline) -> ${(of('app') / cliRate).toFixed(2)} (this build); app/baseline rate ${(of('app') / of('baseline')).toFixed(2)}`,
      )
    }
    if (LONG_COUNT > 0) {
      console.log(
        `\nlong run: ${LONG_COUNT} requests with scripts, 1x CPU, ${LONG_ROUNDS} rounds; load ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      )
      const longest = new Map<string, { wall: number[]; cpu: number[]; bare: number[] }>(
        builds.map((b) => [b.name, { wall: [], cpu: [], bare: [] }]),
      )
      for (let round = 0; round < LONG_ROUNDS; round++) {
        for (const build of builds) {
          const a = await appRound(browser, build.base, build.data, longFile, LONG_COUNT)
          const virtual = a.rowsInDom < LONG_COUNT / 10
          const seen = longest.get(build.name)!
          seen.wall.push(a.maxWallMs)
          seen.cpu.push(a.maxCpuMs)
          console.log(
            `round ${round + 1}: ${build.name}: ${describe(a, LONG_COUNT)}; ${a.rowsInDom} of ${LONG_COUNT} result rows in the DOM (virtualised: ${virtual ? 'OK' : 'MISSED'}); longest task ${a.maxWallMs.toFixed(1)} ms wall, ${a.maxCpuMs.toFixed(1)} ms CPU; tasks over 50 ms of CPU ${a.longCpu} (target 0) ${a.longCpu === 0 ? 'OK' : 'MISSED'}`,
          )
          for (const task of a.long)
            console.log(
              `  task over 50 ms: ${task.wallMs.toFixed(1)} ms wall, ${task.cpuMs.toFixed(1)} ms CPU: ${task.what}`,
            )
          if (BARE) {
            const b = await bareRound(build.base, build.data, longFile, LONG_COUNT)
            seen.bare.push(b.long.max)
            console.log(
              `round ${round + 1}: ${build.name}, bare Chromium: ${b.ms.toFixed(0)} ms (${((LONG_COUNT / b.ms) * 1000).toFixed(1)} req/s); page longtask entries ${b.long.count} (longest ${b.long.max.toFixed(0)} ms) (target 0) ${b.long.count === 0 ? 'OK' : 'MISSED'}`,
            )
          }
        }
      }
      const list = (xs: number[]) =>
        [...xs]
          .sort((x, y) => x - y)
          .map((x) => x.toFixed(0))
          .join(', ')
      for (const [name, seen] of longest)
        console.log(
          `${name}, long run: longest main-thread task per round ${list(seen.wall)} ms wall, ${list(seen.cpu)} ms CPU${seen.bare.length > 0 ? `; bare Chromium, longest longtask entry per round ${list(seen.bare)} ms` : ''}`,
        )
    }
  } finally {
    await browser.close()
    for (const build of builds) build.child.kill()
    await echo.close()
  }
}

await main()

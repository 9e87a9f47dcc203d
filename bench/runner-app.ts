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
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import { logInContext } from './login.ts'
import { traceMainThread } from './main-thread.ts'

const COUNT = Number(process.env.BENCH_COUNT ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const LONG_COUNT = Number(process.env.BENCH_LONG_COUNT ?? 1000)
const BASELINE = process.env.BENCH_BASELINE_DIST
const BIN = resolve(import.meta.dirname, '../bin/sendbox.js')
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
]

const PRE = `pm.environment.set('requestedAt', String(Date.now()))
pm.variables.set('n', '1')`
const TESTS = `pm.test('status is 200', function () { pm.response.to.have.status(200) })
pm.test('is json', function () { pm.expect(pm.response.headers.get('Content-Type')).to.include('application/json') })
pm.test('echoes the index', function () { pm.expect(pm.response.json().args.i).to.be.a('string') })
pm.test('fast', function () { pm.expect(pm.response.responseTime).to.be.below(5000) })
pm.test('method', function () { pm.expect(pm.response.json().method).to.equal('GET') })`

function collectionFile(echo: string, count: number): string {
  const children = Array.from({ length: count }, (_, i) => ({
    type: 'request',
    name: `Request ${i + 1}`,
    method: 'GET',
    url: `${echo}/get?i=${i}&n={{n}}`,
    scripts: { preRequest: PRE, postResponse: TESTS },
  }))
  return JSON.stringify({ sendbox: 1, collection: { name: 'Bench', children } })
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

async function up(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`)
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

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
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  })
  await logInContext(context, data)
  const page = await context.newPage()
  await page.goto(base)
  await page.getByRole('tablist', { name: 'Tabs' }).waitFor()
  const nav = page.getByRole('navigation', { name: 'Collections' })
  await nav.getByRole('button', { name: 'Import', exact: true }).click()
  const importing = page.getByRole('dialog', { name: 'Import', exact: true })
  const chooser = page.waitForEvent('filechooser')
  await importing.getByRole('button', { name: 'Choose files', exact: true }).click()
  await (await chooser).setFiles(file)
  await importing.getByRole('button', { name: 'Import', exact: true }).click()
  await page.getByRole('button', { name: 'More actions for Bench', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Run', exact: true }).click()
  const runner = page.getByRole('region', { name: 'Collection Runner' }).first()
  await runner.getByRole('button', { name: 'Run collection' }).waitFor()
  // The page's own view of long tasks, beside the trace's.
  await page.evaluate(`(() => {
    window.__longtasks = 0
    new PerformanceObserver((list) => { window.__longtasks += list.getEntries().length }).observe({ type: 'longtask' })
  })()`)
  const before = await page.evaluate(() => performance.getEntriesByName('sendbox-runner-run').length)
  const tasks = await traceMainThread(browser, page, async () => {
    await runner.getByRole('button', { name: 'Run collection' }).click()
    await page.waitForFunction((n) => performance.getEntriesByName('sendbox-runner-run').length > n, before, {
      timeout: 600_000,
      polling: 500,
    })
  })
  const ms = await page.evaluate(() => performance.getEntriesByName('sendbox-runner-run').at(-1)!.duration)
  const summary = await runner.locator('.runner-summary').textContent()
  if (!summary?.startsWith(`${count} passed, 0 failed`))
    throw new Error(`the app's run did not pass: ${summary}`)
  const rowsInDom = await runner.getByRole('list', { name: 'Results' }).getByRole('button').count()
  const longtaskEntries = await page.evaluate(
    () => (window as unknown as { __longtasks: number }).__longtasks,
  )
  await context.close()
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

/** A sync-server serving `dist` (this build, or the baseline's) with a data directory of its own. */
async function startServer(dir: string, name: string, dist: string) {
  const port = await freePort()
  const data = join(dir, name)
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'sync-server/main.ts',
      '--no-build',
      '--port',
      String(port),
      '--data',
      data,
      '--dist',
      dist,
    ],
    { stdio: 'ignore' },
  )
  const base = `http://127.0.0.1:${port}`
  await up(base, child)
  return { name, base, data, child }
}

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

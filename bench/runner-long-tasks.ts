/**
 * Which main-thread tasks of an app collection run exceed 50 ms, and what they are (not a
 * benchmark: run by hand):
 *   npx tsx bench/runner-long-tasks.ts [COUNT] [RUNS]
 * Runs COUNT requests (default 1,000, the bench's scripts) in the runner RUNS times (default 3)
 * at 1x CPU, each under a trace with the V8 sampler (long-task-probe.ts), and prints every task
 * over 50 ms with its events and heaviest frames, and the longest task of each run.
 * SENDBOX_DIST=<dir> serves another build (an unminified one names the frames).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import { printLongTask, probeLongTasks } from './long-task-probe.ts'
import { ARGS, collectionFile, openRunner, prepareRun, startServer } from './runner-app-setup.ts'

const COUNT = Number(process.argv[2] ?? 1000)
const RUNS = Number(process.argv[3] ?? 3)
const OVER = Number(process.env.BENCH_OVER_MS ?? 50)

const echo = await startEchoProcess()
const dir = mkdtempSync(join(tmpdir(), 'sendbox-runner-long-tasks-'))
const file = join(dir, 'bench.sendbox.json')
writeFileSync(file, collectionFile(echo.url, COUNT))
const server = await startServer(dir, 'app', resolve(process.env.SENDBOX_DIST ?? 'dist'))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
const longest: number[] = []
try {
  for (let run = 1; run <= RUNS; run++) {
    const { page, runner, close } = await openRunner(browser, server.base, server.data, file)
    const load = loadavg()[0]!.toFixed(2)
    const go = await prepareRun(page, runner)
    const { tasks, cpuMs, count } = await probeLongTasks(browser, page, go, OVER)
    const summary = await runner.locator('.runner-summary').textContent()
    const max = Math.max(0, ...tasks.map((t) => t.wallMs))
    longest.push(max)
    console.log(
      `run ${run} (load ${load}): ${summary}; ${count} main-thread tasks, ${cpuMs.toFixed(0)} ms CPU; ${tasks.length} over ${OVER} ms (longest ${max.toFixed(1)} ms wall)`,
    )
    for (const task of tasks) printLongTask(task)
    await close()
  }
  console.log(`longest task per run (ms wall): ${longest.map((ms) => ms.toFixed(1)).join(', ')}`)
} finally {
  await browser.close()
  server.child.kill()
  await echo.close()
}

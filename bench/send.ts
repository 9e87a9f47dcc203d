/**
 * Send benchmark (Playwright + Debian's Chromium against the built app in dist/, served by the
 * sync-server, sending to the echo server): the time from pressing Send to the request handed to
 * the transport, the `sendbox-send-to-wire` measure (Send's click handler → the request handed
 * to the relay; it covers resolving the tab, variables, the pre-request script, building the
 * wire request; the network is not in it). With a script, the script worker builds the request
 * and starts the relay call itself (src/runtime/script/hand-off.ts): the measure ends at that
 * call, on the worker's clock mapped onto the page's.
 *
 * For a request without and with a pre-request script: the first send right after load, the
 * first send after the page sat idle for a second (the background warm-up had its chance), and
 * warm sends (median of 50). Peers measured in the same page and run: a bare postMessage round
 * trip to a fresh worker (the floor of any worker call) and the no-script send (the pipeline), so
 * the script's share splits into worker round trip and QuickJS; and, per warm scripted send, its
 * steps from the marks the page and the worker leave (page, to the worker, QuickJS, build and
 * relay call), plus how long after the request left the page got to read the worker's reply.
 *
 *   npm run build && npm run bench:send        (ports: SEND_BENCH_PORT, default 4570 and 4571)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { logInContext } from './login.ts'
import { pasteIntoFocused } from '../tests/helpers/paste.ts'

const PORT = Number(process.env.SEND_BENCH_PORT ?? 4570)
const ECHO_PORT = PORT + 1
const BASE = `http://127.0.0.1:${PORT}`
const ECHO = `http://127.0.0.1:${ECHO_PORT}`
const WARM_SENDS = Number(process.env.SEND_BENCH_SENDS ?? 50)
const SCRIPT = "svc.environment.set('stamp', String(Date.now()))\nconst id = svc.environment.get('stamp')"
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
]

async function up(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
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

function tsx(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: 'ignore' })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

/**
 * A scripted send's time, ms after Send: run posted to the script worker, run arrived there,
 * scripts through, request handed to the relay (by the worker), and the page reading the reply.
 */
type Steps = [posted: number, received: number, ran: number, wire: number, replied: number]

/** Sends once; returns this send's `sendbox-send-to-wire` duration and, if scripted, its steps. */
async function sendOnce(page: Page): Promise<{ wire: number; steps?: Steps }> {
  const before = await page.evaluate(() => performance.getEntriesByName('sendbox-send-to-wire').length)
  await page.locator('.send-button').click()
  await page.waitForFunction((n) => performance.getEntriesByName('sendbox-send-to-wire').length > n, before)
  await page.locator('.response-area[data-phase="done"]').waitFor()
  // A string, so the bundler's helpers for named functions never reach the page.
  return page.evaluate(`(() => {
    const m = performance.getEntriesByName('sendbox-send-to-wire').at(-1)
    const at = (name) => {
      const e = performance.getEntriesByName(name).at(-1)
      return e && e.startTime >= m.startTime - 1 ? e.startTime - m.startTime : undefined
    }
    const names = ['posted', 'received', 'ran'].map((n) => at('sendbox-script-' + n))
    const replied = at('sendbox-script-replied')
    const steps = names.every((n) => n !== undefined) ? [...names, m.duration, replied] : undefined
    return { wire: m.duration, steps }
  })()`)
}

async function pasteScript(page: Page, code: string): Promise<void> {
  await page.locator('.section-tab', { hasText: 'Skript' }).click()
  const editor = page.locator('.monaco-editor').first()
  await editor.waitFor()
  await editor.click()
  await pasteIntoFocused(page, code)
  await page.locator('.section-tab', { hasText: 'Params' }).click()
}

/** Reloads and presses Send from inside the page the moment the app is interactive. */
async function sendAtInteractive(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' })
  await page.evaluate(`new Promise((resolve) => {
    const tick = () => {
      const button = document.querySelector('.send-button')
      if (button && performance.getEntriesByName('sendbox-interactive').length > 0) resolve(button.click())
      else setTimeout(tick, 2)
    }
    tick()
  })`)
  await page.waitForFunction(() => performance.getEntriesByName('sendbox-send-to-wire').length > 0)
  await page.locator('.response-area[data-phase="done"]').waitFor()
  return page.evaluate(() => performance.getEntriesByName('sendbox-send-to-wire')[0]!.duration)
}

async function reloadReady(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
}

/** A bare round trip to a new worker, taken after it answered once (so its start is not counted). */
async function workerRoundTrip(page: Page): Promise<number> {
  // A string, so the bundler's helpers for named functions never reach the page.
  return page.evaluate(`(async () => {
    const source = 'onmessage = (e) => postMessage(e.data)'
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })))
    const ping = () => new Promise((resolve) => {
      const start = performance.now()
      worker.onmessage = () => resolve(performance.now() - start)
      worker.postMessage({ phase: 'pre-request', scripts: [{ code: 'x'.repeat(200) }] })
    })
    await ping()
    const times = []
    for (let i = 0; i < 50; i++) times.push(await ping())
    worker.terminate()
    return times.sort((a, b) => a - b)[25]
  })()`)
}

interface Case {
  /** ms after navigation start: [interactive, Send pressed, script worker warmed], per first-at-load send. */
  readiness: [number, number, number][]
  firstAtLoad: number[]
  firstAfterIdle: number[]
  warm: number[]
  warmSteps: Steps[]
  idleSteps: Steps[]
}

async function runCase(browser: Browser, withScript: boolean, data: string): Promise<Case> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await logInContext(context, data)
  const page = await context.newPage()
  await page.goto(BASE)
  await page.waitForFunction(() => performance.getEntriesByName('sendbox-interactive').length > 0)
  await page.locator('.url-input').fill(`${ECHO}/get`)
  if (withScript) await pasteScript(page, SCRIPT)
  // The draft is written to IndexedDB on its own schedule: let it land before reloading.
  await page.waitForTimeout(500)
  const result: Case = {
    readiness: [],
    firstAtLoad: [],
    firstAfterIdle: [],
    warm: [],
    warmSteps: [],
    idleSteps: [],
  }
  for (let i = 0; i < 3; i++) {
    result.firstAtLoad.push(await sendAtInteractive(page))
    result.readiness.push(
      await page.evaluate<[number, number, number]>(`(async () => {
        const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN
        for (let n = 0; n < 100 && Number.isNaN(at('sendbox-scripts-ready')); n++)
          await new Promise((r) => setTimeout(r, 50))
        return [at('sendbox-interactive'), at('sendbox-send-to-wire'), at('sendbox-scripts-ready')]
      })()`),
    )
    await reloadReady(page)
    await page.waitForTimeout(1000)
    const idle = await sendOnce(page)
    result.firstAfterIdle.push(idle.wire)
    if (idle.steps) result.idleSteps.push(idle.steps)
  }
  for (let i = 0; i < 5; i++) await sendOnce(page)
  for (let i = 0; i < WARM_SENDS; i++) {
    const { wire, steps } = await sendOnce(page)
    result.warm.push(wire)
    if (steps) result.warmSteps.push(steps)
  }
  await context.close()
  return result
}

async function main() {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first.')
  const data = mkdtempSync(join(tmpdir(), 'sendbox-bench-send-'))
  const server = tsx(['sync-server/main.ts', '--no-build', '--port', String(PORT), '--data', data])
  const echo = tsx(['tests/fixtures/echo-server.ts', String(ECHO_PORT)])
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
  try {
    await Promise.all([up(BASE, server), up(`${ECHO}/get`, echo)])
    console.log(`load before: ${load()}`)
    const plain = await runCase(browser, false, data)
    const scripted = await runCase(browser, true, data)
    const context = await browser.newContext({ serviceWorkers: 'block' })
    await logInContext(context, data)
    const page = await context.newPage()
    await page.goto(BASE)
    const roundTrip = await workerRoundTrip(page)
    await context.close()
    console.log(`load after: ${load()}`)

    const f = (n: number) => `${n.toFixed(1)} ms`
    const row = (name: string, c: Case) =>
      console.log(
        `${name.padEnd(22)} first at load ${c.firstAtLoad.map(f).join(' / ')} | first after 1 s idle ` +
          `${c.firstAfterIdle.map(f).join(' / ')} | warm median ${f(median(c.warm))}, p90 ${f(p90(c.warm))} (n=${c.warm.length})`,
      )
    console.log('Send → request handed to the transport (sendbox-send-to-wire):')
    row('no script', plain)
    row('pre-request script', scripted)
    console.log(
      `first at load, ms after navigation start (interactive, Send pressed, script worker warm): ` +
        scripted.readiness.map((t) => t.map((n) => n.toFixed(0)).join(', ')).join(' / ') +
        ' (a send pressed before the worker is warm waits for the rest of the warm-up)',
    )
    console.log(
      `warm with script: ${f(median(scripted.warm))} (target < 5 ms: ${median(scripted.warm) < 5 ? 'met' : 'NOT met'}); ` +
        `first after load with script: worst ${f(Math.max(...scripted.firstAtLoad))} (target < 300 ms: ` +
        `${Math.max(...scripted.firstAtLoad) < 300 ? 'met' : 'NOT met'})`,
    )
    console.log(
      `peers: warm send without script ${f(median(plain.warm))} (ratio scripted/plain ` +
        `${(median(scripted.warm) / median(plain.warm)).toFixed(1)}x); bare postMessage round trip to a worker ` +
        `${f(roundTrip)}`,
    )
    const show = (s: Steps) =>
      `page ${f(s[0])}, to the worker ${f(s[1] - s[0])}, QuickJS ${f(s[2] - s[1])}, build + relay call ${f(s[3] - s[2])}`
    console.log(`first scripted sends after 1 s idle, steps: ${scripted.idleSteps.map(show).join(' / ')}`)
    const steps = scripted.warmSteps
    if (steps.length > 0) {
      const part = (pick: (s: Steps) => number) => f(median(steps.map(pick)))
      console.log(
        `warm scripted send, medians of each step (n=${steps.length}): page until the run is posted ` +
          `${part((s) => s[0])} | to the worker ${part((s) => s[1] - s[0])} | QuickJS (the scripts) ` +
          `${part((s) => s[2] - s[1])} | build + relay call started in the worker ${part((s) => s[3] - s[2])} ` +
          `| = Send → wire ${part((s) => s[3])}. Off the path: the page reads the worker's reply ` +
          `${part((s) => s[4] - s[3])} after the request left (it waits for the frame the click dirtied).`,
      )
    }
  } finally {
    await browser.close()
    server.kill()
    echo.kill()
    rmSync(data, { recursive: true, force: true })
  }
}

await main()

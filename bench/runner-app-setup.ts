/**
 * What bench/runner-app.ts and bench/runner-profile.ts share: the bench collection (requests with
 * a pre-request script and 5 tests), a sync-server serving a build, and a page logged in with the
 * collection imported and its runner tab open.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer } from 'node:net'
import type { Browser, Locator, Page } from '@playwright/test'
import { logInContext } from './login.ts'

export const ARGS = [
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

export function collectionFile(echo: string, count: number): string {
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

/**
 * A sync-server serving `dist` (this build, or the baseline's) with a data directory of its own;
 * `args` as `npm start` takes them (`--max-runs 0`: the app runs the loop in its script worker).
 */
export async function startServer(dir: string, name: string, dist: string, args: string[] = []) {
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
      ...args,
    ],
    { stdio: 'ignore' },
  )
  const base = `http://127.0.0.1:${port}`
  await up(base, child)
  return { name, base, data, child }
}

/** A new logged-in page with `file` imported and the runner tab of its collection open. */
export async function openRunner(
  browser: Browser,
  base: string,
  data: string,
  file: string,
): Promise<{ page: Page; runner: Locator; close: () => Promise<void> }> {
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
  return { page, runner, close: () => context.close() }
}

/**
 * Finds `Run collection` and returns what clicks it and waits for the run's end (the
 * `sendbox-runner-run` measure). Finding it by role walks every button of the tab in the page (a
 * long collection's request list has three per request: about 100 ms of the page's main thread
 * for 1,000 requests) and the first evaluate sets up the driver's script in the page: both are
 * done here, so a trace of the returned step holds the app's tasks, not the driver's. The click
 * is a mouse event at the button's place, with the pointer already resting there, as a user's.
 */
export async function prepareRun(page: Page, runner: Locator): Promise<() => Promise<void>> {
  const before = await page.evaluate(() => performance.getEntriesByName('sendbox-runner-run').length)
  const button = runner.getByRole('button', { name: 'Run collection' })
  // Below a long request list: brought into view first, as a user scrolls to it.
  await button.scrollIntoViewIfNeeded()
  const box = await button.boundingBox()
  if (!box) throw new Error('`Run collection` is not on screen')
  await page.waitForFunction(() => true)
  const viewport = page.viewportSize()
  if (viewport && box.y + box.height > viewport.height) throw new Error('`Run collection` is out of view')
  // The pointer rests on the button before, as a user's does: the click is all the window holds.
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.waitForTimeout(500)
  return async () => {
    await page.mouse.click(x, y)
    await page.waitForFunction((n) => performance.getEntriesByName('sendbox-runner-run').length > n, before, {
      timeout: 600_000,
      polling: 500,
    })
  }
}

/** Clicks `Run collection` and waits for the run's end (the `sendbox-runner-run` measure). */
export async function runAndWait(page: Page, runner: Locator): Promise<void> {
  await (
    await prepareRun(page, runner)
  )()
}

/** CPU milliseconds so far of every process under this one, by kind (Chromium's by --type). */
export function descendantsCpu(): Map<string, number> {
  const tick = 1000 / 100 // USER_HZ
  const procs: { pid: number; ppid: number; cpu: number; kind: string }[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/)
      const type = cmd.find((a) => a.startsWith('--type='))?.slice(7)
      const sub = cmd.find((a) => a.startsWith('--utility-sub-type='))?.slice(19)
      const kind = /chrom/.test(cmd[0] ?? '')
        ? `chromium ${sub ?? type ?? 'browser'}`
        : cmd.some((a) => a.includes('sync-server'))
          ? 'sync-server (relay)'
          : cmd.some((a) => a.includes('echo-server'))
            ? 'echo server'
            : `other ${cmd[0]?.split('/').pop() ?? ''}`
      const ppid = Number(rest[1])
      if (kind !== 'chromium renderer') {
        procs.push({ pid: Number(entry), ppid, cpu: (Number(rest[11]) + Number(rest[12])) * tick, kind })
        continue
      }
      // The renderer by thread: its main thread, the script worker, the compositor, IO...
      for (const task of readdirSync(`/proc/${entry}/task`)) {
        const t = readFileSync(`/proc/${entry}/task/${task}/stat`, 'utf8')
        const name = t.slice(t.indexOf('(') + 1, t.lastIndexOf(')')).replace(/[\d.]+$/, '')
        const f = t.slice(t.lastIndexOf(')') + 2).split(' ')
        const cpu = (Number(f[11]) + Number(f[12])) * tick
        procs.push({ pid: Number(entry), ppid, cpu, kind: `${kind}: ${name}` })
      }
    } catch {
      // gone
    }
  }
  const mine = new Set([process.pid])
  for (let grew = true; grew;) {
    grew = false
    for (const p of procs)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid)
        grew = true
      }
  }
  const out = new Map<string, number>()
  for (const p of procs)
    if (mine.has(p.pid) && p.pid !== process.pid) out.set(p.kind, (out.get(p.kind) ?? 0) + p.cpu)
  const own = process.cpuUsage()
  out.set('this process (Playwright)', (own.user + own.system) / 1000)
  return out
}

export function cpuSince(before: Map<string, number>): [string, number][] {
  return [...descendantsCpu()]
    .map(([kind, ms]): [string, number] => [kind, ms - (before.get(kind) ?? 0)])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
}

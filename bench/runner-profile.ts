/**
 * Where an app collection run spends its CPU (not a benchmark: run by hand):
 *   npx tsx bench/runner-profile.ts [COUNT]
 * Runs COUNT requests (default 500, the bench's scripts) in the runner and samples both the page's
 * main thread and the script worker with the CDP profiler (the worker through a child session of
 * the page's), then prints each thread's heaviest frames, self and inclusive. The profiles are
 * written as .cpuprofile files (open them in DevTools). For readable names serve an unminified
 * build: `npx vite build --minify false --outDir <dir>` and SENDBOX_DIST=<dir>.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type CDPSession } from '@playwright/test'
import { startEchoProcess } from './echo-process.ts'
import {
  ARGS,
  collectionFile,
  cpuSince,
  descendantsCpu,
  openRunner,
  runAndWait,
  startServer,
} from './runner-app-setup.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const COUNT = Number(process.argv[2] ?? 500)

/** A session inside the page's dedicated worker, spoken to through Target.sendMessageToTarget. */
async function workerSession(cdp: CDPSession) {
  const attached = new Promise<string>((done) =>
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') done(event.sessionId)
    }),
  )
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
  const sessionId = await attached
  let next = 1
  const waiting = new Map<number, (result: unknown) => void>()
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return
    const message = JSON.parse(event.message) as { id?: number; result?: unknown }
    if (message.id !== undefined) waiting.get(message.id)?.(message.result)
  })
  return <T>(method: string, params: object = {}) =>
    new Promise<T>((done) => {
      const id = next++
      waiting.set(id, done as (result: unknown) => void)
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      })
    })
}

function report(name: string, profile: Profile) {
  const key = (f: ProfileNode['callFrame']) =>
    `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
  const dt = new Map<number, number>()
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let busy = 0
  for (const [id, t] of dt) {
    const frame = byId.get(id)!.callFrame
    if (frame.functionName !== '(idle)' && frame.functionName !== '(program)') busy += t
    self.set(key(frame), (self.get(key(frame)) ?? 0) + t)
    const seen = new Set<string>()
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!.callFrame)
      if (!seen.has(k)) total.set(k, (total.get(k) ?? 0) + t)
      seen.add(k)
    }
  }
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms ${(us / 1000 / COUNT).toFixed(3)}/req`
  console.log(
    `\n=== ${name}: ${(busy / 1000).toFixed(0)} ms sampled in JS (${(busy / 1000 / COUNT).toFixed(2)} ms per request)`,
  )
  console.log('--- self')
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(ms(v), k)
  console.log('--- inclusive')
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(ms(v), k)
}

const echo = await startEchoProcess()
const dir = mkdtempSync(join(tmpdir(), 'sendbox-runner-profile-'))
const file = join(dir, 'bench.sendbox.json')
writeFileSync(file, collectionFile(echo.url, COUNT))
const server = await startServer(dir, 'app', resolve(process.env.SENDBOX_DIST ?? 'dist'))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
try {
  console.log(
    `${COUNT} requests; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  const { page, runner, close } = await openRunner(browser, server.base, server.data, file)
  const cdp = await page.context().newCDPSession(page)
  const worker = await workerSession(cdp)
  for (const send of [
    <T>(m: string, p?: object) => cdp.send(m as 'Profiler.enable', p) as Promise<T>,
    worker,
  ]) {
    await send('Profiler.enable')
    await send('Profiler.setSamplingInterval', { interval: 200 })
    await send('Profiler.start')
  }
  const cpuBefore = descendantsCpu()
  const wall = performance.now()
  await runAndWait(page, runner)
  const took = performance.now() - wall
  const cpu = cpuSince(cpuBefore)
  const main = ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile
  const inWorker = (await worker<{ profile: Profile }>('Profiler.stop')).profile
  writeFileSync(join(dir, 'main.cpuprofile'), JSON.stringify(main))
  writeFileSync(join(dir, 'worker.cpuprofile'), JSON.stringify(inWorker))
  console.log(`run: ${took.toFixed(0)} ms wall; CPU by process (ms, per request):`)
  for (const [kind, ms] of cpu)
    console.log(`  ${ms.toFixed(0).padStart(6)} ${(ms / COUNT).toFixed(2)} ${kind}`)
  report('main thread', main)
  report('script worker', inWorker)
  console.log(`\nprofiles in ${dir}`)
  await close()
} finally {
  await browser.close()
  server.child.kill()
  await echo.close()
}

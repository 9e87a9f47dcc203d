/**
 * `npm run bench:sse`: 100,000 Server-Sent Events arriving in the app (built app, real Chromium,
 * through the relay, from the SSE fixture as fast as it writes). Every main-thread task is
 * recorded by a long-task observer. Goal: none over 50 ms, and every event kept in the list.
 *
 * Peer, in the same page and run: the browser's own EventSource reading the same 100,000 events
 * from the fixture directly and doing nothing with them (the floor for receiving them at all).
 */
import { chromium, type Page } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { parseConfig } from '../sync-server/config.ts'
import { startServer } from '../sync-server/server.ts'
import { startSseServer } from '../tests/fixtures/sse-server.ts'
import { logInContext } from './login.ts'

const EVENTS = Number(process.env.BENCH_SSE_EVENTS ?? 100_000)
const stream = (base: string) => `${base}/events?drop=${EVENTS + 1}&total=${EVENTS}&burst=1000&interval=1`

async function observeLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] }
    w.longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: false })
  })
}

async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0))
}

/** The page's own EventSource: milliseconds until the last event arrived. */
function eventSourceMs(page: Page, url: string, total: number): Promise<number> {
  return page.evaluate(
    ({ url, total }) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now()
        let n = 0
        const source = new EventSource(url)
        source.addEventListener('tick', () => {
          if (++n < total) return
          source.close()
          resolve(performance.now() - started)
        })
        source.onerror = () =>
          n < total && (source.close(), reject(new Error(`EventSource failed after ${n}`)))
      }),
    { url, total },
  )
}

async function main() {
  const upstream = await startSseServer()
  const transport = createNodeTransport()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sendbox-bench-sse-'))
  const config = parseConfig(['--port', '0', '--data', dataDir, '--no-build'], {}, process.cwd())
  const server = await startServer(config, { transport })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await logInContext(context, dataDir)
    const page = await context.newPage()
    await page.goto(server.url)
    await page.getByRole('button', { name: 'New request', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Server-Sent Events', exact: true }).click()
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(stream(upstream.url))
    await observeLongTasks(page)

    const started = Date.now()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page
      .getByTestId('sse-count')
      .getByText(`${EVENTS} events`, { exact: true })
      .waitFor({ timeout: 300_000 })
    const shownMs = Date.now() - started
    const kept = await page.locator('.sse-log .message-log-count').textContent()
    // Scroll through the list while it holds them all.
    const list = page.getByRole('list', { name: 'Server-Sent Events', exact: true })
    await list.hover()
    for (let i = 0; i < 50; i++) await page.mouse.wheel(0, -20_000)
    await page.waitForTimeout(300)
    const tasks = await longTasks(page)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()

    await page.waitForTimeout(300)
    await longTasks(page)
    const peerMs = await eventSourceMs(page, stream(`${upstream.url}/cors`), EVENTS)
    await page.waitForTimeout(300)
    const peerTasks = await longTasks(page)
    const longest = tasks.length ? Math.max(...tasks) : 0
    console.log(`Server-Sent Events, ${EVENTS.toLocaleString('en')} events through the relay into the app:`)
    console.log(`  shown in ${(shownMs / 1000).toFixed(1)} s; the list holds ${kept}`)
    console.log(
      `  main-thread tasks over 50 ms: ${tasks.length}, longest ${longest.toFixed(0)} ms ` +
        `(goal: none over 50 ms: ${longest <= 50 ? 'met' : 'NOT met'})`,
    )
    console.log(
      `  peer: the page's own EventSource, same events direct, nothing shown: ${(peerMs / 1000).toFixed(1)} s ` +
        `(app / peer ${(shownMs / peerMs).toFixed(2)}×); its tasks over 50 ms: ${peerTasks.length}, ` +
        `longest ${(peerTasks.length ? Math.max(...peerTasks) : 0).toFixed(0)} ms`,
    )
    await context.close()
  } finally {
    await browser.close()
    await server.close()
    await transport.close()
    await upstream.close()
  }
}

await main()

/**
 * `npm run bench:websocket`: the WebSocket kind.
 *
 * 1. Round trip of one small message, direct (`ws` to the echo fixture) against through the
 *    relay's bridge (`ws` → sync-server `/relay/ws` → fixture), both measured in this run, one
 *    message in flight at a time. Goal: p50 overhead ≤ 1 ms.
 * 2. 100,000 messages arriving in the app (built app, real Chromium, through the relay): every
 *    main-thread task is recorded by a long-task observer. Goal: none over 50 ms.
 */
import { chromium } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { WebSocket } from 'ws'
import { relayConnector } from '../src/runtime/realtime/websocket/relay-connection.ts'
import type { WebSocketClass, WsConnection } from '../src/runtime/realtime/websocket/types.ts'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { parseConfig } from '../sync-server/config.ts'
import { startServer } from '../sync-server/server.ts'
import { startWsServer } from '../tests/fixtures/ws-server.ts'
import { logInContext } from './login.ts'

const ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 3000)
const WARMUP = 300
const FLOOD = 100_000

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!

/** Sends one message, waits for its echo, ROUNDS times; the times in ms, sorted. */
async function roundTrips(
  open: (onMessage: () => void) => Promise<(text: string) => void>,
): Promise<number[]> {
  let resolve: () => void = () => {}
  const send = await open(() => resolve())
  const times: number[] = []
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const started = performance.now()
    await new Promise<void>((r) => {
      resolve = r
      send(`ping ${i}`)
    })
    if (i >= WARMUP) times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

async function main() {
  const upstream = await startWsServer()
  const transport = createNodeTransport()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sendbox-bench-ws-'))
  const config = parseConfig(['--port', '0', '--data', dataDir, '--no-build'], {}, process.cwd())
  const server = await startServer(config, { transport })
  try {
    const direct = await roundTrips(async (onMessage) => {
      const socket = new WebSocket(`${upstream.url}/echo`)
      socket.on('message', onMessage)
      await new Promise((r) => socket.once('open', r))
      return (text) => socket.send(text)
    })
    const relayed = await roundTrips(
      (onMessage) =>
        new Promise((resolve, reject) => {
          let connection: WsConnection | undefined = undefined
          const connect = relayConnector(
            { url: `${server.url}/relay`, token: server.secrets.accessToken },
            WebSocket as unknown as WebSocketClass,
          )
          connection = connect(
            { url: `${upstream.url}/echo`, headers: [] },
            {
              open: () => resolve((text) => connection!.send(text)),
              message: onMessage,
              failure: (f) => reject(new Error(f.message)),
              closed: () => {},
            },
          )
        }),
    )
    const d50 = p(direct, 0.5)
    const r50 = p(relayed, 0.5)
    console.log(`WebSocket round trip, ${ROUNDS} messages one at a time (p50 / p95):`)
    console.log(`  direct         ${d50.toFixed(3)} / ${p(direct, 0.95).toFixed(3)} ms`)
    console.log(`  through relay  ${r50.toFixed(3)} / ${p(relayed, 0.95).toFixed(3)} ms`)
    console.log(
      `  p50 overhead   ${(r50 - d50).toFixed(3)} ms (goal ≤ 1 ms: ${r50 - d50 <= 1 ? 'met' : 'NOT met'}), ratio ${(r50 / d50).toFixed(2)}×`,
    )

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
      await page.getByRole('menuitem', { name: 'WebSocket', exact: true }).click()
      await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${upstream.url}/echo`)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await page.getByText(/^Connected · /).waitFor()
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] }
        w.longTasks = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
        }).observe({ type: 'longtask', buffered: false })
      })
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill(`flood:${FLOOD}`)
      const started = Date.now()
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      // The connect line, the flood request and its answers.
      await page.getByText(`${FLOOD + 2} messages`).waitFor({ timeout: 300_000 })
      const shownMs = Date.now() - started
      // Scroll through the log while it holds them all.
      const log = page.getByRole('list', { name: 'Messages', exact: true })
      await log.hover()
      for (let i = 0; i < 50; i++) await page.mouse.wheel(0, -20_000)
      await page.waitForTimeout(300)
      const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
      const longest = tasks.length ? Math.max(...tasks) : 0
      console.log(
        `${FLOOD.toLocaleString('en')} incoming messages shown in ${(shownMs / 1000).toFixed(1)} s; ` +
          `main-thread tasks over 50 ms: ${tasks.length}, longest ${longest.toFixed(0)} ms ` +
          `(goal: none over 50 ms: ${longest <= 50 ? 'met' : 'NOT met'})`,
      )
      await context.close()
    } finally {
      await browser.close()
    }
  } finally {
    await server.close()
    await transport.close()
    await upstream.close()
  }
}

await main()

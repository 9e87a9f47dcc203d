/**
 * Chromium as the relay's client, as users run it: a page served by the sync-server loads the
 * app's relay transport, takes the token the way the app does, and runs each job in a loop inside
 * the page, timed there (Chromium coarsens performance.now() to 0.1 ms, fine for these medians).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { buildModulePage } from '../../tests/helpers/module-page.ts'
import type { Client } from './clients.ts'
import type { Mode, PageBench } from './page-jobs.ts'

const CHROMIUM = '/usr/bin/chromium'

export const chromiumAvailable = () => existsSync(CHROMIUM) && process.env.BENCH_RELAY_CHROMIUM !== '0'

/** A dist/ for the sync-server holding only a page with the relay transport on globalThis. */
export function buildRelayPage(dist: string): Promise<void> {
  return buildModulePage(dist, path.resolve(import.meta.dirname, 'page-entry.ts'), 'relay-bench')
}

export async function openChromium(
  /** The server's login link: the page logs in, and lands on its app. */
  loginUrl: string,
  echo: string,
  floor: string,
): Promise<{ clients: Client[]; close: () => Promise<void> }> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  const page: Page = await browser.newPage()
  await page.goto(loginUrl)
  await page.waitForFunction(() => 'relayBenchSetup' in globalThis)
  await page.evaluate(
    ([echo, floor]) =>
      (globalThis as unknown as { relayBenchSetup: (e: string, f: string) => Promise<void> }).relayBenchSetup(
        echo,
        floor,
      ),
    [echo, floor] as const,
  )
  const inPage = (name: string, mode: Mode): Client => ({
    name,
    via: mode,
    inProcess: false,
    sequential: (count) =>
      page.evaluate(
        ([mode, count]) =>
          (globalThis as unknown as { relayBench: PageBench }).relayBench.sequential(mode, count),
        [mode, count] as const,
      ),
    concurrent: (count, concurrency) =>
      page.evaluate(
        ([mode, count, concurrency]) =>
          (globalThis as unknown as { relayBench: PageBench }).relayBench.concurrent(
            mode,
            count,
            concurrency,
          ),
        [mode, count, concurrency] as const,
      ),
    stream: (bytes) =>
      page.evaluate(
        ([mode, bytes]) =>
          (globalThis as unknown as { relayBench: PageBench }).relayBench.stream(mode, bytes),
        [mode, bytes] as const,
      ),
  })
  return {
    clients: [
      inPage('Chromium fetch → floor forwarder', 'floor'),
      inPage('Chromium, relay transport', 'relay'),
    ],
    close: () => browser.close(),
  }
}

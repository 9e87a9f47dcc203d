import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { storageStatePath } from './tests/e2e/login-setup.ts'

const PORT = Number(process.env.E2E_PORT ?? 4317)
/** The echo server the requests of the tests go to (tests/fixtures/echo-server.ts). */
export const ECHO_PORT = Number(process.env.E2E_ECHO_PORT ?? 4319)
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sendbox-e2e-'))
process.env.E2E_DATA_DIR = DATA_DIR
process.env.E2E_ECHO_PORT = String(ECHO_PORT)

/** End-to-end tests drive the built app in Debian's Chromium; no browser is ever downloaded. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // Some UI tests still race the IndexedDB and worker round trips on a loaded machine: retry in CI,
  // and the run reports them as flaky so they stay visible.
  retries: process.env.CI ? 2 : 0,
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  // Logs in once with the server's login link; every test's browser starts with that session.
  globalSetup: './tests/e2e/login-setup.ts',
  use: {
    storageState: storageStatePath(DATA_DIR),
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    // Installing the service worker precaches Monaco in every fresh context; only the offline test needs it.
    serviceWorkers: 'block',
  },
  // The built app as users run it: served by the sync-server, which also answers /relay and /sync.
  webServer: [
    {
      command: `npx tsx sync-server/main.ts --port ${PORT} --data ${DATA_DIR} --no-build`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx tests/fixtures/echo-server.ts ${ECHO_PORT}`,
      url: `http://127.0.0.1:${ECHO_PORT}/get`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})

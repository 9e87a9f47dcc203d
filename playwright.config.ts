import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4317)

/** End-to-end tests drive the built app in Debian's Chromium; no browser is ever downloaded. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
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
  // The real sync-server serves the built app (as `npm start` does), with its data kept apart.
  webServer: {
    command: `npx tsx sync-server/main.ts --no-build --host 127.0.0.1 --port ${PORT} --data data/e2e`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})

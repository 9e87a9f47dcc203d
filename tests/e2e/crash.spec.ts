import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type BrowserContext } from '@playwright/test'
import { activeTab, openApp, urlField } from './helpers.ts'
import { browserPids } from './crash-profile.ts'

test('drafts survive a browser crash', async ({ baseURL }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'sendbox-crash-'))
  const options = {
    executablePath: '/usr/bin/chromium',
    args: testInfo.project.use.launchOptions?.args ?? [],
    baseURL,
    serviceWorkers: 'block' as const,
  }
  // A persistent profile starts without the suite's shared session: it gets the same cookie.
  const session = JSON.parse(readFileSync(testInfo.project.use.storageState as string, 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0]
  }
  try {
    const first = await chromium.launchPersistentContext(profile, options)
    await first.addCookies(session.cookies)
    const page = first.pages()[0] ?? (await first.newPage())
    await openApp(page)
    await urlField(page).fill('https://draft.test/before-crash')
    await expect(activeTab(page).getByRole('button')).toHaveAttribute('data-dirty', 'true')
    // SIGKILL: no unload handler runs, nothing is flushed; what reached IndexedDB is all there is.
    const pids = browserPids(profile)
    expect(pids.length).toBeGreaterThan(0)
    for (const pid of pids) process.kill(pid, 'SIGKILL')
    await first.close().catch(() => {})

    const second = await chromium.launchPersistentContext(profile, options)
    await second.addCookies(session.cookies)
    const again = second.pages()[0] ?? (await second.newPage())
    await openApp(again)
    await expect(urlField(again)).toHaveValue('https://draft.test/before-crash')
    await expect(activeTab(again).getByRole('button')).toHaveAttribute('data-dirty', 'true')
    await second.close()
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})

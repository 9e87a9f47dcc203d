import { spawn } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { urlField } from './helpers.ts'

test.use({ serviceWorkers: 'allow' })

// Its own copy of dist/ and its own server, so changing the service worker touches no other test.
test('a new version prompts for an update and reloads into it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-update-'))
  const dist = join(dir, 'dist')
  cpSync('dist', dist, { recursive: true })
  const port = Number(process.env.E2E_UPDATE_PORT ?? 4400 + (process.pid % 500))
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'sync-server/main.ts',
      '--no-build',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ].concat(['--dist', dist, '--data', join(dir, 'data')]),
    { stdio: 'ignore' },
  )
  try {
    const base = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(base).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true)
    // Logged in with this server's own link (the shared session is another server's).
    const login = await expect
      .poll(() => readFileSync(join(dir, 'data', 'login-url'), 'utf8').trim(), { timeout: 10_000 })
      .toMatch(/login\?secret=/)
      .then(() => readFileSync(join(dir, 'data', 'login-url'), 'utf8').trim())
    await page.goto(login)
    await expect(urlField(page)).toBeVisible()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Sendbox is ready.' })
    await expect(prompt).toHaveCount(0)

    // A new build: the service worker script changes. First while no worker controls the page
    // (the first visit), then while the previous version controls it and the new one waits.
    for (const version of ['two', 'three']) {
      appendFileSync(join(dist, 'sw.js'), `\n// version ${version}\n`)
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update()
      })
      await expect(prompt).toBeVisible({ timeout: 30_000 })
      const reloaded = page.waitForEvent('load')
      await prompt.getByRole('button', { name: 'Reload' }).click()
      await reloaded
      await expect(urlField(page)).toBeVisible()
      await expect(prompt).toHaveCount(0)
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return {
          waiting: Boolean(registration?.waiting),
          controlled: Boolean(navigator.serviceWorker.controller),
        }
      })
      expect(state).toEqual({ waiting: false, controlled: true })
    }
  } finally {
    server.kill()
    rmSync(dir, { recursive: true, force: true })
  }
})

/**
 * Benchmarks' browsers log in as a user does once, with the sync-server's one-time link (each
 * use makes the server write the next one), so a measured visit opens the app, not the login page.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BrowserContext } from '@playwright/test'

export async function loginLink(dataDir: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const text = await readFile(join(dataDir, 'login-url'), 'utf8').catch(() => '')
    if (text.trim()) return text.trim()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no login link in ${dataDir}: is the sync-server running?`)
}

/** The session cookie in the context before its first visit, so that visit is measured as is. */
export async function logInContext(context: BrowserContext, dataDir: string): Promise<void> {
  const link = await loginLink(dataDir)
  const response = await fetch(link, { redirect: 'manual' })
  const pair = (response.headers.getSetCookie()[0] ?? '').split(';')[0]!
  const eq = pair.indexOf('=')
  if (response.status !== 303 || eq <= 0) throw new Error(`login failed: ${response.status}`)
  await context.addCookies([
    {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      domain: new URL(link).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ])
}

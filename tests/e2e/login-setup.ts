/**
 * Playwright's global setup: logs in to the e2e sync-server once, as a user does with the link
 * `npm start` prints, and saves the session cookie as the storage state every test starts with.
 * A test about logging in itself starts without it (`test.use({ storageState: ... })`).
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const storageStatePath = (dataDir: string) => path.join(dataDir, 'e2e-storage.json')

export default async function logIn(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR!
  let link = ''
  // The server writes the link right after it starts listening.
  for (let tries = 0; !link && tries < 100; tries++) {
    link = await readFile(path.join(dataDir, 'login-url'), 'utf8').then(
      (text) => text.trim(),
      () => '',
    )
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!link) throw new Error(`the e2e server wrote no login link in ${dataDir}`)
  const response = await fetch(link, { redirect: 'manual' })
  const cookie = response.headers.getSetCookie()[0]
  if (response.status !== 303 || !cookie) throw new Error(`e2e login failed: ${response.status}`)
  const [pair] = cookie.split(';')
  const eq = pair!.indexOf('=')
  const state = {
    cookies: [
      {
        name: pair!.slice(0, eq),
        value: pair!.slice(eq + 1),
        domain: new URL(link).hostname,
        path: '/',
        expires: Math.floor(Date.now() / 1000) + 3600 * 24,
        httpOnly: true,
        secure: false,
        sameSite: 'Strict' as const,
      },
    ],
    origins: [],
  }
  await writeFile(storageStatePath(dataDir), JSON.stringify(state))
}

/** Two people, each in their own browser context (separate storage), for the collaboration tests. */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'

export interface Person {
  context: BrowserContext
  page: Page
}

export interface PersonOptions {
  /** Remembered display name (`Your name`), or none. */
  name?: string
  /** The room of the device's own workspace: two contexts given the same one are one owner's two devices. */
  ownRoom?: string
  viewport?: { width: number; height: number }
  hasTouch?: boolean
  /** Someone who only has an invite link: no login to the server, nothing stored. */
  joiner?: boolean
}

export async function person(
  browser: Browser,
  baseURL: string,
  options: PersonOptions = {},
): Promise<Person> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    hasTouch: options.hasTouch ?? false,
    serviceWorkers: 'block',
    ...(options.joiner ? { storageState: { cookies: [], origins: [] } } : {}),
  })
  await context.addInitScript(
    ({ name, ownRoom }) => {
      // Only before the app's first run in this context: reloads keep what the app stored.
      if (sessionStorage.getItem('collab-test-seeded')) return
      sessionStorage.setItem('collab-test-seeded', '1')
      if (name) localStorage.setItem('sendbox-display-name', name)
      if (ownRoom) localStorage.setItem('sendbox-workspaces', JSON.stringify({ ownRoom }))
    },
    { name: options.name ?? '', ownRoom: options.ownRoom ?? '' },
  )
  const page = await context.newPage()
  return { context, page }
}

export const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' })

/** Opens the sidebar where it is a drawer (narrow screens). */
export async function showSidebar(page: Page): Promise<void> {
  // Checked before the app has rendered (e.g. while the join page reloads into it), the toggle is
  // absent and nothing would open the drawer: wait for the app first.
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible({ timeout: 15_000 })
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click()
}

/** Closes the sidebar where it is a drawer over the workbench (narrow screens). */
export async function hideSidebar(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true')
    await toggle.click()
}

export async function waitSynced(page: Page): Promise<void> {
  // On a loaded machine the app can take a while to render, then to connect: the sidebar's
  // toggle only works once the app is there.
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible({ timeout: 15_000 })
  await showSidebar(page)
  await expect(syncStatus(page)).toHaveText(/^Synced/, { timeout: 15_000 })
}

export const peopleHere = (page: Page) => page.getByRole('group', { name: 'People here' })

export function randomRoom(): string {
  return Array.from({ length: 16 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('')
}

/**
 * The browser dies within a second of logging in, before its session cookie reached the disk.
 * Whatever it kept, the next start never looks as if the data were gone: either the app with the
 * request saved before the crash, or a page saying this browser is not logged in and how to log
 * in, after which the saved request is there. An installed app (service worker) opens with the
 * data and says it is not logged in.
 */
import { expect, test, type Page } from '@playwright/test'
import { MOD, row, sidebar, urlField } from './helpers.ts'
import { CrashProfile } from './crash-profile.ts'

test.describe.configure({ mode: 'parallel' })

/** Saves a new request into a new collection; SIGKILL as soon as the app shows it saved. */
async function saveThenCrash(profile: CrashProfile, page: Page, delay: number) {
  await sidebar(page).getByRole('button', { name: 'New Collection', exact: true }).click()
  const field = sidebar(page).getByRole('textbox', { name: 'Umbenennen' })
  await field.fill('Kept')
  await field.press('Enter')
  await urlField(page).fill('https://login-crash.test/kept')
  await page.keyboard.press(`${MOD}+s`)
  const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
  await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Kept request')
  await dialog.getByRole('treeitem', { name: 'Kept' }).click()
  await profile.crashAfterShown(page, delay, () =>
    dialog.getByRole('button', { name: 'Hier speichern' }).click(),
  )
}

async function savedRequestShows(page: Page) {
  // Which rows are open is the device's view state, kept best-effort: the request is what counts.
  await expect(row(page, 'Kept')).toBeVisible()
  if ((await row(page, 'Kept').getAttribute('aria-expanded')) === 'false') await row(page, 'Kept').click()
  await expect(row(page, 'Kept request')).toBeVisible()
  await row(page, 'Kept request').click()
  await expect(urlField(page)).toHaveValue('https://login-crash.test/kept')
}

for (const delay of [0, 500]) {
  test(`killed ${delay} ms after a save right after logging in: the data or the login page, never an empty app`, async ({
    baseURL,
  }, testInfo) => {
    const profile = new CrashProfile(baseURL, testInfo)
    try {
      // Logged in just now: the cookie is set a moment before the app opens.
      const page = await saveThenCrash(profile, await profile.launch(), delay).then(() =>
        profile.launch({ open: false, logIn: false }),
      )
      const response = await page.goto('/')
      if (response?.status() === 401) {
        // The cookie did not reach the disk: the server says so and how to log in, showing no app.
        await expect(page.getByRole('heading', { name: 'Log in to Sendbox' })).toBeVisible()
        await expect(page.getByText('npx sendbox login-url')).toBeVisible()
        await expect(page.getByText('What you saved in this browser stays on this device')).toBeVisible()
        await expect(urlField(page)).toHaveCount(0)
        testInfo.annotations.push({ type: 'cookie', description: 'lost in the crash' })
        await profile.logIn()
        await page.goto('/')
      } else {
        testInfo.annotations.push({ type: 'cookie', description: 'kept' })
      }
      await savedRequestShows(page)
    } finally {
      await profile.dispose()
    }
  })
}

test('an installed app killed after logging in opens with its data and says when it is not logged in', async ({
  baseURL,
}, testInfo) => {
  const profile = new CrashProfile(baseURL, testInfo, 'allow')
  try {
    const first = await profile.launch()
    // Installed: the service worker controls the page (it then serves the app without the server).
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await first.reload()
    await expect(urlField(first)).toBeVisible()
    await saveThenCrash(profile, first, 0)
    const page = await profile.launch({ open: false, logIn: false })
    await page.goto('/')
    await savedRequestShows(page)
    const cookies = await page.context().cookies()
    testInfo.annotations.push({ type: 'cookie', description: cookies.length ? 'kept' : 'lost in the crash' })
    // Without the cookie the relay refuses this browser; the app says so and how to log in.
    const note = page.getByRole('note').filter({ hasText: 'not logged in' })
    if (cookies.length === 0) await expect(note).toContainText('npx sendbox login-url')
    else await expect(note).toHaveCount(0)
  } finally {
    await profile.dispose()
  }
})

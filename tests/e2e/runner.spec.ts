/**
 * The Collection Runner in the app (issue 31), at 1280 px and at 768 px with touch: `Run` from a
 * collection's menu, a CSV of 3 rows over 2 requests against the echo server (cookies a response
 * set are sent back within the run), the results, a failed test, the summary, `Stop` mid-run (the
 * newest row kept in view until the user scrolls up), `Past runs` and the runner's settings after
 * a reload, and `Export results` as JSON and JUnit XML. On touch the runner opens by tapping `⋯` and
 * by a long press on the collection, and every control of the tab is at least 40 px.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { openApp, press, row, rowMenu, sidebar, smallTouchTargets, WIDTHS } from './helpers.ts'
import { ECHO } from './send-helpers.ts'

const COLLECTION = JSON.stringify({
  sendbox: 1,
  collection: {
    name: 'Shop',
    children: [
      {
        type: 'request',
        name: 'Login',
        method: 'GET',
        url: `${ECHO}/cookies/set?user={{user}}`,
        scripts: {
          postResponse: "pm.test('logged in', () => pm.response.to.have.status(200))",
        },
      },
      {
        type: 'request',
        name: 'Profile',
        method: 'GET',
        url: `${ECHO}/get?name={{user}}&iteration={{iteration}}`,
        scripts: {
          preRequest: "pm.variables.set('iteration', String(pm.info.iteration))",
          postResponse: [
            "pm.test('echoes the user', () => {",
            "  pm.expect(pm.response.json().query).to.deep.include(['name', pm.iterationData.get('expected')])",
            '})',
          ].join('\n'),
        },
      },
    ],
  },
})
// The third row expects another name than it sends: one failed test.
const CSV = 'user,expected\nada,ada\n"grace, h","grace, h"\nlinus,torvalds\n'

async function importShop(page: Page, touch: boolean) {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await press(sidebar(page).getByRole('button', { name: 'Import', exact: true }), touch)
  const importing = page.getByRole('dialog', { name: 'Import', exact: true })
  const chooser = page.waitForEvent('filechooser')
  await press(importing.getByRole('button', { name: 'Choose files', exact: true }), touch)
  await (
    await chooser
  ).setFiles([{ name: 'shop.sendbox.json', mimeType: 'application/json', buffer: Buffer.from(COLLECTION) }])
  await press(importing.getByRole('button', { name: 'Import', exact: true }), touch)
  await expect(row(page, 'Shop')).toBeVisible()
}

/**
 * Opens Shop's runner: with a mouse from the `⋯` menu; on touch by tapping `⋯`, or (`longPress`)
 * by holding a finger on the collection's row.
 */
async function openRunner(page: Page, touch = false, longPress = false): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await press(toggle, touch)
  if (!touch) await rowMenu(page, 'Shop', 'Run')
  else {
    if (longPress) {
      const box = await row(page, 'Shop').boundingBox()
      if (!box) throw new Error('no row for Shop')
      // A touch pointer held down: the row's context menu opens after the long-press delay.
      await row(page, 'Shop').dispatchEvent('pointerdown', {
        clientX: box.x + 30,
        clientY: box.y + 10,
        pointerType: 'touch',
        isPrimary: true,
        bubbles: true,
      })
    } else await page.getByRole('button', { name: 'More actions for Shop', exact: true }).tap()
    await page.getByRole('menuitem', { name: 'Run', exact: true }).tap()
  }
  await expect(page.getByRole('tab', { name: 'Collection Runner', selected: true })).toBeVisible()
  const runner = page.getByRole('region', { name: 'Collection Runner' }).first()
  await expect(runner.getByRole('heading', { name: /Shop/ })).toBeVisible()
  return runner
}

async function download(page: Page, runner: Locator, format: string, touch: boolean): Promise<string> {
  await press(runner.getByRole('button', { name: 'Export results' }), touch)
  const downloading = page.waitForEvent('download')
  await press(page.getByRole('menuitem', { name: format, exact: true }), touch)
  const file = await (await downloading).path()
  return readFileSync(file, 'utf8')
}

for (const [width, options] of WIDTHS) {
  test.describe(`at ${width}`, () => {
    test.use({ ...options, acceptDownloads: true })
    const touch = options.hasTouch
    const pageErrors: string[] = []
    test.beforeEach(async ({ page }) => {
      pageErrors.length = 0
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await openApp(page)
    })
    test.afterEach(() => expect(pageErrors).toEqual([]))

    test('runs a collection over a CSV, stops a run, keeps past runs and exports them', async ({ page }) => {
      test.setTimeout(120_000)
      await importShop(page, touch)
      let runner = await openRunner(page, touch)
      const requests = runner.getByRole('list', { name: 'Requests' })
      await expect(requests.getByRole('listitem')).toHaveText([/GET\s*Login/, /GET\s*Profile/])
      await expect(runner.getByRole('spinbutton', { name: 'Iterations' })).toHaveValue('1')
      await expect(runner.getByRole('spinbutton', { name: 'Delay (ms)' })).toHaveValue('0')
      await expect(runner.getByRole('checkbox', { name: 'Keep variable values' })).toBeChecked()
      await expect(runner.getByRole('checkbox', { name: 'Stop on first failure' })).not.toBeChecked()

      // Reordered by keyboard, and back by the row's button.
      await requests.getByRole('listitem', { name: 'Login' }).focus()
      await page.keyboard.press('Alt+ArrowDown')
      await expect(requests.getByRole('listitem')).toHaveText([/Profile/, /Login/])
      await press(runner.getByRole('button', { name: 'Move Login up' }), touch)
      await expect(requests.getByRole('listitem')).toHaveText([/Login/, /Profile/])

      const chooser = page.waitForEvent('filechooser')
      await press(runner.getByRole('button', { name: 'Choose file' }), touch)
      await (await chooser).setFiles([{ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }])
      await expect(runner.getByText('3 rows in users.csv')).toBeVisible()
      const preview = runner.getByRole('table', { name: 'Preview of the first rows' })
      await expect(preview.getByRole('row')).toHaveCount(4)
      await expect(preview).toContainText('grace, h')
      await expect(runner.getByRole('spinbutton', { name: 'Iterations' })).toHaveValue('3')
      if (touch) expect(await smallTouchTargets(page, '.runner')).toEqual([])

      await press(runner.getByRole('button', { name: 'Run collection' }), touch)
      await expect(runner.getByRole('status').filter({ hasText: /passed, .* failed ·/ })).toHaveText(
        /^5 passed, 1 failed · /,
      )
      const results = runner.getByRole('list', { name: 'Results' })
      await expect(results.getByRole('button')).toHaveCount(6)
      await expect(results.getByRole('button', { name: 'Iteration 1: GET Login, 200 OK' })).toBeVisible()
      await expect(results.getByRole('button', { name: /^Iteration 3: GET Profile, 200/ })).toContainText(
        '0/1 tests',
      )

      await press(runner.getByRole('button', { name: 'Failed', exact: true }), touch)
      await expect(results.getByRole('button')).toHaveCount(1)
      await press(runner.getByRole('button', { name: 'Passed', exact: true }), touch)
      await expect(results.getByRole('button')).toHaveCount(5)
      await press(runner.getByRole('button', { name: 'All', exact: true }), touch)
      // The results, their filters and `Export results` are finger-sized too.
      if (touch) expect(await smallTouchTargets(page, '.runner')).toEqual([])

      // The first iteration's Profile: the row's value went out, with the cookie Login's response set.
      await press(results.getByRole('button', { name: /^Iteration 1: GET Profile/ }), touch)
      const sent = runner.getByRole('table', { name: 'Request as sent' })
      await expect(runner.getByText(`${ECHO}/get?name=ada&iteration=0`)).toBeVisible()
      await expect(sent.getByRole('row', { name: /Cookie/ })).toContainText('user=ada')
      await expect(runner.getByRole('region', { name: 'Response', exact: true })).toContainText('200 OK')
      await expect(runner.getByRole('region', { name: 'Response body' })).toContainText('"ada"')
      await press(runner.getByRole('button', { name: 'Back to results' }), touch)

      const json = JSON.parse(await download(page, runner, 'JSON', touch))
      expect(json.collection).toBe('Shop')
      expect(json.summary).toMatchObject({
        iterations: 3,
        requests: 6,
        sent: 6,
        tests: 6,
        passed: 5,
        failedTests: 1,
      })
      // Iterations are 0-based, as `sendbox run -r json` writes them.
      expect(
        json.executions.map((e: { iteration: number; name: string }) => `${e.iteration} ${e.name}`),
      ).toEqual(['0 Login', '0 Profile', '1 Login', '1 Profile', '2 Login', '2 Profile'])
      const xml = await download(page, runner, 'JUnit XML', touch)
      expect(xml).toContain('<testsuites name="Shop" tests="6" failures="1"')
      // The CLI's JUnit writer: a suite per execution, named by its iteration when there are several.
      expect(xml).toContain('<testcase name="echoes the user" classname="2 / Profile">')
      expect(xml).toContain("to deep include [ 'name', 'torvalds' ]")

      // A long run, stopped part-way: no request after Stop, and it says so.
      await press(runner.getByRole('button', { name: 'Remove' }), touch)
      await runner.getByRole('spinbutton', { name: 'Iterations' }).fill('30')
      await runner.getByRole('spinbutton', { name: 'Delay (ms)' }).fill('150')
      await runner.getByRole('spinbutton', { name: 'Delay (ms)' }).blur()
      // A double click starts the run; its second click does not stop it.
      if (touch) await press(runner.getByRole('button', { name: 'Run collection' }), touch)
      else await runner.getByRole('button', { name: 'Run collection' }).dblclick()
      await expect(runner.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
      // The request list cannot change while the run goes.
      await expect(requests.getByRole('checkbox').first()).toBeDisabled()
      await expect(results.getByRole('button').nth(2)).toBeVisible()
      // The newest rows are kept in view (the list holds about 11 rows)...
      await expect(results.getByRole('button', { name: /^Iteration 8: GET Profile/ })).toBeInViewport()
      await expect(results.getByRole('button', { name: /^Iteration 1: GET/ })).toHaveCount(0)
      // ...until the user scrolls up: then the view stays where it was while rows come in.
      await results.evaluate((el) => el.scrollTo({ top: 0 }))
      await expect(results.getByRole('button', { name: 'Iteration 1: GET Login, 200 OK' })).toBeInViewport()
      const progress = runner.getByRole('progressbar', { name: 'Progress' })
      const reached = Number(await progress.getAttribute('value'))
      await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(reached + 3)
      await expect(results.getByRole('button', { name: 'Iteration 1: GET Login, 200 OK' })).toBeInViewport()
      await press(runner.getByRole('button', { name: 'Stop' }), touch)
      await expect(runner.getByText('Stopped')).toBeVisible()
      await expect(runner.getByRole('button', { name: 'Run collection' })).toBeVisible()
      const stoppedAt = await results.getByRole('button').count()
      expect(stoppedAt).toBeLessThan(20)

      // The settings are this device's, per collection: a changed order and checkbox survive a reload.
      await requests.getByRole('listitem', { name: 'Login' }).focus()
      await page.keyboard.press('Alt+ArrowDown')
      await expect(requests.getByRole('listitem')).toHaveText([/Profile/, /Login/])
      await press(runner.getByRole('checkbox', { name: 'Stop on first failure' }), touch)
      await expect(runner.getByRole('checkbox', { name: 'Stop on first failure' })).toBeChecked()

      // After a reload the runs are still there, read-only, and one can be deleted.
      await page.reload()
      await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible()
      runner = await openRunner(page, touch, true)
      await expect(runner.getByRole('list', { name: 'Requests' }).getByRole('listitem')).toHaveText([
        /Profile/,
        /Login/,
      ])
      await expect(runner.getByRole('spinbutton', { name: 'Iterations' })).toHaveValue('30')
      await expect(runner.getByRole('spinbutton', { name: 'Delay (ms)' })).toHaveValue('150')
      await expect(runner.getByRole('checkbox', { name: 'Stop on first failure' })).toBeChecked()
      await expect(runner.getByRole('checkbox', { name: 'Keep variable values' })).toBeChecked()
      const past = runner.getByRole('region', { name: 'Past runs' })
      await expect(past.getByRole('listitem')).toHaveCount(2)
      // `Past runs`' Open and Delete buttons.
      if (touch) expect(await smallTouchTargets(page, '.runner')).toEqual([])
      await expect(past.getByRole('listitem').nth(1)).toContainText('3 iterations · 5 passed, 1 failed')
      await press(past.getByRole('button', { name: /^Open the run of/ }).nth(1), touch)
      await expect(runner.getByText(/\(read-only\)/)).toBeVisible()
      if (touch) expect(await smallTouchTargets(page, '.runner')).toEqual([])
      await expect(runner.getByRole('list', { name: 'Results' }).getByRole('button')).toHaveCount(6)
      await expect(runner.getByRole('status').filter({ hasText: /passed/ })).toHaveText(
        /^5 passed, 1 failed · /,
      )
      const again = JSON.parse(await download(page, runner, 'JSON', touch))
      expect(again.executions).toHaveLength(6)
      await press(past.getByRole('button', { name: /^Delete the run of/ }).first(), touch)
      await expect(past.getByRole('listitem')).toHaveCount(1)
    })
  })
}

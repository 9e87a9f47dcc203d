/**
 * The Collection Runner served by the sync-server hands the whole run to the relay
 * (`POST /relay/run`): no request of the run goes through `POST /relay` one by one, rows stream
 * into the results while it runs, and `Stop` ends it on the server: the target server (an echo
 * server in this process, so the test can count what reached it) receives nothing after it.
 */
import { expect, test } from '@playwright/test'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { openApp, rowMenu, sidebar, row } from './helpers.ts'

let echo: EchoServer
test.beforeAll(async () => {
  echo = await startEchoServer()
})
test.afterAll(() => echo.close())

test('a run goes to the relay whole, streams its rows, and Stop ends it there', async ({ page }) => {
  test.setTimeout(90_000)
  const collection = JSON.stringify({
    sendbox: 1,
    collection: {
      name: 'Relayed',
      children: [
        {
          type: 'request',
          name: 'Tick',
          method: 'GET',
          url: `${echo.url}/anything/tick?i={{i}}`,
          scripts: {
            preRequest: "pm.variables.set('i', String(pm.info.iteration))",
            postResponse: "pm.test('ok', () => pm.response.to.have.status(200))",
          },
        },
      ],
    },
  })
  const calls: string[] = []
  page.context().on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/relay')) calls.push(`${request.method()} ${path}`)
  })
  await openApp(page)
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await sidebar(page).getByRole('button', { name: 'Import', exact: true }).click()
  const importing = page.getByRole('dialog', { name: 'Import', exact: true })
  const chooser = page.waitForEvent('filechooser')
  await importing.getByRole('button', { name: 'Choose files', exact: true }).click()
  await (
    await chooser
  ).setFiles([
    { name: 'relayed.sendbox.json', mimeType: 'application/json', buffer: Buffer.from(collection) },
  ])
  await importing.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(row(page, 'Relayed')).toBeVisible()
  await rowMenu(page, 'Relayed', 'Run')
  const runner = page.getByRole('region', { name: 'Collection Runner' }).first()
  await runner.getByRole('spinbutton', { name: 'Iterations' }).fill('400')
  await runner.getByRole('spinbutton', { name: 'Delay (ms)' }).fill('40')
  await runner.getByRole('spinbutton', { name: 'Delay (ms)' }).blur()

  echo.seen.length = 0
  await runner.getByRole('button', { name: 'Run collection' }).click()
  const results = runner.getByRole('list', { name: 'Results' })
  // Rows arrive while the run goes: the progress bar is still there.
  await expect(results.getByRole('button').nth(4)).toBeVisible()
  await expect(runner.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await runner.getByRole('button', { name: 'Stop' }).click()
  await expect(runner.getByText('Stopped')).toBeVisible()
  const reached = echo.seen.length
  await page.waitForTimeout(600)
  expect(echo.seen.length).toBe(reached)
  expect(reached).toBeLessThan(400)
  // Every request that reached the server was counted, in order.
  const summary = await runner
    .getByRole('status')
    .filter({ hasText: /passed, .* failed/ })
    .textContent()
  const passed = Number(/^(\d+) passed/.exec(summary ?? '')?.[1])
  // The request in flight at Stop may have reached the server and been cancelled before its answer.
  expect(passed).toBeGreaterThanOrEqual(reached - 1)
  expect(passed).toBeLessThanOrEqual(reached)
  expect(echo.seen.at(-1)?.url).toBe(`/anything/tick?i=${reached - 1}`)
  expect(calls).toContain('POST /relay/run')
  expect(calls).toContain('POST /relay/run/stop')
  expect(calls).not.toContain('POST /relay')
})

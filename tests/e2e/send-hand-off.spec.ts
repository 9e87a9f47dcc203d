/**
 * A request with a pre-request script is built and handed to the relay by the script worker
 * (src/runtime/script/hand-off.ts): the page's main thread is not on the way to the wire, and
 * everything the page shows of the send stays as without the hand-off.
 */
import { expect, test, type Page } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, header, lastEcho, preRequestScript, section, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

/** A script pasted into its editor, then back to Params, as a user who moves on would. */
async function script(page: Page, code: string, which = 'Pre Request') {
  await preRequestScript(page, code, which)
  await section(page, 'Params')
}

async function expectTestSummary(page: Page, summary: string) {
  await page
    .getByRole('tablist', { name: 'Response sections' })
    .getByRole('tab', { name: /^Test results/ })
    .click()
  await expect(page.getByText(summary)).toBeVisible()
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })

test('the request leaves while the page is still busy with the click that sent it', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/get?n={{n}}`)
  await script(page, "alpha.environment.set('n', '7')\nreq.setHeader('X-From-Script', 'yes')")
  // Runs after the app's own (delegated) click handler, in the same task: the page's main
  // thread is blocked for 1.5 s right after Send started the pipeline.
  await page.evaluate(() => {
    window.addEventListener('click', (event) => {
      if (!(event.target as Element).closest('.send-button')) return
      const until = Date.now() + 1500
      while (Date.now() < until) {
        // busy
      }
      ;(window as { busyUntil?: number }).busyUntil = until
    })
  })
  const relay = page.waitForRequest((r) => r.url().endsWith('/relay'))
  await sendButton(page).click()
  const request = await relay
  await expect(page.locator('.response-area[data-phase="done"]')).toBeVisible()
  const busyUntil = await page.evaluate(() => (window as { busyUntil?: number }).busyUntil!)
  expect(request.timing().startTime).toBeLessThan(busyUntil)
  const toWire = await page.evaluate(
    () => performance.getEntriesByName('sendbox-send-to-wire').at(-1)!.duration,
  )
  expect(toWire).toBeLessThan(1500)
  const echo = await lastEcho(page)
  expect(echo.query).toEqual([['n', '7']])
  expect(header(echo, 'x-from-script')).toBe('yes')
})

test('Cancel stops a request the worker handed to the relay', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/delay/5000`)
  await script(page, "alpha.environment.set('x', '1')")
  await sendButton(page).click()
  await expect(page.getByText('Awaiting response')).toBeVisible()
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(page.getByText('Request failed')).toBeVisible()
  await expect(page.locator('.error-line')).toHaveText(/cancel/i)
})

test('an unreachable server after a pre-request script gives Request failed', async ({ page }) => {
  await urlField(page).fill('http://127.0.0.1:9/get')
  await script(page, "alpha.environment.set('x', '1')")
  await sendButton(page).click()
  const alert = page.locator('.send-error[role=alert]')
  await expect(alert).toContainText('Request failed')
  await expect(alert.locator('.error-line')).toHaveText(/\S/)
})

test('a request that cannot be built after its script is not sent', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/post`)
  await section(page, 'Body')
  await page.getByText('GraphQL', { exact: true }).click()
  await page.getByRole('textbox', { name: 'Query' }).fill('{ me { id } }')
  await page.getByRole('textbox', { name: 'Variables' }).fill('{ not json')
  await script(page, "alpha.environment.set('x', '1')")
  let relayCalls = 0
  page.on('request', (r) => void (r.url().endsWith('/relay') && relayCalls++))
  await sendButton(page).click()
  const alert = page.locator('.send-error[role=alert]')
  await expect(alert).toContainText('Request not sent')
  await expect(alert.locator('.error-line')).toHaveText(/^GraphQL variables are not valid JSON/)
  expect(relayCalls).toBe(0)
})

test('an event stream comes through the hand-off event by event', async ({ page }) => {
  // Long enough (1.2 s) that a page or worker busy for a few hundred ms right after load (a loaded
  // CI machine) still shows the stream while it is running.
  await urlField(page).fill(`${ECHO}/sse?count=3&interval=400`)
  await script(page, "alpha.environment.set('x', '1')")
  await sendButton(page).click()
  const events = page.getByRole('table', { name: 'Event stream' }).getByRole('row')
  await expect(page.getByText('Receiving events…')).toBeVisible()
  await expect(events.nth(1)).toContainText('{"n":1}')
  await expect(page.getByText('Stream ended after 3 events')).toBeVisible()
})

test('the post-response script runs on the handed-off response and sees what the pre-request one set', async ({
  page,
}) => {
  await urlField(page).fill(`${ECHO}/json/100`)
  await script(page, "svc.environment.set('n', '7')")
  await script(
    page,
    "svc.test('status is 200', () => svc.expect(svc.response.code).to.equal(200))\n" +
      "svc.test('sees n', () => svc.expect(svc.environment.get('n')).to.equal('7'))",
    'Post Response',
  )
  await sendButton(page).click()
  await expectTestSummary(page, '2 / 2 bestanden')
})

test('earlier results are gone within the click that sends, before the script has run', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/get`)
  await script(page, "svc.environment.set('x', '1')")
  await sendButton(page).click()
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  // Read in the same task as the app's own click handler, right after it.
  await page.evaluate(() => {
    window.addEventListener('click', (event) => {
      if (!(event.target as Element).closest('.send-button')) return
      const area = document.querySelector('.response-area')!
      ;(window as { atClick?: unknown }).atClick = {
        phase: area.getAttribute('data-phase'),
        viewers: area.querySelectorAll('.response-viewer').length,
      }
    })
  })
  await sendButton(page).click()
  expect(await page.evaluate(() => (window as { atClick?: unknown }).atClick)).toEqual({
    phase: 'pre-request',
    viewers: 0,
  })
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
})

test('a response of many chunks arrives whole through the hand-off', async ({ page }) => {
  await urlField(page).fill(`${ECHO}/json/3000000`)
  await script(page, "svc.environment.set('x', '1')")
  // Parsing fails on a body with a chunk missing, doubled or out of order.
  await script(
    page,
    "svc.test('whole', () => svc.expect(JSON.stringify(svc.response.json()).length).to.be.above(2900000))",
    'Post Response',
  )
  await sendButton(page).click()
  await expectTestSummary(page, '1 / 1 bestanden')
})

test('a pre-request script that switches to Digest gets the handed-off request signed; the test script sees it as sent', async ({
  page,
}) => {
  await urlField(page).fill(`${ECHO}/digest-auth/auth/ada/pw`)
  await script(
    page,
    "pm.request.authorizeUsing('digest', { username: 'ada', password: '{{pw}}' })\npm.environment.set('pw', 'pw')",
  )
  await script(
    page,
    "pm.test('sent as Digest', () => pm.expect(pm.request.auth.type).to.equal('digest'))\n" +
      "pm.test('signed', () => pm.expect(pm.request.headers.get('Authorization')).to.match(/^Digest username=\"ada\"/))\n" +
      "pm.test('the password as substituted', () => pm.expect(pm.request.auth.parameters().get('password')).to.equal('pw'))",
    'Post Response',
  )
  let relayCalls = 0
  page.on('request', (r) => void (r.url().endsWith('/relay') && relayCalls++))
  await sendButton(page).click()
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  // The challenge, then the signed answer.
  expect(relayCalls).toBe(2)
  await expectTestSummary(page, '3 / 3 bestanden')
})

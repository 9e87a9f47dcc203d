import http from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import { createStatic } from '../../sync-server/static.ts'
import { startSseServer, type SseServer } from '../fixtures/sse-server.ts'
import { activeTab, openApp, press, row, smallTouchTargets, urlField, WIDTHS } from './helpers.ts'
import { preRequestScript } from './send-helpers.ts'

let sse: SseServer
test.beforeAll(async () => {
  sse = await startSseServer()
})
test.afterAll(async () => sse.close())

const count = (page: Page) => page.getByTestId('sse-count')
const events = (page: Page) => page.getByRole('list', { name: 'Server-Sent Events' })
const rowCount = (page: Page) => page.locator('.sse-log .message-log-count')
const connections = (tag: string) => sse.received.filter((c) => c.path.includes(`tag=${tag}`))

async function newSse(page: Page, touch: boolean) {
  await press(page.getByRole('button', { name: 'New request', exact: true }), touch)
  await press(page.getByRole('menuitem', { name: 'Server-Sent Events', exact: true }), touch)
  await expect(activeTab(page)).toContainText('SSE')
}

for (const [width, use] of WIDTHS) {
  test.describe(`Server-Sent Events at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('create from +, connect through the relay, reconnect from the last id, disconnect, save, reload, reconnect', async ({
      page,
      hasTouch,
    }) => {
      const tag = `${hasTouch ? 'touch' : 'desk'}-${Date.now()}`
      await newSse(page, hasTouch)
      await urlField(page).fill(`${sse.url}/events?drop=3&total=6&retry=50&tag=${tag}`)
      const connect = page.getByRole('button', { name: 'Connect', exact: true })
      // Ctrl+Enter connects as it sends an HTTP request; a tap uses the button.
      if (hasTouch) await press(connect, hasTouch)
      else await page.keyboard.press('Control+Enter')
      await expect(count(page)).toHaveText('6 events')
      // The stream dropped after 3 events: the reconnect is listed with its delay and the id it sends.
      await expect(events(page)).toContainText('Reconnecting in 50 ms with Last-Event-ID: 3')
      const sixth = events(page).getByRole('listitem').filter({ hasText: '{"n":6}' })
      await expect(sixth).toContainText('tick')
      // Opened, JSON data is shown pretty-printed.
      await press(sixth, hasTouch)
      await expect(page.locator('.sse-log .message-detail-body')).toHaveText('{\n  "n": 6\n}')
      expect(connections(tag).map((c) => c.lastEventId)).toEqual([null, '3'])
      // Through the relay: the page's fetch could not send these.
      expect(connections(tag)[0]?.headers['user-agent']).toBe('Sendbox/1.0')
      expect(await smallTouchTargets(page, '.sse-log')).toEqual([])
      expect(await smallTouchTargets(page, '.request-header')).toEqual([])

      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), hasTouch)
      await expect(page.getByRole('status').filter({ hasText: 'Not connected' })).toBeVisible()
      await expect(events(page)).toContainText('Disconnected')

      await press(page.getByRole('button', { name: 'Save', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await press(dialog.getByRole('button', { name: 'New Collection' }), hasTouch)
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Ticks')
      await press(dialog.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      await expect(dialog).toHaveCount(0)
      const sidebarToggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await sidebarToggle.getAttribute('aria-expanded')) === 'false')
        await press(sidebarToggle, hasTouch)
      await expect(row(page, 'Ticks')).toContainText('SSE')
      if (hasTouch) await press(sidebarToggle, hasTouch)

      await page.reload()
      await expect(activeTab(page)).toHaveAccessibleName('Ticks')
      await expect(activeTab(page)).toContainText('SSE')
      await expect(urlField(page)).toHaveValue(/tag=/)
      await press(page.getByRole('button', { name: 'Connect', exact: true }), hasTouch)
      await expect(count(page)).toHaveText('6 events')
      expect(connections(tag).length).toBe(4)
      await press(page.getByRole('button', { name: 'Clear', exact: true }), hasTouch)
      await expect(count(page)).toHaveText('0 events')
      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), hasTouch)

      // History records the connections with the kind.
      const sidebarToggle2 = page.getByRole('button', { name: 'Toggle sidebar' })
      if ((await sidebarToggle2.getAttribute('aria-expanded')) === 'false')
        await press(sidebarToggle2, hasTouch)
      await press(page.getByRole('button', { name: 'Verlauf', exact: true }), hasTouch)
      const history = page.getByRole('navigation', { name: 'Verlauf' })
      const entry = history.getByRole('button').filter({ hasText: 'SSE' }).first()
      await expect(entry).toBeVisible()
      // Opening the entry gives a Server-Sent Events tab again, not an HTTP one.
      const before = await page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab').count()
      await press(entry, hasTouch)
      await expect(page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab')).toHaveCount(before + 1)
      await expect(activeTab(page)).toContainText('SSE')
    })

    test('a fast stream of 5,000 events: the list keeps them all, filter and search find SSE rows', async ({
      page,
      hasTouch,
    }) => {
      await newSse(page, hasTouch)
      await urlField(page).fill(`${sse.url}/events?drop=100000&total=5000&burst=250&interval=5`)
      await press(page.getByRole('button', { name: 'Connect', exact: true }), hasTouch)
      await expect(count(page)).toHaveText('5000 events')
      // Every event and the connect line are kept; only the rows in view are in the page.
      await expect(rowCount(page)).toHaveText('5001 entries')
      expect(await events(page).getByRole('listitem').count()).toBeLessThan(20)
      await expect(events(page).getByRole('listitem').last()).toContainText('{"n":5000}')
      const search = page.getByRole('searchbox', { name: 'Search messages' })
      await search.fill('{"n":4321}')
      await expect(rowCount(page)).toHaveText('1 of 5001 entries')
      await expect(events(page).getByRole('listitem')).toHaveCount(1)
      await expect(events(page).getByRole('listitem')).toContainText('tick')
      // The event name and id are searched too; the filter keeps the info rows apart.
      await search.fill('tick')
      await expect(rowCount(page)).toHaveText('5000 of 5001 entries')
      await search.fill('')
      await page.getByRole('combobox', { name: 'Filter' }).selectOption('info')
      await expect(rowCount(page)).toHaveText('1 of 5001 entries')
      await expect(events(page).getByRole('listitem')).toHaveText(/Connected \(200\)/)
      await page.getByRole('combobox', { name: 'Filter' }).selectOption('all')
      await press(page.getByRole('button', { name: 'Disconnect', exact: true }), hasTouch)
      await expect(rowCount(page)).toHaveText('5002 entries')
    })

    test('a refusal, a wrong content type and a malformed URL are clear errors, not a reconnect loop', async ({
      page,
      hasTouch,
    }) => {
      await newSse(page, hasTouch)
      const alert = page.getByRole('alert')
      const connect = page.getByRole('button', { name: 'Connect', exact: true })
      await urlField(page).fill(`${sse.url}/status/404`)
      await press(connect, hasTouch)
      await expect(alert).toContainText('The server answered 404 Not Found, not an event stream')
      await expect(connect).toBeVisible()
      await urlField(page).fill(`${sse.url}/wrong-type`)
      await press(connect, hasTouch)
      await expect(alert).toContainText('Content-Type text/plain, not text/event-stream')
      await urlField(page).fill('http://exa mple.test:99999/x')
      await press(connect, hasTouch)
      await expect(alert).toContainText(/Not connected|Could not connect/)
      await expect(connect).toBeEnabled()
    })
  })
}

test('without a relay the page streams with its own fetch: CORS-allowed servers work, others say why not', async ({
  page,
}) => {
  // The built app on a plain static host: no relay answers.
  const port = Number(process.env.E2E_PORT ?? 4317) + 7
  const serve = createStatic('dist', () => 'run `npm run build` first')
  const server = http.createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  try {
    await page.goto(`http://127.0.0.1:${port}/`)
    await newSse(page, false)
    await expect(page.getByRole('note').filter({ hasText: 'CORS applies' })).toBeVisible()
    const tag = `direct-${Date.now()}`
    await urlField(page).fill(`${sse.url}/cors/events?drop=2&total=4&retry=30&tag=${tag}`)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(count(page)).toHaveText('4 events')
    await expect(events(page)).toContainText('Last-Event-ID: 2')
    expect(connections(tag).map((c) => c.lastEventId)).toEqual([null, '2'])
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await urlField(page).fill(`${sse.url}/events`)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText('CORS')
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

test('Ctrl+Enter in the Skript editor connects once, as the URL field does, and sends no HTTP request', async ({
  page,
}) => {
  await openApp(page)
  const tag = `script-${Date.now()}`
  await newSse(page, false)
  await urlField(page).fill(`${sse.url}/events?total=3&tag=${tag}`)
  await preRequestScript(page, "svc.environment.set('seen', 'yes')")
  await page.keyboard.press('Control+Enter')
  await expect(count(page)).toHaveText('3 events')
  await page.waitForTimeout(300)
  // One connection: neither an HTTP send of the tab nor a second toggle.
  expect(connections(tag)).toHaveLength(1)
})

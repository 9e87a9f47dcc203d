import { expect, test, type Page } from '@playwright/test'
import * as Y from 'yjs'
import { readHistory } from '../../src/model/workspace/history.ts'
import { pasteIntoFocused } from '../helpers/paste.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { activeTab, openApp, press, smallTouchTargets, tabs, WIDTHS } from './helpers.ts'

let server: GrpcFixture
/** A port nothing listens on. */
let closedPort: number
test.beforeAll(async () => {
  server = await startGrpcServer()
  const probe = await startGrpcServer()
  closedPort = Number(probe.target.split(':').at(-1))
  await probe.close()
})
test.afterAll(async () => {
  await server.close()
})

const area = (page: Page) => page.getByRole('region', { name: 'gRPC request' })

async function newGrpcTab(page: Page, touch: boolean) {
  await press(page.getByRole('button', { name: 'New request', exact: true }), touch)
  await press(page.getByRole('menuitem', { name: 'gRPC' }), touch)
  const grpc = area(page)
  await grpc.getByLabel('Target').fill(server.target)
  await press(grpc.getByRole('button', { name: 'Load services' }), touch)
  await expect(grpc.getByText('6 methods from reflection v1')).toBeVisible()
  return grpc
}

async function open(page: Page, touch: boolean, summary: string) {
  const details = area(page).locator('details', { has: page.locator('summary', { hasText: summary }) })
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open)))
    await press(details.locator('summary'), touch)
}

for (const [width, use] of WIDTHS) {
  test.describe(`gRPC calls at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('the pre-request script and the auth run before a call; a throwing script sends nothing', async ({
      page,
      hasTouch,
    }) => {
      const grpc = await newGrpcTab(page, hasTouch)
      await grpc.getByLabel('Method', { exact: true }).selectOption('demo.Greeter/SayHello')
      await grpc.getByLabel('Message', { exact: true }).fill('{"name": "{{who}}"}')
      await open(page, hasTouch, 'Metadata')
      await grpc.getByLabel('Metadata Key 1').fill('x-echo-who')
      await grpc.getByLabel('Metadata Value 1').fill('{{who}}')
      await open(page, hasTouch, 'Autorisierung')
      await grpc.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bearer Token' })
      await grpc.getByRole('textbox', { name: 'Token' }).fill('{{token}}')
      await open(page, hasTouch, 'Skript')
      const editor = grpc.locator('.monaco-editor').first()
      await expect(editor).toBeVisible()
      await editor.click()
      await pasteIntoFocused(
        page,
        "pm.variables.set('who', 'Scripted'); pm.variables.set('token', 'e2e-token')",
      )
      if (hasTouch) expect(await smallTouchTargets(page, '.grpc-area')).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      )

      const before = server.calls.length
      await press(grpc.getByRole('button', { name: 'Invoke' }), hasTouch)
      await expect(grpc.getByLabel('Status', { exact: true })).toHaveText(/^0 OK/u)
      await expect(grpc.getByRole('region', { name: 'Messages' })).toContainText('Hello, Scripted')
      await expect(grpc.getByRole('region', { name: 'Response metadata' })).toContainText('Scripted')
      expect(server.calls.slice(before).map((c) => c.metadata.authorization)).toEqual(['Bearer e2e-token'])

      await editor.click()
      await page.keyboard.press('Control+A')
      await pasteIntoFocused(page, "throw new Error('no token for you')")
      const count = server.calls.length
      await press(grpc.getByRole('button', { name: 'Invoke' }), hasTouch)
      const notSent = grpc.locator('.grpc-not-sent')
      await expect(notSent).toContainText('Request not sent')
      await expect(notSent).toContainText('no token for you')
      await expect(notSent).toContainText('Nothing was sent.')
      expect(server.calls.length).toBe(count)
    })

    test('a server stream keeps receiving while another tab is shown; closing its tab cancels it', async ({
      page,
      hasTouch,
    }) => {
      const grpc = await newGrpcTab(page, hasTouch)
      await grpc.getByLabel('Method', { exact: true }).selectOption('demo.Greeter/CountTo')
      await grpc.getByLabel('Message', { exact: true }).fill('{"count": 12, "delay_ms": 150}')
      await press(grpc.getByRole('button', { name: 'Invoke' }), hasTouch)
      await expect(grpc.getByRole('region', { name: 'Messages' })).toContainText('count 1')
      const streaming = server.calls.at(-1)!
      expect(streaming.method).toBe('CountTo')

      // Another tab, shown while the stream goes on (12 × 150 ms).
      await press(tabs(page).first(), hasTouch)
      await expect(area(page)).toHaveCount(0)
      await page.waitForTimeout(2500)
      await press(tabs(page).last(), hasTouch)
      await expect(activeTab(page)).toContainText('gRPC')
      const back = area(page)
      await expect(back.getByLabel('Status', { exact: true })).toHaveText(/^0 OK/u)
      // The message sent, 12 replies and the line that ended the call: nothing was lost while away.
      const log = back.getByRole('region', { name: 'Messages' })
      await expect(log.getByRole('status')).toHaveText('14 messages')
      await log.getByLabel('Filter').selectOption('received')
      await expect(log.getByRole('status')).toHaveText('12 of 14 messages')
      await expect(log).toContainText('count 12')
      await expect(back.getByRole('region', { name: 'Trailers' })).toContainText('x-trailer')
      await expect(back.getByLabel('Method', { exact: true })).toHaveValue('demo.Greeter/CountTo')
      expect(streaming.cancelled).toBe(false)

      // A long stream, then its tab is closed: the call is cancelled at the server.
      await back.getByLabel('Message', { exact: true }).fill('{"count": 200, "delay_ms": 100}')
      await press(back.getByRole('button', { name: 'Invoke' }), hasTouch)
      await expect(back.getByRole('region', { name: 'Messages' })).toContainText('count 2')
      const long = server.calls.at(-1)!
      await press(activeTab(page).getByRole('button', { name: /^Close / }), hasTouch)
      // The tab has unsaved edits: closing asks first.
      await press(page.getByRole('button', { name: "Don't save" }), hasTouch)
      await expect(area(page)).toHaveCount(0)
      await expect.poll(() => long.cancelled).toBe(true)
    })
  })
}

/** The device's history as stored (IndexedDB), newest first: what a reload would show. */
async function storedHistory(page: Page) {
  const updates = await page.evaluate(async () => {
    const open = indexedDB.open('sendbox-device')
    const conn = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const all = conn.transaction('updates').objectStore('updates').getAll()
    const rows = await new Promise<Uint8Array[]>((resolve) => (all.onsuccess = () => resolve(all.result)))
    conn.close()
    return rows.map((row) => [...row])
  })
  const doc = new Y.Doc()
  for (const update of updates) Y.applyUpdate(doc, Uint8Array.from(update))
  return readHistory(doc)
}

test('a call that ends before anything is sent is in the history with its reason, as an HTTP send is', async ({
  page,
}) => {
  await openApp(page)
  const grpc = await newGrpcTab(page, false)
  await grpc.getByLabel('Method', { exact: true }).selectOption('demo.Greeter/SayHello')
  await grpc.getByLabel('Message', { exact: true }).fill('{"name": "x"}')
  const before = server.calls.length
  const notSent = grpc.locator('.grpc-not-sent')

  // A throwing pre-request script.
  await open(page, false, 'Skript')
  const editor = grpc.locator('.monaco-editor').first()
  await expect(editor).toBeVisible()
  await editor.click()
  await pasteIntoFocused(page, "throw new Error('no call today')")
  await grpc.getByRole('button', { name: 'Invoke' }).click()
  await expect(notSent).toContainText('no call today')

  // Auth gRPC cannot carry.
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await open(page, false, 'Autorisierung')
  await grpc.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Digest Auth' })
  await grpc.getByRole('button', { name: 'Invoke' }).click()
  await expect(notSent).toContainText('Digest Auth cannot be used for gRPC')
  expect(server.calls.length).toBe(before)

  // `Cancel` while the pre-request script still runs.
  await grpc.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'No Auth' })
  await editor.click()
  await pasteIntoFocused(page, 'setTimeout(() => {}, 3000)')
  await grpc.getByRole('button', { name: 'Invoke' }).click()
  await grpc.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(grpc.getByRole('button', { name: 'Invoke' })).toBeVisible()
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  expect(server.calls.length).toBe(before)

  // A server that is not there: the call went out and failed, so it is recorded as it ended.
  await grpc.getByLabel('Target').fill(`127.0.0.1:${closedPort}`)
  await grpc.getByRole('button', { name: 'Invoke' }).click()
  await expect(grpc.getByRole('button', { name: 'Invoke' })).toBeEnabled()
  await expect(notSent).toHaveCount(0)

  await page.getByRole('button', { name: 'Verlauf', exact: true }).click()
  const history = page.getByRole('navigation', { name: 'Verlauf' })
  const rows = history.locator('.history-entry')
  await expect(rows).toHaveCount(4)
  await expect(rows.filter({ hasText: 'gRPC' })).toHaveCount(4)
  await expect(rows.nth(1)).toHaveClass(/failed/)
  await expect(rows.nth(2)).toHaveClass(/failed/)
  await expect(rows.nth(3)).toHaveClass(/failed/)
  await expect(rows.nth(3).locator('.history-url')).toHaveAttribute(
    'title',
    `${server.target}/demo.Greeter/SayHello`,
  )

  const [unreachable, withdrawn, refused, thrown] = await storedHistory(page)
  expect(thrown).toMatchObject({
    kind: 'grpc',
    method: 'gRPC',
    url: `${server.target}/demo.Greeter/SayHello`,
    outcome: 'not-sent',
    error: expect.stringContaining('no call today'),
  })
  expect(thrown).not.toHaveProperty('status')
  expect(refused).toMatchObject({ outcome: 'not-sent', error: expect.stringContaining('Digest Auth') })
  expect(withdrawn).toMatchObject({ outcome: 'not-sent', error: 'Cancelled before the call was made' })
  expect(unreachable).toMatchObject({ kind: 'grpc', url: `127.0.0.1:${closedPort}/demo.Greeter/SayHello` })
  expect(unreachable?.outcome === 'failed' || unreachable?.status === 14).toBe(true)

  // Opening an entry gives a call that can be made again: the target, service and method apart.
  await rows.nth(3).click()
  await expect(area(page).getByLabel('Target')).toHaveValue(server.target)
  const method = area(page).getByLabel('Method', { exact: true })
  await expect(method).toHaveValue('demo.Greeter/SayHello')
  await area(page).getByRole('button', { name: 'Load services' }).click()
  await expect(area(page).getByText('6 methods from reflection v1')).toBeVisible()
  await expect(method).toHaveValue('demo.Greeter/SayHello')
})

import { expect, test, type Page } from '@playwright/test'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { activeTab, openApp, press, row, smallTouchTargets, WIDTHS } from './helpers.ts'

let server: GrpcFixture
test.beforeAll(async () => {
  server = await startGrpcServer()
})
test.afterAll(async () => {
  await server.close()
})

const area = (page: Page) => page.getByRole('region', { name: 'gRPC request' })

async function loadAndPick(page: Page, touch: boolean, method: string) {
  const grpc = area(page)
  await press(grpc.getByRole('button', { name: 'Load services' }), touch)
  await expect(grpc.getByText('6 methods from reflection v1')).toBeVisible()
  await grpc.getByLabel('Method', { exact: true }).selectOption(`demo.Greeter/${method}`)
}

for (const [width, use] of WIDTHS) {
  test.describe(`gRPC requests at ${width}`, () => {
    test.use(use)
    test.beforeEach(async ({ page }) => openApp(page))

    test('create from +, call unary and a stream through the relay, save, reload, call again', async ({
      page,
      hasTouch,
    }) => {
      await press(page.getByRole('button', { name: 'New request', exact: true }), hasTouch)
      await press(page.getByRole('menuitem', { name: 'gRPC' }), hasTouch)
      const grpc = area(page)
      await expect(grpc).toBeVisible()
      await expect(activeTab(page)).toContainText('gRPC')

      // A malformed target is named in the request area.
      await grpc.getByLabel('Target').fill('http://127.0.0.1:1')
      await press(grpc.getByRole('button', { name: 'Load services' }), hasTouch)
      await expect(grpc.getByRole('alert')).toContainText('without a scheme')

      await grpc.getByLabel('Target').fill(server.target)
      await loadAndPick(page, hasTouch, 'SayHello')
      const message = grpc.getByLabel('Message', { exact: true })
      await expect(message).toHaveValue(/"name": ""/u)
      await message.fill('{"nmae": "Ada"}')
      await expect(grpc.getByRole('alert')).toContainText('message.nmae: unknown field in demo.HelloRequest')
      await message.fill('{"name": "Ada"}')
      await press(grpc.getByRole('button', { name: 'Invoke' }), hasTouch)
      await expect(grpc.getByLabel('Status', { exact: true })).toHaveText(/^0 OK/u)
      await expect(grpc.getByRole('region', { name: 'Messages' })).toContainText('"message": "Hello, Ada"')
      await expect(grpc.getByRole('region', { name: 'Trailers' })).toContainText('x-trailer')
      if (hasTouch) expect(await smallTouchTargets(page, '.grpc-area')).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      )

      await grpc.getByLabel('Method', { exact: true }).selectOption('demo.Greeter/CountTo')
      await message.fill('{"count": 3}')
      await press(grpc.getByRole('button', { name: 'Invoke' }), hasTouch)
      await expect(grpc.getByLabel('Status', { exact: true })).toHaveText(/^0 OK/u)
      await expect(grpc.locator('.message-row.message-received')).toHaveCount(3)

      // Bidirectional: messages one by one, then the end of the stream.
      await grpc.getByLabel('Method', { exact: true }).selectOption('demo.Greeter/Chat')
      await message.fill('{"name": "one"}')
      await press(grpc.getByRole('button', { name: 'Start stream' }), hasTouch)
      await press(grpc.getByRole('button', { name: 'Send message' }), hasTouch)
      await expect(grpc.getByRole('region', { name: 'Messages' })).toContainText('echo one')
      await press(grpc.getByRole('button', { name: 'End stream' }), hasTouch)
      await expect(grpc.getByLabel('Status', { exact: true })).toHaveText(/^0 OK/u)

      await grpc.getByLabel('Method', { exact: true }).selectOption('demo.Greeter/SayHello')
      await message.fill('{"name": "again"}')
      await press(grpc.getByRole('button', { name: 'Save', exact: true }), hasTouch)
      const dialog = page.getByRole('dialog', { name: 'Anfrage speichern' })
      await press(dialog.getByRole('button', { name: 'New Collection' }), hasTouch)
      await dialog.getByRole('textbox', { name: 'Anfragename' }).fill('Hello gRPC')
      await press(dialog.getByRole('button', { name: 'Hier speichern' }), hasTouch)
      await expect(dialog).toHaveCount(0)
      await expect(activeTab(page)).toHaveAccessibleName('Hello gRPC')

      await page.reload()
      await expect(activeTab(page)).toHaveAccessibleName('Hello gRPC')
      await expect(area(page).getByLabel('Target')).toHaveValue(server.target)
      await expect(area(page).getByLabel('Message', { exact: true })).toHaveValue('{"name": "again"}')
      await loadAndPick(page, hasTouch, 'SayHello')
      await press(area(page).getByRole('button', { name: 'Invoke' }), hasTouch)
      await expect(area(page).getByRole('region', { name: 'Messages' })).toContainText('Hello, again')
      await expect(activeTab(page).locator('.method')).toHaveText('gRPC')
      if (!hasTouch) await expect(row(page, 'Hello gRPC').locator('.method')).toHaveText('gRPC')
    })
  })
}

import { expect, test, type Page } from '@playwright/test'
import { activeTab, openApp, press, tabs, urlField, WIDTHS } from './helpers.ts'

/**
 * Two windows of the app in one browser share their open tabs and drafts, but each shows the
 * request it chose: switching tabs in one leaves the other where it was.
 */
const X = 'https://x.test/one'
const Y = 'https://y.test/two'

const tab = (page: Page, name: string) => tabs(page).and(page.getByRole('tab', { name, exact: true }))

async function shows(page: Page, url: string, name: string) {
  await expect(activeTab(page)).toHaveAccessibleName(name)
  await expect(urlField(page)).toHaveValue(url)
}

for (const [label, use] of WIDTHS) {
  test.describe(label, () => {
    test.use(use)
    const touch = use.hasTouch

    test('each window keeps its own active tab; tabs and drafts stay shared', async ({ context }) => {
      const a = await context.newPage()
      await openApp(a)
      await urlField(a).fill(X)
      const b = await context.newPage()
      await openApp(b)
      await shows(b, X, 'x.test/one')

      // B opens request Y; A still shows X.
      await press(b.getByRole('button', { name: 'New request' }), touch)
      await press(b.getByRole('menuitem', { name: 'HTTP' }), touch)
      await urlField(b).fill(Y)
      await expect(tabs(a)).toHaveCount(2)
      await expect(tab(a, 'y.test/two')).toBeVisible()
      await shows(b, Y, 'y.test/two')
      await shows(a, X, 'x.test/one')

      // An edit to X in A shows in B once B switches to X; A stays on X meanwhile.
      await urlField(a).fill(`${X}/edited`)
      await press(tab(b, 'x.test/one/edited'), touch)
      await shows(b, `${X}/edited`, 'x.test/one/edited')
      await press(tab(b, 'y.test/two'), touch)
      await shows(b, Y, 'y.test/two')
      await shows(a, `${X}/edited`, 'x.test/one/edited')

      // A reload restores each window's own tab; a new window starts on the last one chosen.
      await a.reload()
      await shows(a, `${X}/edited`, 'x.test/one/edited')
      await b.reload()
      await shows(b, Y, 'y.test/two')
      const c = await context.newPage()
      await openApp(c)
      await shows(c, Y, 'y.test/two')
      await c.close()

      // Closing in A the tab B shows: B moves to the neighbour, not to an empty area.
      await press(tab(a, 'y.test/two').getByRole('button', { name: 'Close y.test/two' }), touch)
      await press(a.getByRole('button', { name: "Don't save" }), touch)
      await expect(tabs(b)).toHaveCount(1)
      await shows(b, `${X}/edited`, 'x.test/one/edited')
      await shows(a, `${X}/edited`, 'x.test/one/edited')
    })
  })
}

import { expect, test, type Page } from '@playwright/test'
import { startAssistantServer } from '../fixtures/assistant-server.ts'
import { openApp } from './helpers.ts'
import { ECHO, section, urlField } from './send-helpers.ts'

test.beforeEach(async ({ page }) => openApp(page))

async function send(page: Page, path: string) {
  await urlField(page).fill(`${ECHO}${path}`)
  const relayed = page.waitForResponse((r) => r.url().endsWith('/relay'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await relayed
  await expect(page.getByLabel('Status', { exact: true })).toBeVisible()
}

const body = (page: Page) => page.getByRole('region', { name: 'Response body' })
const view = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name, exact: true })
const responseTab = (page: Page, name: RegExp) =>
  page.getByRole('tablist', { name: 'Response sections' }).getByRole('tab', { name })

async function setPostResponse(page: Page, code: string) {
  await section(page, 'Skript')
  await page.getByRole('tab', { name: 'Post Response' }).click()
  const monaco = page.locator('.monaco-editor').first()
  await expect(monaco).toBeVisible()
  await monaco.click()
  await page.keyboard.insertText(code)
}

test('JSON: formatted, searchable, as a table, and the size breakdown', async ({ page }) => {
  await send(page, '/json/20000')
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('200 OK')
  await expect(page.getByLabel('Format')).toHaveValue('auto')
  await expect(page.getByLabel('Format').locator('option').first()).toHaveText('Auto (JSON)')
  await expect(view(page, 'Formatiert')).toHaveAttribute('aria-selected', 'true')
  await expect(body(page).locator('.line').nth(0)).toHaveText('[')
  await expect(body(page).locator('.line').nth(1)).toHaveText('  {')
  await expect(body(page).locator('.line').nth(2)).toHaveText('    "id": 0,')

  // Search runs in the worker and scrolls far down to the match.
  await page.getByRole('searchbox', { name: 'Search body' }).fill('"item 300"')
  await page.getByRole('searchbox', { name: 'Search body' }).press('Enter')
  await expect(page.locator('.search-count')).toHaveText('1 / 1')
  await expect(body(page).locator('.line-current')).toHaveText('    "name": "item 300",')

  await view(page, 'Vorschau').click()
  const table = page.getByRole('table', { name: 'Vorschau' })
  await expect(table.getByRole('columnheader')).toHaveText(['id', 'name', 'tags', 'active'])
  await expect(table.getByRole('row').nth(1)).toHaveText('0item 0["a","b"]true')

  // Hover and tap both open the breakdown (tablets have no hover).
  const size = page.getByRole('button', { name: /^Size:/ })
  await size.hover()
  const breakdown = page.getByRole('tooltip', { name: 'Size breakdown' })
  await expect(breakdown).toContainText('Response')
  await expect(breakdown).toContainText('Request')
  await expect(breakdown).toContainText(/Body: 20\.\d+ KB/)
  await page.mouse.move(0, 0)
  await expect(breakdown).toBeHidden()
  await size.click()
  await expect(breakdown).toBeVisible()
})

test('XML, YAML, CSS and JavaScript are detected; Format and Roh change the view', async ({ page }) => {
  await send(page, '/xml')
  await expect(page.getByLabel('Format').locator('option').first()).toHaveText('Auto (XML)')
  await expect(body(page).locator('.line').nth(2)).toHaveText('  <to>Ada</to>')
  await view(page, 'Roh').click()
  await expect(body(page).locator('.line')).toHaveCount(1)
  await view(page, 'Formatiert').click()
  await page.getByLabel('Format').selectOption('text')
  await expect(body(page).locator('.line')).toHaveCount(1)

  await send(page, '/css')
  await expect(page.getByLabel('Format').locator('option').first()).toHaveText('Auto (CSS)')
  await expect(body(page).locator('.line')).toHaveText([
    'body {',
    '  margin:0;',
    '  color:#222',
    '}',
    'h1 {',
    '  font-size:2em',
    '}',
  ])

  await send(page, '/yaml')
  await expect(page.getByLabel('Format').locator('option').first()).toHaveText('Auto (YAML)')
  await expect(body(page).locator('.line').nth(2)).toHaveText('  title: Echo')

  await send(page, '/js')
  await expect(page.getByLabel('Format').locator('option').first()).toHaveText('Auto (JavaScript)')
  await expect(body(page).locator('.line').nth(1)).toHaveText('  return `Hello ${name}`')
})

test('HTML preview runs no script and loads nothing', async ({ page }) => {
  await send(page, '/html')
  await expect(body(page).locator('.line').nth(0)).toHaveText('<!doctype html>')
  await view(page, 'Vorschau').click()
  const frame = page.locator('iframe[title="HTML preview"]')
  await expect(frame).toHaveAttribute('sandbox', '')
  await expect(frame).toHaveAttribute(
    'srcdoc',
    /^<meta http-equiv="Content-Security-Policy" content="default-src 'none'/,
  )
  await expect(
    page.frameLocator('iframe[title="HTML preview"]').getByRole('heading', { name: 'Echo' }),
  ).toBeVisible()
  // A page-side probe: scripts of a sandbox without allow-scripts never run, so `ran` stays unset.
  const ran = await page
    .frames()
    .find((f) => f.parentFrame() !== null)
    ?.evaluate(() => 'ran' in window)
  expect(ran).toBe(false)
})

test('images and PDFs as they are; Hex for binary bodies', async ({ page }) => {
  await send(page, '/image.png')
  // Binary: no Formatiert or Roh; an image opens in Vorschau.
  await expect(view(page, 'Formatiert')).toHaveCount(0)
  await expect(view(page, 'Vorschau')).toHaveAttribute('aria-selected', 'true')
  const image = page.getByRole('img', { name: 'Image preview' })
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  await view(page, 'Hex').click()
  await expect(body(page).locator('.line').nth(0)).toHaveText(
    '00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|',
  )

  await send(page, '/pdf')
  await view(page, 'Vorschau').click()
  await expect(page.locator('object[type="application/pdf"]')).toHaveAttribute('data', /^blob:/)

  await send(page, '/bytes/40')
  await expect(view(page, 'Formatiert')).toHaveCount(0)
  await expect(body(page).locator('.line')).toHaveText([
    '00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  |................|',
    '00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  |................|',
    '00000020  20 21 22 23 24 25 26 27                           | !"#$%&\'|',
  ])
})

test('headers with count and size; cookies the server set with their flags', async ({ page }) => {
  const cookie = encodeURIComponent(
    'sid=abc; Path=/app; Expires=Wed, 21 Oct 2037 07:28:00 GMT; HttpOnly; Secure; SameSite=Lax',
  )
  await send(page, `/cookies/set-raw?c=${cookie}&c=${encodeURIComponent('theme=dark')}`)
  await responseTab(page, /^Header/).click()
  await expect(page.getByText(/^\d+ headers, \d+ B$/)).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Header' }).getByRole('row', { name: /content-type/ }),
  ).toContainText('application/json')
  await responseTab(page, /^Cookies/).click()
  const rows = page.getByRole('table', { name: 'Cookies' }).getByRole('row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    'sid',
    'abc',
    '/app',
    'Wed, 21 Oct 2037 07:28:00 GMT',
    '',
    '',
    'Lax',
  ])
  // HttpOnly and Secure: an SVG check mark named `Set`, not a font glyph.
  await expect(rows.nth(1).getByRole('img', { name: 'Set' })).toHaveCount(2)
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['theme', 'dark', '', 'Session', '', '', ''])
})

test('an event stream is shown event by event', async ({ page }) => {
  await send(page, '/sse?count=5&interval=300')
  const events = page.getByRole('table', { name: 'Event stream' }).getByRole('row')
  await expect(page.getByText('Receiving events…')).toBeVisible()
  await expect(events.nth(1)).toContainText('{"n":1}')
  await expect(page.getByText('Stream ended after 5 events')).toBeVisible()
  await expect(events).toHaveCount(6)
  await expect(events.nth(5).getByRole('cell').nth(2)).toHaveText('tick')
})

test('test results: empty states, passing, failing, throwing and timed-out scripts', async ({ page }) => {
  await expect(page.getByText('Sende die Anfrage, um Testergebnisse zu sehen')).toBeVisible()
  await send(page, '/json/100')
  await responseTab(page, /^Test results/).click()
  await expect(page.getByText('Keine Tests definiert')).toBeVisible()

  await setPostResponse(
    page,
    "svc.test('status is 200', () => svc.expect(svc.response.code).to.equal(200))\n" +
      "svc.test('is an array', () => svc.expect(svc.response.json()).to.be.an('array'))\n" +
      "svc.test('has 3 items', () => svc.expect(svc.response.json()).to.have.lengthOf(3))\n" +
      "console.log('hidden-log-line')\n",
  )
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await responseTab(page, /^Test results/).click()
  await expect(responseTab(page, /^Test results/).locator('.badge')).toHaveText('3')
  await expect(page.getByText('2 / 3 bestanden')).toBeVisible()
  await expect(page.locator('.test-summary .badge')).toHaveText('1 failed')
  const list = page.getByRole('list', { name: 'Test results' })
  await expect(list.getByRole('listitem')).toHaveCount(3)
  await expect(list.getByRole('listitem').nth(0).getByRole('img', { name: 'Passed' })).toBeVisible()
  await expect(list.getByRole('listitem').nth(2).getByRole('img', { name: 'Failed' })).toBeVisible()
  await expect(list.getByRole('listitem').nth(2)).toContainText(/expected .* to have a length of 3/)
  await expect(page.locator('.response-viewer').getByText('hidden-log-line')).toHaveCount(0)

  // Offline explanation of the failed test (no assistant configured).
  await page.getByRole('button', { name: 'Explain failures' }).click()
  await expect(page.getByRole('region', { name: 'Explanation' })).toContainText('Test failed: has 3 items')

  await page.keyboard.press('Control+a')
  await page.locator('.monaco-editor').first().click()
  await page.keyboard.press('Control+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText("svc.test('ok', () => {})\nthrow new Error('boom')\n")
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await responseTab(page, /^Test results/).click()
  await expect(page.getByText('1 / 1 bestanden')).toBeVisible()
  // A run whose script threw is never summarised as passed.
  await expect(page.locator('.test-summary .badge')).toHaveText('Skript-Fehler')
  await expect(page.getByText(/^Skript-Fehler: .*boom/)).toBeVisible()

  await page.locator('.monaco-editor').first().click()
  await page.keyboard.press('Control+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText("test('never ends', async () => { await new Promise(() => {}) })\n")
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await responseTab(page, /^Test results/).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Timeout' })).toBeVisible({ timeout: 20_000 })
})

test('Explain on a 401: offline from the headers, then from a local assistant with secrets masked', async ({
  page,
}) => {
  await send(page, '/status/401')
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('401 Unauthorized')
  await page.getByRole('button', { name: 'Explain', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Explanation' })
  await expect(panel).toContainText('Sendbox explains (no assistant configured)')
  await expect(panel).toContainText(
    'The server asks for Basic authentication (WWW-Authenticate: Basic realm="echo")',
  )
  await expect(panel).toContainText('no Authorization header')

  const assistant = await startAssistantServer()
  try {
    await page.getByRole('button', { name: 'Assistant', exact: true }).click()
    await page.getByRole('textbox', { name: 'Assistant URL' }).fill(assistant.url)
    await page.getByRole('textbox', { name: 'Model' }).fill('local-test')
    await page.getByLabel('API key').fill('sk-local-1')
    await page
      .getByRole('form', { name: 'Assistant' })
      .getByRole('button', { name: 'Save', exact: true })
      .click()

    await section(page, 'Headers')
    await page
      .getByRole('textbox', { name: /Headers Key/ })
      .last()
      .fill('Authorization')
    await page
      .getByRole('textbox', { name: /Headers Value/ })
      .last()
      .fill('Bearer tok-very-secret')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByLabel('Status', { exact: true })).toHaveText('401 Unauthorized')
    await page.getByRole('button', { name: 'Explain', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Explanation' })).toContainText(
      'Assistant: the server answered 401 Unauthorized. Renew the token and send again.',
    )
    const asked = assistant.seen.at(-1)!
    expect(asked.authorization).toBe('Bearer sk-local-1')
    expect(asked.body.model).toBe('local-test')
    const prompt = asked.body.messages[1]!.content
    expect(prompt).toContain(`Request: GET ${ECHO}/status/401`)
    expect(prompt).toContain('Response: 401 Unauthorized')
    expect(prompt).toMatch(/www-authenticate: Basic realm="echo"/i)
    expect(prompt).not.toContain('tok-very-secret')
  } finally {
    await assistant.close()
  }
})

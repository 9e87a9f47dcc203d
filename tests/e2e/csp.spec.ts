import { expect, test } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, urlField } from './send-helpers.ts'

test('the app is served with a CSP that blocks inline script and inline handlers', async ({ page }) => {
  const response = await page.goto('/')
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:|blob:/)
  await expect(urlField(page)).toBeVisible()
  const outcome = await page.evaluate(async () => {
    const violations: string[] = []
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective))
    const w = window as unknown as Record<string, unknown>
    const script = document.createElement('script')
    script.textContent = 'window.inlineRan = true'
    document.body.append(script)
    const img = document.createElement('img')
    img.setAttribute('onerror', 'window.handlerRan = true')
    img.src = 'data:,broken'
    document.body.append(img)
    await new Promise((resolve) => setTimeout(resolve, 300))
    return { inline: 'inlineRan' in w, handler: 'handlerRan' in w, violations }
  })
  expect(outcome).toMatchObject({ inline: false, handler: false })
  expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']))
})

test('an SVG response is previewed from a data: URL, never a URL of the app, and its script never runs', async ({
  page,
  context,
}) => {
  await openApp(page)
  await urlField(page).fill(`${ECHO}/image.svg`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  // An SVG is text: it opens formatted, with its picture under Vorschau.
  await page
    .getByRole('tablist', { name: 'Body view' })
    .getByRole('tab', { name: 'Vorschau', exact: true })
    .click()
  const image = page.getByRole('img', { name: 'Image preview' })
  await expect(image).toBeVisible()
  const src = await image.getAttribute('src')
  expect(src).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20)
  // Nothing on the page points at response bytes under the app's own origin.
  const blobs = await page.evaluate(() =>
    [...document.querySelectorAll('body [src], body [href], body [data]')]
      .map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? el.getAttribute('data') ?? '')
      .filter((url) => url.startsWith('blob:') || url.startsWith(location.origin)),
  )
  expect(blobs).toEqual([])
  // Opened on its own (as "open image in new tab" would), it is an opaque origin.
  const tab = await context.newPage()
  await tab.goto(src!)
  await tab.waitForTimeout(300)
  await tab.close()
  expect(await page.evaluate(() => localStorage.getItem('svg-script-ran'))).toBeNull()
})

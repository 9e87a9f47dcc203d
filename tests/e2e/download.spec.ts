import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { openApp } from './helpers.ts'
import { ECHO, preRequestScript, urlField } from './send-helpers.ts'

/** sha256 and size of what /bytes/:n sends: byte i is i % 256. */
function expectedBytes(total: number): { size: number; sha256: string } {
  const block = Buffer.alloc(64 * 1024)
  for (let i = 0; i < block.length; i++) block[i] = i % 256
  const hash = createHash('sha256')
  for (let left = total; left > 0; left -= block.length)
    hash.update(left >= block.length ? block : block.subarray(0, left))
  return { size: total, sha256: hash.digest('hex') }
}

async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(path)) {
    size += (chunk as Buffer).length
    hash.update(chunk as Buffer)
  }
  return { size, sha256: hash.digest('hex') }
}

async function chooseDownload(page: Page) {
  await page.getByRole('button', { name: 'Send options', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Download', exact: true }).click()
}

const status = (page: Page) => page.locator('.download-status')

test.describe('through the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a 100 MB download arrives whole while the page’s heap stays small', async ({ page, context }) => {
    test.setTimeout(180_000)
    await openApp(page)
    // The first version of the worker claims the open page once it has installed.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
    const total = 100 * 1024 * 1024
    await urlField(page).fill(`${ECHO}/bytes/${total}`)

    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value
    }
    await cdp.send('HeapProfiler.collectGarbage')
    const before = await heap()

    const downloading = page.waitForEvent('download', { timeout: 120_000 })
    await chooseDownload(page)
    const download = await downloading
    expect(download.suggestedFilename()).toBe(String(total))
    let peak = before
    let done = false
    const path = download.path().finally(() => (done = true))
    while (!done) {
      peak = Math.max(peak, await heap())
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(await fileDigest(await path)).toEqual(expectedBytes(total))
    await expect(status(page)).toHaveText(`Download started: ${total}`)
    const growthMb = (peak - before) / 2 ** 20
    console.log(`JS heap: before ${(before / 2 ** 20).toFixed(1)} MB, peak growth ${growthMb.toFixed(1)} MB`)
    expect(growthMb).toBeLessThan(30)
  })

  test('the name comes from the response’s Content-Disposition', async ({ page }) => {
    await openApp(page)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
    await urlField(page).fill(`${ECHO}/bytes/3000?filename=report.bin`)
    const downloading = page.waitForEvent('download')
    await chooseDownload(page)
    const download = await downloading
    expect(download.suggestedFilename()).toBe('report.bin')
    expect(await fileDigest(await download.path())).toEqual(expectedBytes(3000))
  })
})

test('without a service worker or a file picker the body is saved from memory, with a note', async ({
  page,
}) => {
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)
  await openApp(page)
  await urlField(page).fill(`${ECHO}/bytes/5000`)
  const downloading = page.waitForEvent('download')
  await chooseDownload(page)
  const download = await downloading
  expect(download.suggestedFilename()).toBe('5000')
  expect(await fileDigest(await download.path())).toEqual(expectedBytes(5000))
  await expect(status(page)).toContainText('held in memory')
})

test('a request that cannot be sent says so and downloads nothing', async ({ page }) => {
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)
  await openApp(page)
  await urlField(page).fill('http://127.0.0.1:1/nothing-listens-here')
  let downloads = 0
  page.on('download', () => downloads++)
  await chooseDownload(page)
  await expect(status(page)).toContainText('Download failed:')
  expect(downloads).toBe(0)
})

test('Download sends the request as Send builds it: a pre-request script’s header goes out', async ({
  page,
}) => {
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)
  await openApp(page)
  await urlField(page).fill(`${ECHO}/anything/report.json?x=1`)
  await preRequestScript(page, "req.setHeader('X-From-Script', 'yes')")
  const downloading = page.waitForEvent('download')
  await chooseDownload(page)
  const download = await downloading
  expect(download.suggestedFilename()).toBe('report.json')
  const echo = JSON.parse(readFileSync(await download.path(), 'utf8')) as { headers: [string, string][] }
  expect(echo.headers).toContainEqual(['X-From-Script', 'yes'])
  // The tab's own response area is not touched by a download.
  await expect(page.getByText('Send the request to see its response.')).toBeVisible()
})

/** One size of `bench/viewer.ts`: send, wait for the formatted view, scroll, search, measure. */
import type { Browser, Page } from '@playwright/test'
import { HeapProbe, rendererStats, sampleRss, settleRenderers, type HeapSample } from './viewer-probe.ts'
import type { Layout } from './viewer-setup.ts'

export interface CaseResult {
  /** Click → the first formatted line drawn (the body may still be arriving). */
  paintMs: number
  /** The progress ("Loading: X of Y MB") showed at that first paint: the body was still arriving. */
  paintPartial: boolean
  /** MB of the body in the page at the first paint, as the progress said. */
  paintLoadedText: string
  /** Click → the response's head in the page (the viewer appears). */
  headMs: number
  /** Click → the whole body in the page (the progress gone). */
  bodyMs: number
  /** The relay's own upstream time (request to the echo server → its last byte), from the status bar. */
  upstreamMs: number
  indexedMs: number
  loadLongest: number
  loadTasks: number
  scrollLongest: number
  scrollTasks: number
  searchMs: number
  idle: HeapSample
  peak: HeapSample
  settled: HeapSample
  /** Over the renderers' resident set once idle: the larger of VmHWM and VmRSS sampled every 20 ms. */
  peakRssOverIdle: number
  idleRss: number
  /** How long the app took to be idle after loading (service worker ready, resident set steady). */
  idleWaitMs: number
  idleSteady: boolean
  cpuSeconds: number
}

interface Marks {
  tasks: [number, number][]
  head: number
  paint: number
  paintLoading: string
  body: number
}

/** Installed before the app loads, so no long task and no first line goes unseen. */
function instrument() {
  const marks: Marks = { tasks: [], head: 0, paint: 0, paintLoading: '', body: 0 }
  ;(window as unknown as { benchMarks: Marks }).benchMarks = marks
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.tasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  const observer = new MutationObserver(() => {
    if (!marks.head && document.querySelector('.response-viewer')) marks.head = performance.now()
    if (!marks.head) return
    const line = document.querySelector('.line-viewport .line .line-text')
    const loading = document.querySelector('.line-search .body-loading')
    if (!marks.paint && line?.textContent) {
      marks.paint = -1
      marks.paintLoading = loading?.textContent ?? ''
      requestAnimationFrame(() => (marks.paint = performance.now()))
    }
    // The whole body is in: the line view shows no progress and the send has its status.
    if (marks.paint && !loading && document.querySelector('.line-search') && !marks.body) {
      marks.body = performance.now()
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, characterData: true })
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { benchMarks: Marks }).benchMarks)
const now = (page: Page) => page.evaluate(() => performance.now())
const tasksIn = (m: Marks, from: number, to: number) =>
  m.tasks.filter(([start]) => start >= from && start < to)

/** The line numbers drawn in the viewport, with text. */
const shownLines = (page: Page) =>
  page.$$eval('.line-viewport .line', (rows) =>
    rows.filter((r) => r.textContent).map((r) => Number((r as HTMLElement).dataset.line)),
  )

export async function runCase(
  browser: Browser,
  app: string,
  url: string,
  layout: Layout,
  step: { name: string },
): Promise<CaseResult> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.addInitScript(instrument)
  step.name = 'loading the app'
  await page.goto(app)
  const urlBox = page.getByRole('textbox', { name: 'URL', exact: true })
  await urlBox.fill(url)
  const probe = await HeapProbe.attach(page)
  step.name = 'waiting for the app to be idle'
  const settling = await settleRenderers(browser, page)
  const idle = await rendererStats(browser)
  const rss = await sampleRss(browser)
  const idleHeap = await probe.sample()
  let peak = idleHeap
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const s = await probe.sample(500).catch(() => null)
      if (s && s.js + s.buffers > peak.js + peak.buffers) peak = s
      await new Promise((r) => setTimeout(r, 100))
    }
  })()

  step.name = 'sending'
  const clicked = await now(page)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  step.name = 'waiting for the first formatted line'
  await page.waitForFunction(() => (window as unknown as { benchMarks: Marks }).benchMarks.paint > 0, null, {
    timeout: 0,
    polling: 50,
  })
  step.name = 'waiting for the whole body, indexed'
  // A plain DOM read, not a text locator: the bench's own polling must not make long tasks.
  await page.waitForFunction(
    () => {
      const text = document.querySelector('.line-search')?.textContent ?? 'Loading'
      return !text.includes('Indexing') && !text.includes('Loading')
    },
    null,
    { timeout: 0, polling: 100 },
  )
  const indexed = await now(page)

  const viewport = page.locator('.line-viewport')
  const scrollTo = async (fraction: number) => {
    const before = await page.$eval('.line-viewport .line', (row) => (row as HTMLElement).dataset.line)
    await viewport.evaluate((el, f) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), fraction)
    // Rows other than those shown before, all drawn: the rows of the last place already were.
    await page.waitForFunction(
      (first) => {
        const rows = [...document.querySelectorAll<HTMLElement>('.line-viewport .line')]
        return rows.length > 0 && rows.every((r) => r.textContent) && rows[0]!.dataset.line !== first
      },
      before,
      { timeout: 0, polling: 50 },
    )
  }
  step.name = 'scrolling to the middle'
  await scrollTo(0.5)
  step.name = 'scrolling to the end'
  await scrollTo(1)
  const atEnd = await shownLines(page)
  if (!atEnd.includes(layout.lines))
    throw new Error(`the end shows lines ${atEnd[0]}–${atEnd.at(-1)}, not the last line ${layout.lines}`)
  step.name = 'scrolling to the top'
  await scrollTo(0)

  step.name = 'searching'
  const search = page.getByRole('searchbox', { name: 'Search body' })
  await search.fill(layout.search)
  const searchStart = await now(page)
  await search.press('Enter')
  await page.locator('.search-count').filter({ hasText: '1 / 1' }).waitFor({ timeout: 0 })
  await page.locator('.line-current').waitFor({ timeout: 0 })
  const searched = await now(page)
  const hit = Number(await page.locator('.line-current').getAttribute('data-line'))
  if (hit !== layout.searchLine) throw new Error(`search marked line ${hit}, expected ${layout.searchLine}`)
  const done = await now(page)
  const busy = await rendererStats(browser)
  const sampledPeak = rss.stop()

  step.name = 'reading memory'
  sampling = false
  await sampler
  await probe.collectGarbage()
  const settled = await probe.sample(10_000)
  const m = await marks(page)
  const upstreamMs = Number(
    (await page.locator('.status-bar [aria-label="Time"]').textContent())?.replace(/\D/g, ''),
  )
  const load = tasksIn(m, clicked, indexed)
  const scroll = tasksIn(m, indexed, done + 1)
  const longest = (tasks: [number, number][]) => Math.max(0, ...tasks.map(([, d]) => d))
  await page.close()
  return {
    paintMs: m.paint - clicked,
    paintPartial: m.paintLoading !== '',
    paintLoadedText: m.paintLoading,
    headMs: m.head - clicked,
    bodyMs: m.body - clicked,
    upstreamMs,
    indexedMs: indexed - clicked,
    loadLongest: longest(load),
    loadTasks: load.length,
    scrollLongest: longest(scroll),
    scrollTasks: scroll.length,
    searchMs: searched - searchStart,
    idle: idleHeap,
    peak,
    settled,
    peakRssOverIdle: Math.max(busy.peakRss, sampledPeak) - idle.rss,
    idleRss: idle.rss,
    idleWaitMs: settling.waitedMs,
    idleSteady: settling.steady,
    cpuSeconds: busy.cpuSeconds - idle.cpuSeconds,
  }
}

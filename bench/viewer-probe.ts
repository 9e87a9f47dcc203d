/**
 * Memory and CPU probes for `bench/viewer.ts`.
 *
 * Memory is read with CDP `Runtime.getHeapUsage` on the page and on every dedicated worker it
 * starts (auto-attached through the page's own CDP session). That call reports the JS heap and,
 * separately, the backing stores of ArrayBuffers, which is where a response body lives; the
 * `JSHeapUsedSize` of `Performance.getMetrics` leaves those out, and
 * `performance.measureUserAgentSpecificMemory` needs cross-origin isolation, which the app does
 * not have (and answers only after a GC, seconds late). A worker that is busy answers late: its
 * last value is kept for that sample.
 *
 * The renderer's resident set (`/proc/<pid>/status`: VmHWM, the kernel's own peak, and VmRSS
 * sampled every 20 ms) and CPU time come from `SystemInfo.getProcessInfo` on the browser session;
 * the CPU seconds barely depend on the machine's load, unlike wall-clock times. The baseline is
 * taken once the app is idle (`settleRenderers`), not while it is still starting.
 */
import { readFileSync } from 'node:fs'
import type { Browser, CDPSession, Page } from '@playwright/test'

export interface HeapSample {
  /** JS heap in use, page + workers (bytes). */
  js: number
  /** ArrayBuffer and external string backing stores, page + workers (bytes). */
  buffers: number
  workers: number
}

interface HeapUsage {
  usedSize: number
  backingStorageSize?: number
}

export class HeapProbe {
  private readonly workers = new Map<string, HeapUsage>()
  private readonly waiting = new Map<number, (result: unknown) => void>()
  private nextId = 1

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<HeapProbe> {
    const cdp = await page.context().newCDPSession(page)
    const probe = new HeapProbe(cdp)
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') probe.workers.set(event.sessionId, { usedSize: 0 })
    })
    cdp.on('Target.detachedFromTarget', (event) => {
      if (event.sessionId) probe.workers.delete(event.sessionId)
    })
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown }
      if (message.id === undefined) return
      probe.waiting.get(message.id)?.(message.result ?? null)
      probe.waiting.delete(message.id)
    })
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    })
    return probe
  }

  private askWorker(sessionId: string, method: string, wait: number): Promise<unknown> {
    const id = this.nextId++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        resolve(undefined)
      }, wait)
      this.waiting.set(id, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      void this.cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch(() => resolve(undefined))
    })
  }

  async sample(wait = 1000): Promise<HeapSample> {
    const page = (await this.cdp.send('Runtime.getHeapUsage')) as HeapUsage
    let js = page.usedSize
    let buffers = page.backingStorageSize ?? 0
    await Promise.all(
      [...this.workers.keys()].map(async (sessionId) => {
        const usage = (await this.askWorker(sessionId, 'Runtime.getHeapUsage', wait)) as HeapUsage | undefined
        if (usage && this.workers.has(sessionId)) this.workers.set(sessionId, usage)
      }),
    )
    for (const usage of this.workers.values()) {
      js += usage.usedSize
      buffers += usage.backingStorageSize ?? 0
    }
    return { js, buffers, workers: this.workers.size }
  }

  async collectGarbage(): Promise<void> {
    await this.cdp.send('HeapProfiler.collectGarbage')
    await Promise.all(
      [...this.workers.keys()].map((id) => this.askWorker(id, 'HeapProfiler.collectGarbage', 5000)),
    )
  }
}

export interface RendererStats {
  /** Resident set now and its peak since the process started (bytes). */
  rss: number
  peakRss: number
  cpuSeconds: number
}

/** Sums over the browser's renderer processes (one per case: each case has its own browser). */
export async function rendererStats(browser: Browser): Promise<RendererStats> {
  const cdp = await browser.newBrowserCDPSession()
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number; cpuTime: number }[]
    }
    const stats: RendererStats = { rss: 0, peakRss: 0, cpuSeconds: 0 }
    for (const proc of info.processInfo.filter((p) => p.type === 'renderer')) {
      stats.cpuSeconds += proc.cpuTime
      try {
        const status = readFileSync(`/proc/${proc.id}/status`, 'utf8')
        stats.rss += kb(status, 'VmRSS')
        stats.peakRss += kb(status, 'VmHWM')
      } catch {
        // gone already
      }
    }
    return stats
  } finally {
    await cdp.detach()
  }
}

/**
 * Samples the renderers' resident set every `everyMs` from `/proc` until stopped: the peak seen.
 * VmHWM alone is not enough: it was seen to go down between two reads of one renderer (the peak
 * can be reset from inside the process), and a reset after the peak would hide it.
 */
export async function sampleRss(browser: Browser, everyMs = 20): Promise<{ stop(): number }> {
  const cdp = await browser.newBrowserCDPSession()
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[]
  }
  await cdp.detach()
  const pids = info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id)
  const read = () =>
    pids.reduce((sum, pid) => {
      try {
        return sum + kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS')
      } catch {
        return sum
      }
    }, 0)
  let peak = read()
  // Unref'd: a case that fails before `stop` does not keep the bench from exiting.
  const timer = setInterval(() => (peak = Math.max(peak, read())), everyMs).unref()
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, read())
    },
  }
}

/**
 * Waits until the renderers are idle: the app's service worker active and their resident set
 * steady (within `tolerance` over `steadyMs`). A freshly loaded app keeps growing for a few
 * seconds with nothing sent (the page's renderer by about 90 MB here, while its service worker
 * installs): a baseline taken half a second after loading counted that growth as the body's.
 */
export async function settleRenderers(
  browser: Browser,
  page: Page,
  { steadyMs = 2000, tolerance = 4 * 1024 * 1024, maxMs = 30_000 } = {},
): Promise<{ waitedMs: number; steady: boolean }> {
  const start = Date.now()
  // `ready` never settles without a registration: the steady resident set decides then.
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10_000))]).then(
      () => undefined,
    ),
  )
  const seen: [number, number][] = []
  while (Date.now() - start < maxMs) {
    const now = Date.now()
    seen.push([now, (await rendererStats(browser)).rss])
    const window = seen.filter(([t]) => t >= now - steadyMs)
    const values = window.map(([, rss]) => rss)
    if (now - seen[0]![0] >= steadyMs && Math.max(...values) - Math.min(...values) <= tolerance)
      return { waitedMs: Date.now() - start, steady: true }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { waitedMs: Date.now() - start, steady: false }
}

function kb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
  return match ? Number(match[1]) * 1024 : 0
}

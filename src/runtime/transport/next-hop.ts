/**
 * What the browser negotiated for a fetch of its own (direct mode, the service worker): the
 * Resource Timing entry's `nextHopProtocol` (an ALPN id: `http/1.1`, `h2`, `h3`). The browser
 * leaves it empty for a server on another origin that sends no `Timing-Allow-Origin`, and there is
 * no entry before the body has ended (a stream) or once the timing buffer is full: then the version
 * is `''`, which the response viewer shows as not known.
 */

/** The part of `performance` read here; a test hands its own. */
export interface TimingSource {
  getEntriesByName(name: string, type: string): { startTime: number; nextHopProtocol?: string }[]
  getEntriesByType(type: string): unknown[]
  clearResourceTimings(): void
}

/** Browsers keep 250 resource entries by default and then drop new ones: room is made before. */
const ROOM = 200

/** `1.0`, `1.1`, `2`, `3` from an ALPN id; `''` for none or one not known. */
export function versionFromAlpn(protocol: string | undefined): string {
  if (!protocol) return ''
  if (protocol === 'http/1.1') return '1.1'
  if (protocol === 'http/1.0') return '1.0'
  if (protocol === 'h2' || protocol === 'h2c') return '2'
  if (protocol === 'h3' || protocol.startsWith('h3-')) return '3'
  return ''
}

function source(): TimingSource | undefined {
  const perf = (globalThis as { performance?: Partial<TimingSource> }).performance
  return perf?.getEntriesByName && perf.getEntriesByType && perf.clearResourceTimings
    ? (perf as TimingSource)
    : undefined
}

/** Called before a fetch: keeps the timing buffer from filling up, so the fetch gets its entry. */
export function makeTimingRoom(perf: TimingSource | undefined = source()): void {
  if (perf && perf.getEntriesByType('resource').length >= ROOM) perf.clearResourceTimings()
}

/**
 * The version the fetch of `url` started at or after `since` (a `performance.now()` time) came
 * over. The entry is added as the body ends, so it is looked for again after a task or two.
 */
export async function negotiatedVersion(
  url: string,
  since: number,
  perf: TimingSource | undefined = source(),
  tries = 3,
): Promise<string> {
  if (!perf) return ''
  let name: string
  try {
    name = new URL(url, (globalThis as { location?: { href: string } }).location?.href).href
  } catch {
    return ''
  }
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 0))
    const entries = perf.getEntriesByName(name, 'resource')
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!
      if (entry.startTime >= since - 1) return versionFromAlpn(entry.nextHopProtocol)
    }
  }
  return ''
}

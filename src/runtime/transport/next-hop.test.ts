import { describe, expect, it } from 'vitest'
import { makeTimingRoom, negotiatedVersion, versionFromAlpn, type TimingSource } from './next-hop.ts'

/** A Resource Timing buffer as the browser fills it: entries by name, cleared on request. */
function timings(entries: { name: string; startTime: number; nextHopProtocol: string }[]) {
  let cleared = 0
  const perf: TimingSource & { cleared: () => number } = {
    getEntriesByName: (name, type) => (type === 'resource' ? entries.filter((e) => e.name === name) : []),
    getEntriesByType: (type) => (type === 'resource' ? entries : []),
    clearResourceTimings: () => {
      entries.length = 0
      cleared++
    },
    cleared: () => cleared,
  }
  return perf
}

describe('negotiatedVersion', () => {
  it('maps the ALPN ids browsers report, and nothing known to empty', () => {
    expect(
      ['http/1.1', 'http/1.0', 'h2', 'h2c', 'h3', 'h3-29', '', undefined, 'spdy/3'].map(versionFromAlpn),
    ).toEqual(['1.1', '1.0', '2', '2', '3', '3', '', '', ''])
  })

  it('reads the latest entry of the URL that started at or after the send', async () => {
    const perf = timings([
      { name: 'https://api.example/x', startTime: 5, nextHopProtocol: 'http/1.1' },
      { name: 'https://api.example/x', startTime: 50, nextHopProtocol: 'h2' },
      { name: 'https://api.example/y', startTime: 60, nextHopProtocol: 'h3' },
    ])
    expect(await negotiatedVersion('https://api.example/x', 40, perf)).toBe('2')
    expect(await negotiatedVersion('https://api.example/y', 40, perf)).toBe('3')
    // An entry from before the send is another fetch's.
    expect(await negotiatedVersion('https://api.example/x', 100, perf, 1)).toBe('')
  })

  it('says nothing for a cross-origin entry without Timing-Allow-Origin (empty protocol) or no entry', async () => {
    const perf = timings([{ name: 'https://other.example/', startTime: 10, nextHopProtocol: '' }])
    expect(await negotiatedVersion('https://other.example', 0, perf)).toBe('')
    expect(await negotiatedVersion('https://none.example/', 0, perf)).toBe('')
    expect(await negotiatedVersion('not a url', 0, perf)).toBe('')
    expect(await negotiatedVersion('https://none.example/', 0, undefined)).toBe('')
  })

  it('finds an entry added a task after the body ended', async () => {
    const entries: { name: string; startTime: number; nextHopProtocol: string }[] = []
    const perf = timings(entries)
    setTimeout(() => entries.push({ name: 'https://late.example/', startTime: 1, nextHopProtocol: 'h2' }), 0)
    expect(await negotiatedVersion('https://late.example/', 0, perf)).toBe('2')
  })

  it('clears a nearly full timing buffer before a send, so the send gets its entry', () => {
    const full = timings(
      Array.from({ length: 200 }, (_, i) => ({
        name: `https://a.example/${i}`,
        startTime: i,
        nextHopProtocol: 'h2',
      })),
    )
    makeTimingRoom(full)
    expect(full.cleared()).toBe(1)
    const roomy = timings([{ name: 'https://a.example/', startTime: 1, nextHopProtocol: 'h2' }])
    makeTimingRoom(roomy)
    expect(roomy.cleared()).toBe(0)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSseServer, type SseServer } from '../../../../tests/fixtures/sse-server.ts'
import { startRelayStack, type RelayStack } from '../../../../tests/helpers/sync-server.ts'
import { makeRequest, makeRow } from '../../../model/factories.ts'
import { VariableContext } from '../../../model/variables.ts'
import { send } from '../../send.ts'
import { createScriptRunner } from '../../script/quickjs-module.node.ts'
import type { ScriptRunner } from '../../script/types.ts'
import { createNodeTransport, type NodeTransport } from '../../transport/node.ts'
import type { SendOptions, Transport } from '../../transport/types.ts'
import { startEchoServer } from '../../../../tests/fixtures/echo-server.ts'
import { makeTestCerts } from '../../../../tests/helpers/certs.ts'
import { connectSse, type SseEntry, type SseSummary } from './connect.ts'

let sse: SseServer
let node: NodeTransport
let stack: RelayStack
let scripts: ScriptRunner

beforeAll(async () => {
  sse = await startSseServer()
  node = createNodeTransport()
  // A relay whose time limit cuts a running stream after 400 ms.
  stack = await startRelayStack({}, { args: ['--max-relay-ms', '400'] })
  scripts = await createScriptRunner()
})
afterAll(async () => {
  await stack.close()
  await node.close()
  await sse.close()
})

/** Connects and collects entries until `until` holds (or the connection ends), then disconnects. */
async function connect(
  url: string,
  transport: Transport,
  until: (entries: SseEntry[]) => boolean,
  fields: Parameters<typeof makeRequest>[0] = {},
  options: SendOptions = {},
): Promise<{ entries: SseEntry[]; summary: SseSummary }> {
  const entries: SseEntry[] = []
  let check = () => {}
  const reached = new Promise<void>((resolve) => (check = () => until(entries) && resolve()))
  const connection = connectSse(
    { request: makeRequest({ kind: 'sse', url, ...fields }), variables: new VariableContext([], new Map()) },
    { send, transport, scripts, options, onEntry: (entry) => (entries.push(entry), check()) },
  )
  await Promise.race([reached, connection.done])
  connection.close()
  return { entries, summary: await connection.done }
}

const events = (entries: SseEntry[]) => entries.filter((e) => e.type === 'event')
const ids = (entries: SseEntry[]) => events(entries).map((e) => e.id)

describe('connectSse against a real SSE server', () => {
  it('reconnects after each drop with Last-Event-ID, waits the retry time, and continues without gaps', async () => {
    const before = sse.received.length
    const { entries, summary } = await connect(
      `${sse.url}/events?drop=3&total=8&retry=40`,
      node,
      (all) => events(all).length >= 8,
    )
    expect(ids(entries)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    expect(events(entries)[0]).toMatchObject({ event: 'tick', data: '{"n":1}' })
    const reconnects = entries.filter((e) => e.type === 'reconnect')
    expect(reconnects.map((r) => [r.delayMs, r.lastEventId])).toEqual([
      [40, '3'],
      [40, '6'],
    ])
    const seen = sse.received.slice(before)
    expect(seen.map((c) => c.lastEventId)).toEqual([null, '3', '6'])
    expect(seen[0]?.headers.accept).toBe('text/event-stream')
    expect(entries.at(-1)).toMatchObject({ type: 'closed' })
    expect(summary).toMatchObject({ events: 8, reconnects: 2 })
    expect(summary.error).toBeUndefined()
  })

  it('Disconnect while waiting to reconnect stops at once and tries no more', async () => {
    const before = sse.received.length
    const { entries } = await connect(`${sse.url}/events?drop=1&retry=60000`, node, (all) =>
      all.some((e) => e.type === 'reconnect'),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sse.received.length - before).toBe(1)
    expect(entries.at(-1)).toMatchObject({ type: 'closed' })
  })

  it.each([
    ['/status/404', /answered 404 Not Found, not an event stream/],
    ['/status/204', /204 No Content: it asks not to reconnect/],
    ['/wrong-type', /Content-Type text\/plain, not text\/event-stream/],
  ])('%s is an error, not a reconnect loop', async (path, message) => {
    const { entries, summary } = await connect(`${sse.url}${path}`, node, () => false)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ type: 'error', message: expect.stringMatching(message) })
    expect(summary.error).toMatch(message)
  })

  it('an unreachable host or a malformed URL ends with a message on the first try', async () => {
    const closed = await startSseServer()
    const url = `${closed.url}/events`
    await closed.close()
    const refused = await connect(url, node, () => false)
    expect(refused.entries).toEqual([expect.objectContaining({ type: 'error', code: 'unreachable' })])
    expect(refused.summary.error).toMatch(/^Could not connect: /)
    const malformed = await connect('http://exa mple.test:99999/x', node, () => false)
    expect(malformed.entries).toHaveLength(1)
    expect(malformed.summary.error).toMatch(/^(Not connected|Could not connect): /)
  })

  it('runs the pre-request script before connecting, and the request headers and variables go out', async () => {
    const before = sse.received.length
    const { summary } = await connect(
      `${sse.url}/events?drop=2&total=2&n={{n}}`,
      node,
      (all) => events(all).length >= 2,
      {
        headers: [makeRow({ key: 'X-Token', value: '{{token}}' })],
        scripts: {
          preRequest: "svc.variables.set('token', 'from-script'); svc.variables.set('n', '5')",
          postResponse: '',
        },
      },
    )
    expect(summary.url).toContain('n=5')
    expect(sse.received[before]?.headers['x-token']).toBe('from-script')
  })
})

describe('connectSse over TLS', () => {
  it('an unknown certificate authority is a TLS error on the first try; with the CA from Settings it reads', async () => {
    const certs = makeTestCerts()
    const echo = await startEchoServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
    try {
      const url = `https://localhost:${echo.port}/sse?count=3&interval=5`
      const refused = await connect(url, node, () => false)
      expect(refused.entries).toEqual([expect.objectContaining({ type: 'error', code: 'tls' })])
      const trusted = await connect(
        url,
        node,
        (all) => events(all).length >= 3,
        {},
        {
          tls: { verify: true, caPem: [certs.caPem], clientCertificates: [] },
        },
      )
      expect(events(trusted.entries)).toHaveLength(3)
    } finally {
      await echo.close()
    }
  })
})

describe('connectSse through the relay', () => {
  it("the relay's time limit cuts the stream: shown as a drop, and the reconnect continues from the last id", async () => {
    const before = sse.received.length
    const { entries } = await connect(
      `${sse.url}/events?drop=1000&interval=60&retry=20`,
      stack.relay,
      (all) => all.filter((e) => e.type === 'open').length >= 3,
    )
    const list = ids(entries)
    expect(list).toEqual(list.map((_, i) => String(i + 1)))
    const seen = sse.received.slice(before)
    expect(seen.length).toBeGreaterThanOrEqual(3)
    expect(seen[1]?.lastEventId).toMatch(/^\d+$/)
    const firstDrop = entries.findIndex((e) => e.type === 'reconnect')
    expect(entries[firstDrop]).toMatchObject({
      delayMs: 20,
      reason: expect.stringMatching(/time limit of 400 ms/),
    })
    expect(seen[1]?.lastEventId).toBe(events(entries.slice(0, firstDrop)).at(-1)?.id)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSseServer, type SseServer } from '../../../../tests/fixtures/sse-server.ts'
import { makeRequest } from '../../../model/factories.ts'
import { VariableContext } from '../../../model/variables.ts'
import { connectSse } from '../../../runtime/realtime/sse/connect.ts'
import { send } from '../../../runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../../runtime/transport/node.ts'
import { createMessageLog, filterLog } from '../log-model.ts'
import { sseLogEntry } from './log-entries.ts'

let sse: SseServer
let node: NodeTransport
beforeAll(async () => {
  sse = await startSseServer()
  node = createNodeTransport()
})
afterAll(async () => {
  await node.close()
  await sse.close()
})

describe('sseLogEntry', () => {
  it('makes an event a received row with its name and id, and the rest info rows', () => {
    expect(sseLogEntry({ type: 'event', at: 5, id: '7', event: 'tick', data: '{"n":7}' })).toEqual({
      direction: 'received',
      time: 5,
      size: 7,
      text: '{"n":7}',
      name: 'tick',
      id: '7',
    })
    expect(
      sseLogEntry({
        type: 'reconnect',
        at: 1,
        delayMs: 50,
        lastEventId: '3',
        reason: 'The server ended the stream',
      }),
    ).toMatchObject({
      direction: 'info',
      text: 'The server ended the stream. Reconnecting in 50 ms with Last-Event-ID: 3',
    })
    expect(sseLogEntry({ type: 'error', at: 1, message: 'Could not connect: x' })).toMatchObject({
      direction: 'info',
      error: true,
    })
    expect(sseLogEntry({ type: 'open', at: 1, url: 'u', status: 200 }).text).toBe('Connected (200)')
  })
})

describe('a fast stream into the message log', () => {
  it('keeps all 5,000 events, in order, and the filter and search find SSE rows by data, name and id', async () => {
    // Flushed by a timer, as a hidden page's log is: the real batching, without frames.
    const log = createMessageLog((flush) => setTimeout(flush, 0))
    const connection = connectSse(
      {
        request: makeRequest({
          kind: 'sse',
          url: `${sse.url}/events?drop=100000&total=5000&burst=250&interval=2&event=price`,
        }),
        variables: new VariableContext([], new Map()),
      },
      { send, transport: node, options: {}, onEntry: (entry) => log.add(sseLogEntry(entry)) },
    )
    const deadline = Date.now() + 15_000
    while (log.entries.filter((e) => e.direction === 'received').length < 5000 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    connection.close()
    await connection.done
    await new Promise((r) => setTimeout(r, 10))

    const events = log.entries.filter((e) => e.direction === 'received')
    expect(events).toHaveLength(5000)
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 5000 }, (_, i) => String(i + 1)))
    expect(log.entries[0]).toMatchObject({ direction: 'info', text: 'Connected (200)' })
    expect(log.entries.at(-1)).toMatchObject({ direction: 'info', text: 'Disconnected' })

    expect(filterLog(log.entries, 'received', '')).toHaveLength(5000)
    expect(filterLog(log.entries, 'info', '')!.map((i) => log.entries[i]!.text)).toEqual([
      'Connected (200)',
      'Disconnected',
    ])
    const byData = filterLog(log.entries, 'all', '{"n":4321}')!
    expect(byData.map((i) => log.entries[i]!.id)).toEqual(['4321'])
    // The event name and the id are searched too.
    expect(filterLog(log.entries, 'received', 'PRICE')).toHaveLength(5000)
    expect(filterLog(log.entries, 'info', 'price')).toEqual([])
    expect(filterLog(log.entries, 'all', '4999')!.map((i) => log.entries[i]!.id)).toEqual(['4999'])
  })
})

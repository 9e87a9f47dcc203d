/** The last result of a tab as IndexedDB keeps it (fake-indexeddb in Node): capped, cloneable. */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { DoneOutcome } from '../../runtime/send.ts'
import { keepable, makeResponseStore } from './last-responses.ts'

function done(body: Uint8Array, eventStream = false): DoneOutcome {
  return {
    outcome: 'done',
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: [['Accept', '*/*']], body: null },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['content-type', 'application/json']],
      body,
      eventStream,
      cookies: [],
      timings: { total: 12 },
      sizes: { requestHeaders: 20, requestBody: 0, responseHeaders: 30, responseBody: body.length },
      url: 'http://127.0.0.1/x',
      // Not cloneable: must not reach IndexedDB.
      ...(eventStream ? { bodyStream: new ReadableStream<Uint8Array>() } : {}),
    },
    tests: [{ name: 'ok', passed: true, error: null }],
    testsTimedOut: false,
    scriptError: null,
  }
}

describe('keepable', () => {
  it('keeps a small body whole and a large one cut to the limit, saying so', () => {
    const small = keepable('t1', done(new Uint8Array([1, 2, 3])), 10)
    expect(small?.cut).toBeUndefined()
    expect((small?.result as DoneOutcome).response.body).toEqual(new Uint8Array([1, 2, 3]))
    const large = keepable('t1', done(new Uint8Array(25).fill(7)), 10)
    expect(large?.cut).toEqual({ keptBytes: 10, sizeBytes: 25 })
    expect((large?.result as DoneOutcome).response.body).toHaveLength(10)
  })

  it('keeps nothing of an event stream', () => {
    expect(keepable('t1', done(new Uint8Array(), true))).toBeNull()
  })

  it('stores, reloads and drops the results of closed tabs', async () => {
    const store = makeResponseStore(indexedDB, 'last-responses-test')
    await store.save(keepable('open', done(new Uint8Array([9])))!)
    await store.save(keepable('closed', done(new Uint8Array([8])))!)
    const loaded = await store.load(['open'])
    expect(loaded.map((e) => e.tabId)).toEqual(['open'])
    expect((loaded[0]!.result as DoneOutcome).response.body).toEqual(new Uint8Array([9]))
    expect(await store.load(['open', 'closed'])).toHaveLength(1)
  })
})

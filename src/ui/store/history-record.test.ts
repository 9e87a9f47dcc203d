import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRequest } from '../../model/factories.ts'
import type { WireResponse } from '../../model/wire.ts'
import {
  HISTORY_LIMIT,
  initDevice,
  readHistory,
  readRuns,
  RUN_BODY_LIMIT,
} from '../../model/workspace/api.ts'
import type { SendResult } from '../../runtime/send.ts'
import { recordConnection, recordSend } from './history-record.ts'

function device(): Y.Doc {
  const doc = new Y.Doc()
  initDevice(doc)
  return doc
}

function response(body: string, status = 200): WireResponse {
  const bytes = new TextEncoder().encode(body)
  return {
    status,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [
      ['Content-Type', 'application/json'],
      ['Set-Cookie', 'session=abc; Path=/'],
    ],
    body: bytes,
    eventStream: false,
    cookies: [],
    timings: { total: 42 },
    sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBody: bytes.length },
    url: 'http://127.0.0.1/x',
  }
}

const wire = { method: 'GET', url: 'http://127.0.0.1/x?resolved=1', headers: [], body: null }
const done = (body: string): SendResult => ({
  outcome: 'done',
  request: wire,
  response: response(body),
  scriptError: null,
  tests: [
    { name: 'is ok', passed: true, error: null },
    { name: 'has id', passed: false, error: 'expected undefined to exist' },
  ],
  testsTimedOut: false,
})
const failed: SendResult = {
  outcome: 'failed',
  request: wire,
  error: 'connect ECONNREFUSED 127.0.0.1:9',
  code: 'unreachable',
  tests: [],
  testsTimedOut: false,
}
const notSent: SendResult = {
  outcome: 'not-sent',
  error: 'ReferenceError: x is not defined',
  scriptError: null,
  tests: [],
  testsTimedOut: false,
}

describe('recordSend', () => {
  const draft = makeRequest({ method: 'POST', url: '{{base}}/x' })

  it('records a response in the history with the resolved URL, status and duration', () => {
    const doc = device()
    recordSend(doc, draft, null, done('{}'), 1000)
    expect(readHistory(doc)).toMatchObject([
      { time: 1000, method: 'POST', url: wire.url, status: 200, durationMs: 42, outcome: 'done' },
    ])
  })

  it('keeps the protocol the response came over', () => {
    const doc = device()
    recordSend(
      doc,
      draft,
      null,
      { ...done('{}'), response: { ...response('{}'), httpVersion: '2' } } as SendResult,
      1,
    )
    recordSend(doc, draft, null, done('{}'), 2)
    recordSend(doc, draft, null, failed, 3)
    expect(readHistory(doc).map((entry) => entry.httpVersion)).toEqual([undefined, '1.1', '2'])
  })

  it('records failed and not-sent sends too, with their reason', () => {
    const doc = device()
    recordSend(doc, draft, null, failed, 1)
    recordSend(doc, draft, null, notSent, 2)
    const [last, first] = readHistory(doc)
    expect(first).toMatchObject({ outcome: 'failed', url: wire.url, error: failed.error })
    expect(first?.status).toBeUndefined()
    // Nothing was built: the history keeps the URL as typed.
    expect(last).toMatchObject({ outcome: 'not-sent', url: '{{base}}/x', error: notSent.error })
  })

  it('keeps only the last 100, failed ones counted', () => {
    const doc = device()
    for (let i = 0; i < 60; i++) recordSend(doc, draft, null, done('{}'), i)
    for (let i = 60; i < 105; i++) recordSend(doc, draft, null, failed, i)
    const history = readHistory(doc)
    expect(history).toHaveLength(HISTORY_LIMIT)
    expect(history[0]?.time).toBe(104)
    expect(history[99]?.time).toBe(5)
    expect(history.filter((h) => h.outcome === 'failed')).toHaveLength(45)
  })

  it('keeps a run with response, cookies header and test results for a saved request only', () => {
    const doc = device()
    recordSend(doc, draft, 'req-1', done('{"id":1}'), 10)
    recordSend(doc, draft, 'req-1', failed, 20)
    recordSend(doc, draft, null, done('{}'), 30)
    const runs = readRuns(doc, 'req-1')
    expect(runs).toHaveLength(2)
    expect(runs[0]).toMatchObject({ time: 20, outcome: 'failed', error: failed.error })
    expect(runs[0]?.response).toBeUndefined()
    expect(runs[1]).toMatchObject({ time: 10, status: 200, durationMs: 42 })
    expect(runs[1]?.response).toMatchObject({ body: '{"id":1}', truncated: false, bodyEncoding: 'text' })
    expect(runs[1]?.response?.headers).toContainEqual(['Set-Cookie', 'session=abc; Path=/'])
    expect(runs[1]?.tests).toEqual([
      { name: 'is ok', passed: true, error: null },
      { name: 'has id', passed: false, error: 'expected undefined to exist' },
    ])
  })

  it('truncates a large body to the documented cap', () => {
    const doc = device()
    recordSend(doc, draft, 'big', done('x'.repeat(RUN_BODY_LIMIT + 10)), 1)
    const stored = readRuns(doc, 'big')[0]?.response
    expect(stored?.body).toHaveLength(RUN_BODY_LIMIT)
    expect(stored?.truncated).toBe(true)
    expect(stored?.sizeBytes).toBe(RUN_BODY_LIMIT + 10)
  })
})

describe('recordConnection', () => {
  it('writes a connection with its kind, duration and counts, and no run', () => {
    const doc = device()
    const connection = {
      kind: 'sse' as const,
      url: 'https://s.test/events',
      openedAt: 1000,
      durationMs: 2500,
      received: 7,
      sent: 0,
    }
    recordConnection(doc, 'saved-1', { ...connection, reconnects: 2 })
    recordConnection(doc, null, { ...connection, received: 0, error: 'Could not connect: refused' })
    expect(readHistory(doc)).toEqual([
      expect.objectContaining({ kind: 'sse', outcome: 'failed', error: 'Could not connect: refused' }),
      expect.objectContaining({
        kind: 'sse',
        method: 'GET',
        url: 'https://s.test/events',
        time: 1000,
        durationMs: 2500,
        requestId: 'saved-1',
        outcome: 'done',
        messages: { received: 7, sent: 0, reconnects: 2 },
      }),
    ])
    expect(readRuns(doc, 'saved-1')).toEqual([])
  })
  it('writes the method of its kind: WS for WebSocket, gRPC for a call, none of the counts when nothing went out', () => {
    const doc = device()
    recordConnection(doc, null, {
      kind: 'websocket',
      url: 'ws://w.test/',
      openedAt: 1,
      durationMs: 5,
      sent: 2,
      received: 3,
      status: 101,
    })
    recordConnection(doc, 'saved-1', {
      kind: 'grpc',
      url: 'localhost:1/a.B/C',
      openedAt: 2,
      outcome: 'not-sent',
      error: 'no relay',
    })
    expect(readHistory(doc)).toEqual([
      {
        id: expect.any(String),
        kind: 'grpc',
        method: 'gRPC',
        url: 'localhost:1/a.B/C',
        time: 2,
        requestId: 'saved-1',
        outcome: 'not-sent',
        error: 'no relay',
      },
      {
        id: expect.any(String),
        kind: 'websocket',
        method: 'WS',
        url: 'ws://w.test/',
        time: 1,
        status: 101,
        durationMs: 5,
        messages: { sent: 2, received: 3 },
        outcome: 'done',
      },
    ])
  })
})

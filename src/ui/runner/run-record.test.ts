/** A run's rows: bodies cut to what a run keeps, the filters, and the report in the CLI's shape. */
import { describe, expect, it } from 'vitest'
import { makeRequest } from '../../model/factories.ts'
import { createReportCollector } from '../../runtime/report/json-report.ts'
import type { DoneOutcome, SendResult } from '../../runtime/send.ts'
import {
  filterRows,
  KEPT_BODY_BYTES,
  keptRow,
  LIVE_BODY_BYTES,
  makeRow,
  reportOf,
  rowOutcome,
} from './run-record.ts'

function done(bodyBytes: number, passed: boolean): DoneOutcome {
  return {
    outcome: 'done',
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: [['Accept', '*/*']], body: null },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['content-type', 'text/plain']],
      body: new Uint8Array(bodyBytes).fill(65),
      eventStream: false,
      cookies: [],
      timings: { total: 12 },
      sizes: { requestHeaders: 20, requestBody: 0, responseHeaders: 30, responseBody: bodyBytes },
      url: 'http://127.0.0.1/x',
    },
    tests: [{ name: 't', passed, error: passed ? null : 'no' }],
    testsTimedOut: false,
    scriptError: null,
  }
}

const planned = { request: makeRequest({ id: 'r', name: 'R' }), folders: [], path: ['R'] }

function rows(results: SendResult[]) {
  const collector = createReportCollector('C', false)
  return results.map((result, i) => makeRow(i + 1, 'r', 'GET', collector.add(planned, result, i), result))
}

describe('run rows', () => {
  it('cut bodies to the live limit, and shorter once kept', () => {
    const [row] = rows([done(LIVE_BODY_BYTES + 10, true)])
    expect(row!.response!.body).toHaveLength(LIVE_BODY_BYTES)
    expect(row!.response!.sizes.responseBody).toBe(LIVE_BODY_BYTES + 10)
    expect(keptRow(row!).response!.body).toHaveLength(KEPT_BODY_BYTES)
    expect(rowOutcome(row!)?.tests).toEqual([{ name: 't', passed: true, error: null }])
  })

  it('filter passed and failed requests, a request that was not sent being a failure', () => {
    const notSent: SendResult = {
      outcome: 'not-sent',
      error: 'x',
      scriptError: null,
      tests: [],
      testsTimedOut: false,
    }
    const all = rows([done(1, true), done(1, false), notSent])
    expect(filterRows(all, 'all')).toBeNull()
    expect(filterRows(all, 'passed')).toEqual([0])
    expect(filterRows(all, 'failed')).toEqual([1, 2])
  })

  it('export as the CLI’s json report, each execution with its 0-based iteration', () => {
    const all = rows([done(1, true), done(1, false)])
    const summary = {
      iterations: 2,
      requests: 2,
      sent: 2,
      notSent: 0,
      failed: 0,
      tests: 2,
      passed: 1,
      failedTests: 1,
      scriptErrors: 0,
    }
    const report = reportOf({
      name: 'C',
      startedAt: 'T',
      durationMs: 5,
      iterations: 2,
      passed: 1,
      failed: 1,
      stopped: false,
      summary,
      rows: all,
    })
    expect(report.executions.map((e) => [e.iteration, e.name, e.response?.code])).toEqual([
      [0, 'R', 200],
      [1, 'R', 200],
    ])
    expect(report).toMatchObject({ collection: 'C', startedAt: 'T', durationMs: 5, summary })
  })
})

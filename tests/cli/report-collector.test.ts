/** The report collector counts every execution; it keeps them only when a report lists them. */
import { describe, expect, it } from 'vitest'
import { createReportCollector } from '../../src/runtime/report/json-report.ts'
import type { PlannedRequest } from '../../src/runtime/run-collection.ts'
import type { SendResult } from '../../src/runtime/send.ts'

const planned = (name: string) =>
  ({ request: { name }, folders: [], path: [name] }) as unknown as PlannedRequest
const results: SendResult[] = [
  {
    outcome: 'not-sent',
    error: 'boom',
    scriptError: { kind: 'script', message: 'boom', origin: 'Request' },
    tests: [{ name: 'a', passed: true, error: null }],
    testsTimedOut: false,
  },
  {
    outcome: 'failed',
    error: 'refused',
    code: 'connection',
    request: { method: 'GET', url: 'http://x/', headers: [], body: null },
    tests: [{ name: 'b', passed: false, error: 'no' }],
    testsTimedOut: true,
  } as unknown as SendResult,
]

describe('createReportCollector', () => {
  it('gives the same summary with or without keeping the executions', () => {
    const kept = createReportCollector('c')
    const counted = createReportCollector('c', false)
    for (const [i, result] of results.entries()) {
      kept.add(planned(`r${i}`), result)
      counted.add(planned(`r${i}`), result)
    }
    const run = { startedAt: new Date(0), durationMs: 5 }
    const full = kept.report(run)
    const small = counted.report(run)
    expect(full.executions).toHaveLength(2)
    expect(small.executions).toEqual([])
    expect(small.summary).toEqual(full.summary)
    expect(full.summary).toEqual({
      iterations: 1,
      requests: 2,
      sent: 0,
      notSent: 1,
      failed: 1,
      tests: 3,
      passed: 1,
      failedTests: 2,
      scriptErrors: 1,
    })
  })
})

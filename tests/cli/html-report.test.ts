/** The html reporter: escaping, iterations, and nothing that would fetch or run anything. */
import { describe, expect, it } from 'vitest'
import { htmlReport } from '../../src/cli/reporters/html.ts'
import type { JsonExecution, JsonReport } from '../../src/runtime/report/json-report.ts'

const execution = (iteration: number, fields: Partial<JsonExecution> = {}): JsonExecution => ({
  name: 'r',
  path: ['F', 'r'],
  iteration,
  outcome: 'done',
  error: null,
  request: { method: 'GET', url: 'http://127.0.0.1/x?a=1&b=<2>', headers: [['X-A', '"q"']], bodySize: 0 },
  response: {
    code: 200,
    status: 'OK',
    responseTime: 3,
    size: { headers: 10, body: 2, total: 12 },
    headers: [['content-type', 'text/html']],
  },
  tests: [{ name: 'ok', passed: true, error: null }],
  scriptError: null,
  ...fields,
})

const report = (executions: JsonExecution[], iterations: number): JsonReport => ({
  collection: '<img src=x onerror=alert(1)>',
  startedAt: '2026-11-29T00:00:00.000Z',
  durationMs: 5,
  summary: {
    iterations,
    requests: executions.length,
    sent: executions.length,
    notSent: 0,
    failed: 0,
    tests: 2,
    passed: 1,
    failedTests: 1,
    scriptErrors: 0,
  },
  executions,
})

describe('htmlReport', () => {
  const html = htmlReport(
    report(
      [
        execution(0),
        execution(1, {
          tests: [{ name: '<script>alert(1)</script>', passed: false, error: 'expected <a> & "b"' }],
        }),
      ],
      2,
    ),
  )

  it('escapes every text it shows', () => {
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<script')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('✗ &lt;script&gt;alert(1)&lt;/script&gt;: expected &lt;a&gt; &amp; &quot;b&quot;')
    expect(html).toContain('http://127.0.0.1/x?a=1&amp;b=&lt;2&gt;')
  })

  it('groups executions by iteration and opens the failed ones', () => {
    expect(html.indexOf('Iteration 1 of 2')).toBeLessThan(html.indexOf('Iteration 2 of 2'))
    expect(html.match(/<details open>/g)).toHaveLength(1)
    expect(html).toContain('1 passed, 1 failed')
  })

  it('says Requests, not iterations, for a single iteration', () => {
    const single = htmlReport(report([execution(0)], 1))
    expect(single).toContain('<h2>Requests</h2>')
    expect(single).not.toContain('Iteration')
  })
})

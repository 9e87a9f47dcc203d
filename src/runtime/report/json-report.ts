/** The json report of the CLI contract, built from a finished run. */
import type { CollectionRun, PlannedRequest } from '../../runtime/run-collection.ts'
import type { SendResult } from '../../runtime/send.ts'
import type { HeaderList } from '../../model/wire.ts'

export interface JsonExecution {
  name: string
  path: string[]
  /** 0-based. */
  iteration: number
  /** `skipped`: a pre-request script skipped the request (skipRequest); not a failure. */
  outcome: 'done' | 'not-sent' | 'failed' | 'skipped'
  error: string | null
  request: { method: string; url: string; headers: HeaderList; bodySize: number } | null
  response: {
    code: number
    status: string
    responseTime: number
    size: { headers: number; body: number; total: number }
    headers: HeaderList
  } | null
  /** `cause`: QuickJS's own message when `error` gives V8's wording of it. */
  tests: { name: string; passed: boolean; error: string | null; cause?: string }[]
  scriptError: string | null
  /** Present when there was something to say, such as `Token not renewed: <the server's error>`. */
  notices?: string[]
}

export interface JsonReport {
  collection: string
  startedAt: string
  durationMs: number
  summary: {
    iterations: number
    requests: number
    sent: number
    notSent: number
    failed: number
    tests: number
    passed: number
    failedTests: number
    scriptErrors: number
  }
  executions: JsonExecution[]
}

export const TIMEOUT_TEST = 'Tests did not finish (timeout)'

export function toExecution(name: string, path: string[], result: SendResult, iteration = 0): JsonExecution {
  const tests: JsonExecution['tests'] = result.tests.map((t) =>
    t.cause === undefined
      ? { name: t.name, passed: t.passed, error: t.error }
      : { name: t.name, passed: t.passed, error: t.error, cause: t.cause },
  )
  // A test that never finished is reported as a failed test instead of silently missing.
  if (result.testsTimedOut)
    tests.push({ name: TIMEOUT_TEST, passed: false, error: 'A test never finished before the time limit.' })
  // Made once per request, mostly before the code has warmed up: fields assigned in the report's
  // order instead of spread from a base object (spreads are slow there; README).
  const execution = { name, path, iteration, tests } as JsonExecution
  if (result.notices) execution.notices = result.notices
  switch (result.outcome) {
    case 'not-sent':
      execution.outcome = result.skipped ? 'skipped' : 'not-sent'
      execution.error = result.skipped ? null : `Request not sent: ${result.error}`
      execution.request = null
      execution.response = null
      execution.scriptError = null
      return execution
    case 'failed':
      execution.outcome = 'failed'
      execution.error = `Request failed: ${result.error}`
      execution.request = wireSummary(result.request)
      execution.response = null
      execution.scriptError = null
      return execution
    case 'done': {
      const { response } = result
      execution.outcome = 'done'
      execution.error = null
      execution.request = wireSummary(result.request)
      execution.response = {
        code: response.status,
        status: response.statusText,
        responseTime: Math.round(response.timings.total),
        size: {
          headers: response.sizes.responseHeaders,
          body: response.sizes.responseBody,
          total: response.sizes.responseHeaders + response.sizes.responseBody,
        },
        headers: response.headers,
      }
      execution.scriptError = result.scriptError?.message ?? null
      return execution
    }
  }
}

function wireSummary(request: { method: string; url: string; headers: HeaderList; body: Uint8Array | null }) {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    bodySize: request.body?.length ?? 0,
  }
}

/**
 * Collects each execution as its request finishes, keeping only what the report shows: a long run
 * must not hold every response body until the end. Without `keepExecutions` (no json or junit
 * report asked for) it keeps only the counts, so memory stays flat however long the run.
 */
export function createReportCollector(collectionName: string, keepExecutions = true) {
  const executions: JsonExecution[] = []
  const summary: JsonReport['summary'] = {
    iterations: 0,
    requests: 0,
    sent: 0,
    notSent: 0,
    failed: 0,
    tests: 0,
    passed: 0,
    failedTests: 0,
    scriptErrors: 0,
  }
  return {
    add(planned: PlannedRequest, result: SendResult, iteration = 0): JsonExecution {
      const execution = toExecution(planned.request.name, planned.path, result, iteration)
      if (keepExecutions) executions.push(execution)
      summary.requests++
      if (execution.outcome === 'done') summary.sent++
      else if (execution.outcome === 'not-sent') summary.notSent++
      else if (execution.outcome === 'failed') summary.failed++
      for (const test of execution.tests) {
        summary.tests++
        if (test.passed) summary.passed++
        else summary.failedTests++
      }
      if (result.outcome !== 'failed' && result.scriptError !== null) summary.scriptErrors++
      return execution
    },
    report(run: Pick<CollectionRun, 'startedAt' | 'durationMs'> & { iterations?: unknown[] }): JsonReport {
      return {
        collection: collectionName,
        startedAt: run.startedAt.toISOString(),
        durationMs: run.durationMs,
        summary: { ...summary, iterations: run.iterations?.length ?? 1 },
        executions,
      }
    },
  }
}

/** Exit status 0 only when every request was sent and every test passed. */
export function reportSucceeded(report: JsonReport): boolean {
  const s = report.summary
  return s.notSent === 0 && s.failed === 0 && s.failedTests === 0 && s.scriptErrors === 0
}

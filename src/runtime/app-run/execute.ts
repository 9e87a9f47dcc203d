/**
 * One app collection run: the shared run loop (../run-collection.ts) with a single send's
 * pipeline, its events turned into result rows and progress, handed on in batches at most every
 * UPDATE_MS. The script worker runs it (worker-run.ts) next to its script runtime; the page runs
 * the same function only when it has no worker. It never throws: a fault ends the run with an
 * `error` beside the rows made so far.
 */
import type { OAuthToken } from '../../model/workspace/types.ts'
import type { TokenStore } from '../oauth/token-for-send.ts'
import { createReportCollector } from '../report/json-report.ts'
import { makeRow, type RunRow } from '../report/run-row.ts'
import { planRun, runCollection, type RunProgress } from '../run-collection.ts'
import type { ScriptRunner } from '../script/types.ts'
import type { RelayEndpoint } from '../transport/select.ts'
import type { Transport } from '../transport/types.ts'
import type { AppRunBatch, AppRunEnd, AppRunHandlers, AppRunProgress, AppRunSpec } from './types.ts'

/** Rows and progress go to the page at most this often. */
export const UPDATE_MS = 100

export interface AppRunEnv {
  transport: Transport
  /** Needed only when a request of the run or a parent has a script. */
  scripts?: ScriptRunner
  signal: AbortSignal
  handlers: AppRunHandlers
  /** The page without a worker of its own: nothing to hand off to. */
  handOff?: RelayEndpoint
}

export interface AppRunResult {
  /** The rows since the last batch, and the progress at the end. */
  batch: AppRunBatch
  end?: AppRunEnd
  /** Why the run broke off. */
  error?: string
}

/** Turns the run's events into rows and progress; `take` hands over the rows made since the last. */
export function makeRunRecorder(name: string, progress: AppRunProgress) {
  const collector = createReportCollector(name, false)
  let rows: RunRow[] = []
  let iteration = 0
  return {
    collector,
    onProgress(event: RunProgress): boolean {
      if (event.type === 'iteration-start') {
        iteration = event.iteration
        progress.iteration = event.iteration + 1
        progress.iterations = event.iterationCount
      } else if (event.type === 'request-start') {
        progress.request = event.position.index + 1
      } else if (event.type === 'request-done') {
        const { planned: plan, result } = event
        const execution = collector.add(plan, result, iteration)
        rows.push(makeRow(iteration + 1, plan.request.id, plan.request.method, execution, result))
        progress.failed = event.counts.failedRequests
        progress.passed = event.counts.requests - event.counts.failedRequests
      } else return false
      return true
    },
    take(): AppRunBatch {
      const batch = { rows, progress: { ...progress } }
      rows = []
      return batch
    },
  }
}

/** The run's copy of the held tokens; a new one also goes to the page, which keeps it. */
function tokenStore(tokens: [string, OAuthToken][], handlers: AppRunHandlers): TokenStore {
  const held = new Map(tokens)
  return {
    get: (owner) => held.get(owner),
    set(owner, token) {
      held.set(owner, token)
      handlers.onToken(owner, token)
    },
  }
}

export async function executeAppRun(spec: AppRunSpec, env: AppRunEnv): Promise<AppRunResult> {
  const recorder = makeRunRecorder(spec.name, {
    iteration: 1,
    iterations: spec.iterationCount,
    request: 0,
    requests: planRun(spec.collection).length,
    passed: 0,
    failed: 0,
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = () => {
    timer = undefined
    env.handlers.onBatch(recorder.take())
  }
  const session = new Map(spec.session)
  try {
    const run = await runCollection(spec.collection, {
      ...(spec.environment ? { environment: spec.environment } : {}),
      globals: spec.globals,
      session,
      bail: spec.bail,
      keepResults: false,
      iterationCount: spec.iterationCount,
      ...(spec.data ? { data: spec.data } : {}),
      delayMs: spec.delayMs,
      signal: env.signal,
      deps: {
        transport: env.transport,
        ...(env.scripts ? { scripts: env.scripts } : {}),
        options: spec.options,
        formatJson: spec.formatJson,
        defaultHeaders: spec.defaultHeaders,
        resolveFile: (row) => env.handlers.readFile(row),
        oauth: { store: tokenStore(spec.tokens, env.handlers) },
        ...(env.handOff ? { handOff: env.handOff } : {}),
      },
      onProgress: (event) => {
        if (recorder.onProgress(event)) timer ??= setTimeout(send, UPDATE_MS)
      },
    })
    clearTimeout(timer)
    const end: AppRunEnd = {
      startedAt: run.startedAt.toISOString(),
      durationMs: run.durationMs,
      iterations: run.iterations.length,
      stopped: run.stopped,
      summary: recorder.collector.report(run).summary,
      session: [...run.session],
    }
    return { batch: recorder.take(), end }
  } catch (error) {
    clearTimeout(timer)
    return { batch: recorder.take(), error: error instanceof Error ? error.message : String(error) }
  }
}

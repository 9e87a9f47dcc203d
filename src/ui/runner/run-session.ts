/**
 * One runner tab's state for a collection or folder: the run settings, and the run itself through
 * the shared run loop (src/runtime/run-collection.ts) with the send dependencies of a single send
 * (transport, script worker, hand-off). Rows are appended to a plain array and shown once per
 * frame, so a long run never makes the page render per request. Sessions live for the page's
 * life, per collection or folder: switching tabs leaves a run going.
 */
import { batch, createSignal } from 'solid-js'
import { createStore, unwrap } from 'solid-js/store'
import type { Id } from '../../model/types.ts'
import { createReportCollector } from '../../runtime/report/json-report.ts'
import type { IterationRow } from '../../model/iteration-data/index.ts'
import { runCollection, type CollectionRun, type PlannedRequest } from '../../runtime/run-collection.ts'
import type { RunSource, RunTarget } from '../store/run-source.ts'
import { keptRow, makeRow, type RunRecord, type RunRow } from './run-record.ts'
import type { OrderEntry } from './run-order.ts'
import { orderedCollection } from './run-plan.ts'

export interface DataFile {
  name: string
  rows: IterationRow[]
  columns: string[]
}

export interface RunSettings {
  order: OrderEntry[]
  iterations: number
  delayMs: number
  data: DataFile | null
  /** undefined: the active environment. */
  environmentId: Id | null | undefined
  keepValues: boolean
  stopOnFailure: boolean
}

export type RunStatus = 'idle' | 'running' | 'done' | 'stopped'

export interface Progress {
  iteration: number
  iterations: number
  request: number
  requests: number
  passed: number
  failed: number
}

/** Where finished runs go (past-runs-store.ts). */
export interface RunKeeper {
  save(record: RunRecord): Promise<void>
}

/** Rows and progress are shown at most every UPDATE_MS (in a frame when the page is visible). */
const UPDATE_MS = 100
const nextFrame = (flush: () => void) =>
  setTimeout(
    () => (document.visibilityState === 'visible' ? requestAnimationFrame(flush) : flush()),
    UPDATE_MS,
  )

export function createRunSession(containerId: Id) {
  const [settings, setSettings] = createStore<RunSettings>({
    order: [],
    iterations: 1,
    delayMs: 0,
    data: null,
    environmentId: undefined,
    keepValues: true,
    stopOnFailure: false,
  })
  const [status, setStatus] = createSignal<RunStatus>('idle')
  const [progress, setProgress] = createSignal<Progress | null>(null)
  const [version, setVersion] = createSignal(0)
  const [record, setRecord] = createSignal<RunRecord | null>(null)
  const [fault, setFault] = createSignal('')
  let rows: RunRow[] = []
  let pending: Progress | null = null
  let scheduled = false
  let stop: (() => void) | null = null

  const flush = () => {
    scheduled = false
    batch(() => {
      setVersion((v) => v + 1)
      if (pending) setProgress({ ...pending })
    })
  }
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    nextFrame(flush)
  }

  async function start(
    source: RunSource,
    target: RunTarget,
    activeEnvironment: Id | null,
    keeper: RunKeeper,
  ) {
    if (status() === 'running') return
    const byId = new Map(target.planned.map((plan) => [plan.request.id, plan]))
    const chosen = settings.order
      .filter((entry) => entry.included)
      .map((entry) => byId.get(entry.id))
      .filter((plan): plan is PlannedRequest => plan !== undefined)
    if (chosen.length === 0) return
    const collection = orderedCollection(target.collection, chosen)
    const envId = settings.environmentId === undefined ? activeEnvironment : settings.environmentId
    const environment = source.environment(envId)
    const keep = settings.keepValues
    // Starts from the values scripts set this app session; kept afterwards only when asked.
    const session = new Map(source.session)
    const controller = new AbortController()
    stop = () => controller.abort()

    rows = []
    setRecord(null)
    setFault('')
    const counts: Progress = {
      iteration: 1,
      iterations: settings.iterations,
      request: 0,
      requests: chosen.length,
      passed: 0,
      failed: 0,
    }
    pending = counts
    setStatus('running')
    flush()
    const collector = createReportCollector(target.name, false)
    let iteration = 0
    let run: CollectionRun | undefined
    try {
      run = await runCollection(collection, {
        ...(environment ? { environment } : {}),
        globals: source.globals(),
        session,
        bail: settings.stopOnFailure,
        keepResults: false,
        iterationCount: settings.iterations,
        // The plain rows, not the store's proxies: they are posted to the script worker.
        ...(settings.data ? { data: unwrap(settings.data).rows } : {}),
        delayMs: settings.delayMs,
        signal: controller.signal,
        deps: await source.deps(),
        onProgress: (event) => {
          if (event.type === 'iteration-start') {
            iteration = event.iteration
            counts.iteration = event.iteration + 1
            counts.iterations = event.iterationCount
          } else if (event.type === 'request-start') {
            counts.request = event.position.index + 1
          } else if (event.type === 'request-done') {
            const { planned: plan, result } = event
            const execution = collector.add(plan, result, iteration)
            const row = makeRow(iteration + 1, plan.request.id, plan.request.method, execution, result)
            rows.push(row)
            counts.failed = event.counts.failedRequests
            counts.passed = event.counts.requests - event.counts.failedRequests
          } else return
          schedule()
        },
      })
    } catch (error) {
      // A fault of the app, not of a request (those end as a row's outcome): said, not swallowed.
      setFault((error as Error).message)
      setStatus('idle')
      return
    } finally {
      stop = null
    }
    // Read by bench/runner-app.ts: the run loop's own time, as `sendbox run` reports it.
    performance.measure('sendbox-runner-run', { start: performance.now() - run.durationMs })
    if (keep) {
      source.session.clear()
      for (const [key, value] of session) source.session.set(key, value)
    }
    const finished: RunRecord = {
      id: crypto.randomUUID(),
      containerId,
      name: target.name,
      startedAt: run.startedAt.toISOString(),
      durationMs: run.durationMs,
      iterations: run.iterations.length,
      passed: counts.passed,
      failed: counts.failed,
      stopped: run.stopped === 'abort',
      summary: collector.report(run).summary,
      rows,
    }
    pending = counts
    flush()
    setRecord(finished)
    setStatus(run.stopped === 'abort' ? 'stopped' : 'done')
    // Storage full or unavailable: the run is still shown and exportable, only not kept.
    await keeper.save({ ...finished, rows: rows.map(keptRow) }).catch(() => undefined)
  }

  return {
    containerId,
    settings,
    setSettings,
    status,
    progress,
    /** Read it to re-run when rows were appended. */
    version,
    rows: () => rows as readonly RunRow[],
    /** The finished run (for `Export results`), null while none or one is running. */
    record,
    /** Why the last run could not go on, if it broke off. */
    fault,
    start,
    stop: () => stop?.(),
  }
}

export type RunSession = ReturnType<typeof createRunSession>

const sessions = new Map<Id, RunSession>()

/** The runner state of a collection or folder, kept while the page lives. */
export function runSessionFor(containerId: Id): RunSession {
  let session = sessions.get(containerId)
  if (!session) sessions.set(containerId, (session = createRunSession(containerId)))
  return session
}

/**
 * One runner tab's state for a collection or folder: the run settings, and the run itself through
 * the shared run loop (src/runtime/run-collection.ts) with the send dependencies of a single send
 * (transport, script worker, hand-off). Rows are appended to a plain array and shown once per
 * frame, so a long run never makes the page render per request. Sessions live for the page's
 * life, per collection or folder: switching tabs leaves a run going.
 */
import { batch, createSignal } from 'solid-js'
import { createStore } from 'solid-js/store'
import type { Id } from '../../model/types.ts'
import { createReportCollector } from '../../runtime/report/json-report.ts'
import { runCollection, type PlannedRequest } from '../../runtime/run-collection.ts'
import type { RunSource, RunTarget } from '../store/run-source.ts'
import { keptRow, makeRow, type RunRecord, type RunRow } from './run-record.ts'
import type { OrderEntry } from './run-order.ts'
import { orderedCollection } from './run-plan.ts'

export interface DataFile {
  name: string
  rows: Record<string, unknown>[]
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

class StopRun extends Error {}

const nextFrame = (flush: () => void) =>
  document.visibilityState === 'visible' ? requestAnimationFrame(flush) : setTimeout(flush, 100)

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
    const data = settings.data
    const iterations = data ? data.rows.length : settings.iterations
    const envId = settings.environmentId === undefined ? activeEnvironment : settings.environmentId
    const environment = source.environment(envId)
    const globals = source.globals()
    const keep = settings.keepValues
    const bail = settings.stopOnFailure
    const delayMs = settings.delayMs
    const session = new Map(source.session)
    const controller = new AbortController()
    let stopped = false
    stop = () => {
      stopped = true
      controller.abort()
    }

    rows = []
    setRecord(null)
    const counts: Progress = {
      iteration: 1,
      iterations,
      request: 0,
      requests: chosen.length,
      passed: 0,
      failed: 0,
    }
    pending = counts
    setStatus('running')
    flush()
    const collector = createReportCollector(target.name, false)
    const startedAt = new Date()
    const started = performance.now()
    const deps = { ...(await source.deps()), signal: controller.signal }
    let failedOnce = false
    try {
      for (let iteration = 1; iteration <= iterations && !stopped && !(bail && failedOnce); iteration++) {
        counts.iteration = iteration
        await runCollection(collection, {
          ...(environment ? { environment } : {}),
          globals,
          session,
          bail,
          keepResults: false,
          deps,
          onRequestStart: (_plan, index) => {
            if (stopped) throw new StopRun()
            counts.request = index + 1
            schedule()
          },
          onRequestDone: (plan, result) => {
            if (stopped) return
            const execution = collector.add(plan, result)
            const row = makeRow(iteration, plan.request.id, plan.request.method, execution, result)
            rows.push(row)
            if (row.failed) {
              counts.failed++
              failedOnce = true
            } else counts.passed++
            schedule()
          },
        })
        if (delayMs > 0 && iteration < iterations) await new Promise((r) => setTimeout(r, delayMs))
      }
    } catch (error) {
      if (!(error instanceof StopRun)) throw error
    } finally {
      stop = null
    }
    if (keep) {
      source.session.clear()
      for (const [key, value] of session) source.session.set(key, value)
    }
    const finished: RunRecord = {
      id: crypto.randomUUID(),
      containerId,
      name: target.name,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      iterations,
      passed: counts.passed,
      failed: counts.failed,
      stopped,
      summary: collector.report({ startedAt, durationMs: 0 }).summary,
      rows,
    }
    pending = counts
    flush()
    setRecord(finished)
    setStatus(stopped ? 'stopped' : 'done')
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

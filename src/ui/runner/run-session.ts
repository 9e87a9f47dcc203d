/**
 * One runner tab's state for a collection or folder: the run settings, and the run itself. The
 * run goes to the script worker as one message (runtime/app-run/: handed whole to the relay when
 * there is one, else the shared run loop with a single send's pipeline, next to the script
 * runtime) and comes back as batches of plain rows;
 * Stop is one message. Rows are appended to a plain array and shown once per frame, so a long run
 * never makes the page render per request. Sessions live for the page's life, per collection or
 * folder: switching tabs leaves a run going.
 */
import { batch, createSignal } from 'solid-js'
import { createStore, unwrap } from 'solid-js/store'
import type { Collection, Id, TreeItem } from '../../model/types.ts'
import type { IterationRow } from '../../model/iteration-data/index.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'
import { runInWorker, runOnPage } from '../../runtime/app-run/client.ts'
import type { AppRunResult } from '../../runtime/app-run/execute.ts'
import type { AppRunHandlers, AppRunProgress, AppRunSpec } from '../../runtime/app-run/types.ts'
import type { TokenStore } from '../../runtime/oauth/token-for-send.ts'
import type { PlannedRequest } from '../../runtime/run-collection.ts'
import type { RunSource, RunTarget } from '../store/run-source.ts'
import { keptRow, type RunRecord, type RunRow } from './run-record.ts'
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

export type Progress = AppRunProgress

/** Where finished runs go (past-runs-store.ts). */
export interface RunKeeper {
  /** `shape`: how each row is kept (bodies cut shorter). */
  save(record: RunRecord, shape: (row: RunRow) => RunRow): Promise<void>
}

/**
 * Rows come in batches (at most every 100 ms, app-run/execute.ts); the page draws them at most
 * every FRAME_MS, in a frame: each drawing costs the main thread a style, layout and paint pass,
 * and the run's worker shares the device's cores with it.
 */
const FRAME_MS = 250
const nextFrame = (flush: () => void) =>
  document.visibilityState === 'visible' ? requestAnimationFrame(flush) : flush()

const noFiles = () => Promise.reject(new Error('no file storage'))

/** The OAuth 2.0 tokens this device holds for the collection, its folders and its requests. */
function heldTokens(collection: Collection, store: TokenStore): [string, OAuthToken][] {
  const held: [string, OAuthToken][] = []
  const add = (id: Id) => {
    const token = store.get(id)
    if (token) held.push([id, { ...token }])
  }
  const walk = (items: TreeItem[]) => {
    for (const item of items) {
      add(item.id)
      if (item.type === 'folder') walk(item.children)
    }
  }
  add(collection.id)
  walk(collection.children)
  return held
}

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

  let drawn = 0
  const flush = () => {
    scheduled = false
    drawn = performance.now()
    batch(() => {
      setVersion((v) => v + 1)
      if (pending) setProgress({ ...pending })
    })
  }
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    setTimeout(() => nextFrame(flush), Math.max(0, drawn + FRAME_MS - performance.now()))
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

    rows = []
    setRecord(null)
    setFault('')
    pending = {
      iteration: 1,
      iterations: settings.iterations,
      request: 0,
      requests: chosen.length,
      passed: 0,
      failed: 0,
    }
    setStatus('running')
    flush()
    // Stop before the run has reached the worker: it stops as soon as it gets there.
    let stopAsked = false
    stop = () => void (stopAsked = true)
    // The click's task ends with the run's start drawn; the run is built and posted in the next.
    await new Promise((resolve) => setTimeout(resolve))
    let result: AppRunResult
    try {
      const deps = await source.deps()
      // Plain data only (the store's proxies unwrapped): it is posted to the script worker.
      const spec: AppRunSpec = {
        name: target.name,
        collection,
        ...(environment ? { environment } : {}),
        globals: source.globals(),
        // Starts from the values scripts set this app session; kept afterwards only when asked.
        session: [...source.session],
        ...(settings.data ? { data: unwrap(settings.data).rows } : {}),
        iterationCount: settings.iterations,
        delayMs: settings.delayMs,
        bail: settings.stopOnFailure,
        options: deps.options ?? {},
        formatJson: deps.formatJson ?? false,
        defaultHeaders: deps.defaultHeaders !== false,
        ...(deps.handOff ? { relay: deps.handOff } : {}),
        tokens: heldTokens(collection, source.tokens),
      }
      const handlers: AppRunHandlers = {
        onBatch(batch) {
          for (const row of batch.rows) rows.push(row)
          pending = batch.progress
          schedule()
        },
        onToken: (owner, token) => source.tokens.set(owner, token),
        readFile: (row) => (deps.resolveFile ?? noFiles)(row),
      }
      // The run loop goes to the script worker whole; the page runs it only without one.
      const worker = deps.scripts?.worker
      const control = worker ? runInWorker(worker, spec, handlers) : runOnPage(spec, deps, handlers)
      stop = control.stop
      if (stopAsked) control.stop()
      result = await control.done
    } catch (error) {
      result = { batch: { rows: [], progress: pending }, error: (error as Error).message }
    } finally {
      stop = null
    }
    for (const row of result.batch.rows) rows.push(row)
    pending = result.batch.progress
    const end = result.end
    if (!end) {
      // A fault of the app, not of a request (those end as a row's outcome): said, not swallowed.
      setFault(result.error ?? '')
      setStatus('idle')
      flush()
      return
    }
    // A run the relay cut short at one of its limits ends like a Stop, and says why.
    if (result.error) setFault(result.error)
    // Read by bench/runner-app.ts: the run loop's own time, as `sendbox run` reports it.
    performance.measure('sendbox-runner-run', { start: performance.now() - end.durationMs })
    if (keep) {
      source.session.clear()
      for (const [key, value] of end.session) source.session.set(key, value)
    }
    const finished: RunRecord = {
      id: crypto.randomUUID(),
      containerId,
      name: target.name,
      startedAt: end.startedAt,
      durationMs: end.durationMs,
      iterations: end.iterations,
      passed: pending.passed,
      failed: pending.failed,
      stopped: end.stopped === 'abort',
      summary: end.summary,
      rows,
    }
    flush()
    setRecord(finished)
    setStatus(end.stopped === 'abort' ? 'stopped' : 'done')
    // Storage full or unavailable: the run is still shown and exportable, only not kept.
    // Rows shaped and written piece by piece (past-runs-store.ts): no long task at the run's end.
    await keeper.save(finished, keptRow).catch(() => undefined)
  }

  return {
    containerId,
    /** Set once the device's kept settings were read into `settings` (index.tsx). */
    restored: false,
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

/**
 * The collection run loop, shared by `sendbox run` and the app's Collection Runner: it runs a
 * collection's (or some folders') requests in order through the send pipeline, once per
 * iteration, with one session of script values and one cookie jar for the whole run.
 *
 * ```ts
 * const run = await runCollection(collection, {
 *   deps: { transport, scripts },          // as send() takes them
 *   environment, globals, envVars,         // variables below the data row
 *   data: rows, iterationCount: 3,         // model/iteration-data rows; the last row repeats
 *   delayMs: 100, signal: controller.signal,
 *   onProgress: (event) => { ... },        // iteration-start, request-start, request-done, iteration-done
 * })
 * run.results    // every request's outcome, with its iteration (empty when keepResults is false)
 * run.iterations // one IterationRecord per iteration that started
 * run.stopped    // null when the run went to its end; 'abort' | 'bail' | 'script' otherwise
 * ```
 *
 * newman's semantics:
 * - Iterations: `iterationCount`, default the number of data rows, or 1. Iteration i uses row i,
 *   the last row past the end. The row's values are `{{variables}}` of scope `data`: below local
 *   (`pm.variables.set`) values, above the session, folders, collection, environment and globals.
 *   Scripts see `pm.info.iteration` (0-based), `pm.info.iterationCount` and `pm.iterationData`.
 * - setNextRequest (`pm.execution.setNextRequest`, `postman.setNextRequest`, `bru.runner.setNextRequest`):
 *   a name or id jumps within the current iteration; null, or a name the run does not hold, ends
 *   the iteration, and the next iteration starts at the first request. `bru.runner.stopExecution()`
 *   ends the whole run after its request.
 * - `delayMs` is waited before each request (newman's `--delay-request`), cut short by `signal`.
 * - Session values (`pm.environment.set`...) and cookies carry from iteration to iteration.
 * - `signal` (the runner's Stop): no request starts after it aborts; the one in flight is
 *   cancelled (its outcome is kept) and the run ends with `stopped: 'abort'`.
 * - `bail`: the first failure (isFailure) ends the run with `stopped: 'bail'`.
 */
import type { IterationRow } from '../model/iteration-data/index.ts'
import { rowFor, valueText } from '../model/iteration-data/index.ts'
import { hasScript, type Collection, type Environment, type Folder, type TreeItem } from '../model/types.ts'
import {
  VariableContext,
  type ScopedVariable,
  type SessionValues,
  type VariableLayer,
} from '../model/variables.ts'
import { CookieJar } from './cookie-jar.ts'
import {
  abortableSleep,
  grpcNotHere,
  isFailure,
  nextIndex,
  notRun,
  RUN_AS,
  type RunAs,
  type PlannedRequest,
} from './run-steps.ts'
import type { ScriptIteration } from './script/types.ts'
import { withJarCookies } from './send/cookies.ts'
import { send, type ParentScope, type SendDeps, type SendInput, type SendResult } from './send.ts'

export { isFailure, nextIndex, type PlannedRequest } from './run-steps.ts'

/** Where the run is when a request starts or ends. */
export interface RunPosition {
  /** 0-based. */
  iteration: number
  iterationCount: number
  /** The request's index in `planned` (setNextRequest can run one twice in an iteration). */
  index: number
  /** Requests in one iteration's plan. */
  total: number
}

/** Counts over the run so far. */
export interface RunCounts {
  /** Requests attempted (skipped ones included). */
  requests: number
  /** Requests that are a failure (isFailure): a failed test, a script error, not sent, failed. */
  failedRequests: number
  tests: number
  passedTests: number
  failedTests: number
}

/** One iteration's record, as the runner lists it. */
export interface IterationRecord {
  /** 0-based. */
  iteration: number
  data: IterationRow
  counts: RunCounts
  durationMs: number
  /** The run stopped during this iteration (Stop, bail or stopExecution). */
  stopped: boolean
}

export type RunProgress =
  | { type: 'iteration-start'; iteration: number; iterationCount: number; data: IterationRow }
  | { type: 'request-start'; planned: PlannedRequest; position: RunPosition }
  | {
      type: 'request-done'
      planned: PlannedRequest
      result: SendResult
      position: RunPosition
      counts: RunCounts
    }
  | { type: 'iteration-done'; record: IterationRecord }

export interface CollectionRunOptions {
  environment?: Environment
  globals?: Environment
  /** `--env-var key=value`: wins over the environment file. */
  envVars?: [string, string][]
  /** `--folder`: run only requests inside folders of these names. */
  folders?: string[]
  bail?: boolean
  /** Values scripts set, carried from request to request (the app's runner passes its own). */
  session?: Map<string, string>
  /** False: `results` stays empty, so a long run holds no responses (the caller keeps what it needs in onRequestDone). */
  keepResults?: boolean
  /** Iteration data rows (model/iteration-data). */
  data?: IterationRow[]
  /** How many iterations: default the number of data rows, or 1. */
  iterationCount?: number
  /** Milliseconds to wait before each request. */
  delayMs?: number
  /** Stops the run: no further request starts, the one in flight is cancelled. */
  signal?: AbortSignal
  deps: Omit<SendDeps, 'onEvent'>
  /**
   * Runs a gRPC request (the CLI's in-process runner) with what `send` would get; without it such
   * a request is not sent.
   */
  runGrpc?: (input: SendInput, deps: Omit<SendDeps, 'onEvent'>) => Promise<SendResult>
  onRequestStart?: (planned: PlannedRequest, index: number, total: number, position: RunPosition) => void
  onRequestDone?: (
    planned: PlannedRequest,
    result: SendResult,
    index: number,
    total: number,
    position: RunPosition,
  ) => void
  /** Every step of the run, for a progress bar and a live results list. */
  onProgress?: (event: RunProgress) => void
}

export interface CollectionRun {
  planned: PlannedRequest[]
  results: { planned: PlannedRequest; result: SendResult; iteration: number }[]
  iterations: IterationRecord[]
  iterationCount: number
  counts: RunCounts
  /**
   * What scripts set over the run (`pm.environment.set`, `bru.setVar`...), as it stands at its end:
   * the runner's `Keep variable values`, `--export-environment` (model/session-targets.ts tells
   * which scope each value was set in).
   */
  session: SessionValues
  /** Why the run ended early: Stop (`abort`), `bail`, or a script's stopExecution (`script`). */
  stopped: 'abort' | 'bail' | 'script' | null
  startedAt: Date
  durationMs: number
}

export class UnknownFolderError extends Error {
  constructor(readonly folder: string) {
    super(`the collection has no folder named "${folder}"`)
  }
}

/** Depth-first, in the collection's order. */
export function planRun(collection: Collection, folderNames: string[] = []): PlannedRequest[] {
  const planned: PlannedRequest[] = []
  const found = new Set<string>()
  const walk = (items: TreeItem[], folders: Folder[], selected: boolean) => {
    for (const item of items) {
      if (item.type === 'folder') {
        const match = folderNames.includes(item.name)
        if (match) found.add(item.name)
        walk(item.children, [item, ...folders], selected || match)
      } else if (selected || folderNames.length === 0) {
        planned.push({ request: item, folders, path: [...folders.map((f) => f.name).reverse(), item.name] })
      }
    }
  }
  walk(collection.children, [], false)
  for (const name of folderNames) if (!found.has(name)) throw new UnknownFolderError(name)
  return planned
}

const emptyCounts = (): RunCounts => ({
  requests: 0,
  failedRequests: 0,
  tests: 0,
  passedTests: 0,
  failedTests: 0,
})

function count(counts: RunCounts, result: SendResult): void {
  counts.requests++
  if (isFailure(result)) counts.failedRequests++
  for (const test of result.tests) {
    counts.tests++
    if (test.passed) counts.passedTests++
    else counts.failedTests++
  }
}

/**
 * A row as variables. A JSON `null` hides the names below it but is not substituted: newman
 * leaves `{{name}}` as typed, which a value that is its own reference gives too.
 */
function dataVariables(row: IterationRow): ScopedVariable[] {
  return Object.entries(row).map(([key, value]) => ({
    key,
    value: value === null ? `{{${key}}}` : valueText(value),
  }))
}

export async function runCollection(
  collection: Collection,
  options: CollectionRunOptions,
): Promise<CollectionRun> {
  const planned = planRun(collection, options.folders)
  const rows = options.data ?? []
  const iterationCount = Math.max(1, Math.floor(options.iterationCount ?? (rows.length || 1)))
  // The script engine is made ready before the run's time starts (newman likewise creates its
  // sandbox before the start of its run), and only when a request of the run has a script.
  const scripted = (plan: PlannedRequest) =>
    [collection, ...plan.folders, plan.request].some((owner) => hasScript(owner.scripts))
  if (planned.some(scripted)) await options.deps.scripts?.prepare?.()
  const startedAt = new Date()
  // Scripts of this run share their implicit globals (newman's semantics), no other run's.
  const runKey = crypto.randomUUID()
  const started = performance.now()
  const session = options.session ?? new Map<string, string>()
  const jar = new CookieJar()
  // `--env-var` wins over the file: of a name listed twice the last enabled row wins.
  const environmentVariables: ScopedVariable[] = [
    ...(options.environment?.variables ?? []),
    ...(options.envVars ?? []).map(([key, value]) => ({ key, value })),
  ]
  const results: CollectionRun['results'] = []
  const iterations: IterationRecord[] = []
  const counts = emptyCounts()
  const signal = options.signal
  const depsSignal = options.deps.signal
  // Digest nonces carry from request to request of the run, counted up, as newman keeps them.
  const deps: SendDeps = {
    ...options.deps,
    digestSessions: options.deps.digestSessions ?? new Map(),
    ...(signal ? { signal: depsSignal ? AbortSignal.any([signal, depsSignal]) : signal } : {}),
  }
  const emit = options.onProgress ?? (() => {})

  // What every request of the run shares above its folders (the same objects each time; each
  // request still gets arrays of its own).
  const outerLayers: VariableLayer[] = [
    { scope: 'collection', source: collection.name, variables: collection.variables },
    { scope: 'environment', source: options.environment?.name, variables: environmentVariables },
    { scope: 'global', variables: options.globals?.variables ?? [] },
  ]
  const collectionScope: ParentScope = {
    kind: 'collection',
    id: collection.id,
    name: collection.name,
    auth: collection.auth,
    scripts: collection.scripts,
  }
  const folderLayers = (plan: PlannedRequest) =>
    plan.folders.map((folder): VariableLayer => ({
      scope: 'folder',
      source: folder.name,
      variables: folder.variables,
    }))
  const parentsOf = (plan: PlannedRequest): ParentScope[] => [
    ...plan.folders.map((folder): ParentScope => ({
      kind: 'folder',
      id: folder.id,
      name: folder.name,
      auth: folder.auth,
      scripts: folder.scripts,
    })),
    collectionScope,
  ]

  let stopped: CollectionRun['stopped'] = null
  for (let iteration = 0; iteration < iterationCount && stopped === null; iteration++) {
    const row = rowFor(rows, iteration)
    const scriptIteration: ScriptIteration = { index: iteration, count: iterationCount, data: row }
    // The data row sits first: VariableContext lets it win over the session (newman's order).
    const dataLayers: VariableLayer[] =
      rows.length === 0 ? [] : [{ scope: 'data', variables: dataVariables(row) }]
    const iterationCounts = emptyCounts()
    const iterationStarted = performance.now()
    emit({ type: 'iteration-start', iteration, iterationCount, data: row })

    let index = 0
    while (index < planned.length) {
      if (signal?.aborted) {
        stopped = 'abort'
        break
      }
      if (options.delayMs) {
        await abortableSleep(options.delayMs, signal)
        if (signal?.aborted) {
          stopped = 'abort'
          break
        }
      }
      const plan = planned[index]!
      const position: RunPosition = { iteration, iterationCount, index, total: planned.length }
      options.onRequestStart?.(plan, index, planned.length, position)
      emit({ type: 'request-start', planned: plan, position })
      const variables = new VariableContext([...dataLayers, ...folderLayers(plan), ...outerLayers], session)
      // The send adds the jar's cookies and stores the response's (send/cookies.ts).
      const input: SendInput = {
        request: plan.request,
        parents: parentsOf(plan),
        variables,
        runKey,
        iteration: scriptIteration,
        cookieJar: jar,
      }
      const result = await runOne(input, deps, options)
      if (options.keepResults !== false) results.push({ planned: plan, result, iteration })
      count(counts, result)
      count(iterationCounts, result)
      options.onRequestDone?.(plan, result, index, planned.length, position)
      emit({ type: 'request-done', planned: plan, result, position, counts: { ...counts } })
      if (signal?.aborted) stopped = 'abort'
      else if (options.bail && isFailure(result)) stopped = 'bail'
      else if (result.stopRun) stopped = 'script'
      if (stopped !== null) break
      index = nextIndex(planned, index, result.nextRequest)
    }
    const record: IterationRecord = {
      iteration,
      data: row,
      counts: iterationCounts,
      durationMs: Math.round(performance.now() - iterationStarted),
      stopped: stopped !== null,
    }
    iterations.push(record)
    emit({ type: 'iteration-done', record })
  }
  return {
    planned,
    results,
    iterations,
    iterationCount,
    counts,
    session,
    stopped,
    startedAt,
    durationMs: Math.round(performance.now() - started),
  }
}

/** One request as its kind runs (run-steps.ts's RUN_AS): sent, called over gRPC, or skipped. */
async function runOne(
  input: SendInput,
  deps: Omit<SendDeps, 'onEvent'>,
  options: Pick<CollectionRunOptions, 'runGrpc'>,
): Promise<SendResult> {
  const how: RunAs = RUN_AS[input.request.kind]
  switch (how.by) {
    case 'skip':
      return notRun(input.request)!
    case 'grpc': {
      // Reading the URL changes nothing in the context: the call may use the same one.
      const jar = input.cookieJar
      const request = jar ? withJarCookies(input.request, jar, input.variables) : input.request
      const result = await (options.runGrpc?.({ ...input, request }, deps) ?? grpcNotHere())
      if (jar && result.outcome === 'done' && result.response.cookies.length > 0)
        jar.store(result.response.url || result.request.url, result.response.cookies)
      return result
    }
    case 'send':
      return send(input, deps)
    default:
      return how satisfies never
  }
}

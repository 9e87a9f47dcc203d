/**
 * Runs a collection's requests in order through the send pipeline, with one session of script
 * values and one cookie jar for the whole run. Used by `sendbox run` (and later the app's runner).
 */
import { makeRow } from '../model/factories.ts'
import {
  hasScript,
  type Collection,
  type Environment,
  type Folder,
  type RequestSpec,
  type TreeItem,
} from '../model/types.ts'
import { VariableContext, type ScopedVariable, type VariableLayer } from '../model/variables.ts'
import { CookieJar } from './cookie-jar.ts'
import { send, type ParentScope, type SendDeps, type SendInput, type SendResult } from './send.ts'

export interface PlannedRequest {
  request: RequestSpec
  /** Folders nearest first (the collection is not included). */
  folders: Folder[]
  /** Folder names from the top, then the request name. */
  path: string[]
}

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
  deps: Omit<SendDeps, 'onEvent'>
  /**
   * Runs a gRPC request (the CLI's in-process runner) with what `send` would get; without it such
   * a request is not sent.
   */
  runGrpc?: (input: SendInput, deps: Omit<SendDeps, 'onEvent'>) => Promise<SendResult>
  onRequestStart?: (planned: PlannedRequest, index: number, total: number) => void
  onRequestDone?: (planned: PlannedRequest, result: SendResult, index: number, total: number) => void
}

export interface CollectionRun {
  planned: PlannedRequest[]
  results: { planned: PlannedRequest; result: SendResult }[]
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

export async function runCollection(
  collection: Collection,
  options: CollectionRunOptions,
): Promise<CollectionRun> {
  const planned = planRun(collection, options.folders)
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
  const environmentVariables: ScopedVariable[] = [
    ...(options.envVars ?? []).map(([key, value]) => ({ key, value })),
    ...(options.environment?.variables ?? []),
  ]
  const results: CollectionRun['results'] = []
  // Digest nonces carry from request to request of the run, counted up, as newman keeps them.
  const deps: SendDeps = { ...options.deps, digestSessions: options.deps.digestSessions ?? new Map() }

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

  let index = 0
  while (index < planned.length) {
    const plan = planned[index]!
    options.onRequestStart?.(plan, index, planned.length)
    const layers: VariableLayer[] = plan.folders.map((folder): VariableLayer => ({
      scope: 'folder',
      source: folder.name,
      variables: folder.variables,
    }))
    layers.push(...outerLayers)
    const parents: ParentScope[] = plan.folders.map((folder): ParentScope => ({
      kind: 'folder',
      id: folder.id,
      name: folder.name,
      auth: folder.auth,
      scripts: folder.scripts,
    }))
    parents.push(collectionScope)
    const variables = new VariableContext(layers, session)
    // Reading the URL changes nothing in the context: the send may use the same one.
    const request = withJarCookies(plan.request, jar, variables)
    const result =
      notRun(plan.request) ??
      (request.kind === 'grpc'
        ? await (options.runGrpc?.({ request, parents, variables, runKey }, deps) ?? notSent(GRPC_NOT_HERE))
        : await send({ request, parents, variables, runKey }, deps))
    if (result.outcome === 'done' && result.response.cookies.length > 0)
      jar.store(result.response.url || result.request.url, result.response.cookies)
    if (options.keepResults !== false) results.push({ planned: plan, result })
    options.onRequestDone?.(plan, result, index, planned.length)
    if (options.bail && isFailure(result)) break
    index = nextIndex(planned, index, result.nextRequest)
  }
  return { planned, results, startedAt, durationMs: Math.round(performance.now() - started) }
}

/** Why a run skips a connection kind (a stream has no single response to test), and the notice printed. */
const NOT_RUN: Partial<Record<RequestSpec['kind'], { error: string; notice: string }>> = {
  sse: {
    error:
      'Server-Sent Events request not run: a collection run does not open event streams; connect to it in the app',
    notice:
      'Server-Sent Events request not run: a collection run does not open event streams; connect to it in the app',
  },
  websocket: {
    error: 'WebSocket requests are not run by a collection run',
    notice: 'WebSocket requests are not run by a collection run: open this one in the app',
  },
}

/** A kind a run does not send: skipped, with the reason. */
function notRun(request: RequestSpec): SendResult | null {
  const reason = NOT_RUN[request.kind]
  if (!reason) return null
  return {
    outcome: 'not-sent',
    error: reason.error,
    skipped: true,
    notices: [reason.notice],
    scriptError: null,
    tests: [],
    testsTimedOut: false,
  }
}

/**
 * newman's setNextRequest: the request of that name (the first in run order) or id runs next, and
 * the run goes on from there; null, or a name the run does not hold, ends the run.
 */
export function nextIndex(planned: PlannedRequest[], index: number, next: string | null | undefined): number {
  if (next === undefined) return index + 1
  if (next === null) return planned.length
  const byName = planned.findIndex((plan) => plan.request.name === next)
  const found = byName >= 0 ? byName : planned.findIndex((plan) => plan.request.id === next)
  return found >= 0 ? found : planned.length
}

const GRPC_NOT_HERE = 'gRPC requests run in `sendbox run` or through the Sendbox server'
const notSent = (error: string): Promise<SendResult> =>
  Promise.resolve({ outcome: 'not-sent', error, tests: [], testsTimedOut: false, scriptError: null })

export function isFailure(result: SendResult): boolean {
  if (result.outcome === 'not-sent' && result.skipped) return false
  if (result.outcome !== 'done') return true
  return result.scriptError !== null || result.testsTimedOut || result.tests.some((test) => !test.passed)
}

/** Adds stored cookies the user's cookies table does not already name. */
function withJarCookies(request: RequestSpec, jar: CookieJar, variables: VariableContext): RequestSpec {
  // Until a response sets a cookie there is nothing to add (and no URL to resolve).
  if (jar.isEmpty) return request
  let url: string
  try {
    url = new URL(variables.replace(request.url).replace(/^(?![a-z][a-z0-9+.-]*:\/\/)/i, 'http://')).href
  } catch {
    return request
  }
  const stored = jar.cookiesFor(url)
  if (stored.length === 0) return request
  const own = new Set(request.cookies.filter((row) => row.enabled).map((row) => row.key))
  const extra = stored.filter(([name]) => !own.has(name)).map(([key, value]) => makeRow({ key, value }))
  return { ...request, cookies: [...request.cookies, ...extra] }
}

/**
 * The contract between the send pipeline and the script sandbox. The pipeline hands a script
 * run everything it may see and touch; the runner hands back tests, errors and `req.*` changes.
 * Implementations: the QuickJS runner (in-process in Node, in a Web Worker in the browser).
 */
import type { IterationRow } from '../../model/iteration-data/index.ts'
import type { VariableContext } from '../../model/variables.ts'
import type { HeaderList, WireRequest, WireResponse } from '../../model/wire.ts'
import type { Auth, RequestBody } from '../../model/types.ts'
import type { RequestChanges } from '../../model/request-changes.ts'
import type { HandedOff, HandOff } from './hand-off.ts'
import type { StoredCookie } from '../cookie-jar.ts'

export type ScriptPhase = 'pre-request' | 'post-response'

export interface ScriptSource {
  /** Where the script comes from, for error messages: "Collection", "Folder Users", "Request". */
  origin: string
  code: string
}

/** The request as scripts see it. In a pre-request script `headers` is empty (spec 4.5). */
export interface ScriptRequestView {
  id: string
  name: string
  method: string
  /** With variables substituted. */
  url: string
  headers: HeaderList
  /** The body as typed, before `{{variables}}` are substituted (for `req.getBody()`). */
  body: RequestBody
  /** The wire body as text, when known (post-response). */
  bodyText?: string
  /** Pre-request: the URL as typed, `{{variables}}` not substituted (Postman's `pm.request.url` there). */
  rawUrl?: string
  /** Pre-request: the request's own headers as typed, the disabled ones marked (Postman's `pm.request.headers`). */
  declaredHeaders?: { key: string; value: string; disabled?: true }[]
  /** The request's own auth (Postman's `pm.request.auth`); absent when inherited. */
  auth?: Auth
  /** Pre-request: Postman's path variables and the URL they go into (RequestSpec.pathVariables). */
  pathVariables?: { key: string; value: string }[]
  urlTemplate?: string
  /** Post-response, when a script can reach it: Postman's `pm.request` after the send (sent-request.ts). */
  sent?: SentRequest
}

/** A header of the sent request as Postman lists it: `system` for the ones the runtime added. */
export interface SentHeaderRow {
  key: string
  value: string
  disabled?: true
  system?: true
}

/** The request as sent, variables substituted: body and auth as a pre-request script left them. */
export interface SentRequest {
  headers: SentHeaderRow[]
  /** The auth that applied (inherited included); absent when none did. */
  auth?: Auth
  /** Postman's JSON of the auth a pre-request script left (RequestChanges.authJson), substituted. */
  authJson?: object
  /** Digest: nonce, realm... learnt from the challenge, listed after the auth's own parameters. */
  authLearnt?: { key: string; value: string }[]
  body: RequestBody
}

export interface ScriptResponseView {
  code: number
  statusText: string
  headers: HeaderList
  body: Uint8Array
  responseTime: number
  responseSize: number
}

/** Where a collection run is: Postman's `pm.info.iteration` / `iterationCount`, `pm.iterationData`. */
export interface ScriptIteration {
  /** 0-based. */
  index: number
  count: number
  /** The iteration's data row (empty without a data file). */
  data: IterationRow
}

export interface ScriptRunInput {
  phase: ScriptPhase
  /** Run in order (collection, folders, request); each in its own sandbox. */
  scripts: ScriptSource[]
  request: ScriptRequestView
  /** null in a pre-request script. */
  response: ScriptResponseView | null
  variables: VariableContext
  /** The pipeline's transport: proxy and certificates apply to `sendRequest` too. */
  sendRequest: (request: WireRequest, signal: AbortSignal) => Promise<WireResponse>
  signal?: AbortSignal
  /**
   * The collection run this script belongs to (unguessable, new per run): implicit globals a
   * script makes (`leaked = 5`) carry to the later scripts with the same key, as in newman, and
   * never to another run. Absent for a single send.
   */
  runKey?: string
  /** false: Settings → Editor / `--no-default-headers` switched the default headers off (sendRequest too). */
  defaultHeaders?: false
  /** A collection run's iteration; absent for a single send (iteration 0 of 1, no data). */
  iteration?: ScriptIteration
  /**
   * The cookies Postman's `pm.cookies.jar()` works on: the collection run's jar, or for a single
   * send the response's cookies alone (a copy; changes come back in ScriptRunResult.cookieJar).
   * `pm.cookies` lists those `cookieUrl` gets (post-response: the response's URL; absent before
   * the send, where newman's list is empty).
   */
  cookieJar?: StoredCookie[]
  cookieUrl?: string
}

export interface TestResult {
  name: string
  passed: boolean
  /** The failure reason: what was expected and what was found. */
  error: string | null
  /** QuickJS's own message when `error` is V8's wording of it (`cannot read property of undefined`). */
  cause?: string
}

/**
 * `script`: the user's code threw. `timeout`/`limit`/`secret`/`unsupported`: the runtime stopped it.
 * `cancelled`: the send was cancelled. `sandbox`: the sandbox itself failed (not the user's fault).
 */
export type ScriptErrorKind =
  'script' | 'timeout' | 'limit' | 'secret' | 'unsupported' | 'cancelled' | 'sandbox'

export interface ScriptError {
  kind: ScriptErrorKind
  /** The whole message, e.g. "TypeError: x is undefined". */
  message: string
  origin: string
  /** QuickJS's own message when `message` is V8's wording of it. */
  cause?: string
}

/**
 * What a script asked of the collection run (Postman's `setNextRequest` / `skipRequest`, Bruno's
 * `bru.runner.*`): a name or id to run next, `null` to end this iteration after this request,
 * skip this request, or stop the whole run after it (`bru.runner.stopExecution`).
 */
export interface RunFlow {
  nextRequest?: string | null
  skip?: boolean
  stop?: boolean
}

export interface ScriptRunResult {
  error: ScriptError | null
  tests: TestResult[]
  /** A test never finished: the run reports a timeout instead of test results (spec 7). */
  testsTimedOut: boolean
  changes: RequestChanges
  /** Absent when no script asked anything of the run. */
  flow?: RunFlow
  /** The whole cookie jar after a script changed it through `pm.cookies.jar()`; absent otherwise. */
  cookieJar?: StoredCookie[]
}

export interface ScriptRunner {
  run(input: ScriptRunInput): Promise<ScriptRunResult>
  /**
   * A pre-request run that, when the script went through, also builds the request and hands it
   * to the relay (hand-off.ts). Runners without it leave building and sending to the pipeline.
   * `onHead` is the transport's (SendOptions.onHead), for the response the hand-off reads.
   */
  runAndSend?(
    input: ScriptRunInput,
    handOff: HandOff,
    onHead?: (response: WireResponse) => void,
  ): Promise<ScriptRunResult & { handedOff?: HandedOff }>
  /**
   * Makes the runner ready for its first script (loads QuickJS, creates the sandbox and its
   * resident context), so that work does not fall into the first request of a run.
   */
  prepare?(): Promise<void>
  /** The Web Worker the scripts run in, if any: an app collection run goes there whole (../app-run/). */
  readonly worker?: Worker
  dispose(): void
}

export { emptyChanges, type RequestChanges } from '../../model/request-changes.ts'

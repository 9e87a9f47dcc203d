/** What the send pipeline (../send.ts) takes and gives: its inputs, its events and its outcomes. */
import type { FileResolver } from '../../model/body.ts'
import type { Auth, RequestSpec, Scripts } from '../../model/types.ts'
import type { VariableContext } from '../../model/variables.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { TokenStore } from '../oauth/token-for-send.ts'
import type { DigestSessions } from '../digest-exchange.ts'
import type { CookieJar } from '../cookie-jar.ts'
import type { ScriptError, ScriptIteration, ScriptRunner, TestResult } from '../script/types.ts'
import type { RelayEndpoint } from '../transport/select.ts'
import type { SendOptions, Transport, TransportError } from '../transport/types.ts'

/** A folder or the collection above a request: what it lends the request when sent. */
export interface ParentScope {
  kind: 'folder' | 'collection'
  /** Its id: an OAuth 2.0 token for the auth it lends is held under it. */
  id?: string
  name: string
  auth: Auth
  scripts: Scripts
}

export type SendEvent =
  | { type: 'pre-request' }
  /** `at`: when the request was handed over, if that was not now (a hand-off, script/hand-off.ts). */
  | { type: 'sending'; request: WireRequest; at?: number }
  /** The head is in and the body is arriving (`response.arrival`): the viewer can start. */
  | { type: 'arriving'; response: WireResponse }
  | { type: 'response'; response: WireResponse }
  | { type: 'post-response' }

export interface SendDeps {
  transport: Transport
  /** Needed only when the request or a parent has a script. */
  scripts?: ScriptRunner
  options?: Omit<SendOptions, 'signal'>
  signal?: AbortSignal
  formatJson?: boolean
  /** Settings → Editor: the default headers besides User-Agent (model/default-headers.ts). */
  defaultHeaders?: boolean
  resolveFile?: FileResolver
  /** A token to send as is, bypassing `oauth` (a script worker's hand-off already has it). */
  oauthToken?: string
  /**
   * Where OAuth 2.0 tokens are held: the pipeline then fetches one for an unattended grant, and
   * renews an expired one before the send (spec 3), through `transport`.
   */
  oauth?: { store: TokenStore; now?: () => number }
  onEvent?: (event: SendEvent) => void
  /** Digest nonces learnt so far (one map per collection run); a send without it starts afresh. */
  digestSessions?: DigestSessions
  /**
   * Set when `transport` is this relay's: a script runner that can (script/hand-off.ts) then
   * builds the request after the pre-request script and hands it to the relay itself.
   */
  handOff?: RelayEndpoint
}

export interface SendInput {
  request: RequestSpec
  /** Folders nearest first, then the collection. */
  parents?: ParentScope[]
  variables: VariableContext
  /** The collection run's key (ScriptRunInput.runKey): implicit globals carry within the run. */
  runKey?: string
  /** The collection run's iteration, for scripts (`pm.info.iteration`, `pm.iterationData`). */
  iteration?: ScriptIteration
  /**
   * The collection run's cookies (spec 2.1 rule 5: the runner sends them back): added to the
   * request, the response's stored, scripts' `pm.cookies` read from it (cookies.ts).
   */
  cookieJar?: CookieJar
}

interface OutcomeBase {
  tests: TestResult[]
  /** A test never finished: report a timeout instead of the test results. */
  testsTimedOut: boolean
  /** A script's setNextRequest: the name or id to run next, null to end the iteration (collection runs). */
  nextRequest?: string | null
  /** A script's `bru.runner.stopExecution()`: the collection run stops after this request. */
  stopRun?: true
  /** Shown beside the result, such as `Token not renewed: <the server's error>`. */
  notices?: string[]
}

export interface DoneOutcome extends OutcomeBase {
  outcome: 'done'
  request: WireRequest
  response: WireResponse
  /** The post-response script's error message (shown as `Skript-Fehler: <message>`). */
  scriptError: ScriptError | null
}

export interface NotSentOutcome extends OutcomeBase {
  outcome: 'not-sent'
  /** The first line of the error: shown under `Request not sent`. */
  error: string
  scriptError: ScriptError | null
  /** The pre-request script skipped the request (pm.execution.skipRequest): not a failure. */
  skipped?: true
}

export interface FailedOutcome extends OutcomeBase {
  outcome: 'failed'
  request: WireRequest
  error: string
  code: TransportError['code']
}

export type SendResult = DoneOutcome | NotSentOutcome | FailedOutcome

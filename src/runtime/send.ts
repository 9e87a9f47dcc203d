/**
 * The send pipeline: one function for the app, the CLI and the collection runner
 * (ARCHITECTURE "Sending a request"). It reports progress as events and ends in one of three
 * outcomes: done, not sent (a pre-request script threw, or the request could not be built),
 * failed (no response). It never throws for anything a user can cause.
 */
import { fakerNeededFor, loadFakerVariables } from '../model/faker-variables.ts'
import { resolveAuth, type AuthSource } from '../model/auth/resolve-auth.ts'
import type { FileResolver } from '../model/body.ts'
import { fromUtf8 } from '../model/encoding.ts'
import { emptyChanges, type RequestChanges } from '../model/request-changes.ts'
import { buildWireAndView, scriptUrl } from '../model/script-view.ts'
import type { Auth, RequestSpec, Scripts } from '../model/types.ts'
import type { VariableContext } from '../model/variables.ts'
import type { WireRequest, WireResponse } from '../model/wire.ts'
import { tokenForSend, type TokenStore } from './oauth/token-for-send.ts'
import { digestExchange, type DigestSessions } from './digest-exchange.ts'
import { canHandOff, type HandedOff } from './script/hand-off.ts'
import { messages } from './script/errors.ts'
import type {
  RunFlow,
  ScriptError,
  ScriptRunInput,
  ScriptRunner,
  ScriptRunResult,
  ScriptSource,
  TestResult,
} from './script/types.ts'
import type { RelayEndpoint } from './transport/select.ts'
import { TransportError, type SendOptions, type Transport } from './transport/types.ts'

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
}

interface OutcomeBase {
  tests: TestResult[]
  /** A test never finished: report a timeout instead of the test results. */
  testsTimedOut: boolean
  /** A script's setNextRequest: the name or id to run next, null to stop (collection runs). */
  nextRequest?: string | null
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

export function firstLine(message: string): string {
  return message.split(/\r?\n/, 1)[0] ?? ''
}

export async function send(input: SendInput, deps: SendDeps): Promise<SendResult> {
  const { request, variables } = input
  const parents = input.parents ?? []
  // faker is imported only for a send that names a {{$random…}} variable (request, its scripts,
  // its parents' or a variable's value).
  if (fakerNeededFor([request, parents], variables)) await loadFakerVariables()
  const emit = deps.onEvent ?? (() => {})
  const tests: TestResult[] = []
  let testsTimedOut = false
  let changes: RequestChanges = emptyChanges()
  let handed: HandedOff | undefined
  let flow: RunFlow = {}
  const parentAuth = parents.map((p): AuthSource => {
    const source: AuthSource = { auth: p.auth, name: p.name, kind: p.kind }
    if (p.id) source.id = p.id
    return source
  })
  const onHead = (head: WireResponse) => emit({ type: 'arriving', response: head })

  emit({ type: 'pre-request' })
  // Most sends have no OAuth 2.0 auth to fetch a token for: they await nothing here.
  const fetching = oauthToken(input, parentAuth, deps)
  const token = fetching ? await fetching : {}
  if (token.error !== undefined)
    return { outcome: 'not-sent', error: token.error, scriptError: null, tests, testsTimedOut }
  deps = token.token === undefined ? deps : { ...deps, oauthToken: token.token }
  const notices = token.notice ? { notices: [token.notice] } : {}
  const preScripts = scriptChain(request, parents, 'preRequest')
  if (preScripts.length > 0) {
    const scripts = runner(deps)
    const preInput: ScriptRunInput = {
      phase: 'pre-request',
      scripts: preScripts,
      ...(input.runKey ? { runKey: input.runKey } : {}),
      ...(deps.defaultHeaders === false ? { defaultHeaders: false as const } : {}),
      request: {
        id: request.id,
        name: request.name,
        method: request.method,
        url: scriptUrl(request.url, variables),
        headers: [],
        // Postman's pm.request before the send: as typed (newman substitutes after the script).
        rawUrl: request.url,
        declaredHeaders: request.headers
          .filter((h) => !h.auto)
          .map((h) => ({ key: h.key, value: h.value, ...(h.enabled ? {} : { disabled: true as const }) })),
        ...(request.auth.type === 'inherit' ? {} : { auth: request.auth }),
        ...(request.urlTemplate
          ? { urlTemplate: request.urlTemplate, pathVariables: request.pathVariables ?? [] }
          : {}),
        body: request.body,
      },
      response: null,
      variables,
      sendRequest: (wire, signal) => deps.transport.send(wire, { ...deps.options, signal }),
      signal: deps.signal,
    }
    const run: ScriptRunResult & { handedOff?: HandedOff } =
      deps.handOff && scripts.runAndSend && canHandOff(request.body)
        ? await scripts.runAndSend(
            preInput,
            {
              relay: deps.handOff,
              request,
              parentAuth,
              formatJson: deps.formatJson ?? false,
              ...(deps.defaultHeaders === false ? { defaultHeaders: false } : {}),
              ...(deps.oauthToken ? { oauthToken: deps.oauthToken } : {}),
              options: deps.options ?? {},
            },
            onHead,
          )
        : await scripts.run(preInput)
    tests.push(...run.tests)
    testsTimedOut ||= run.testsTimedOut
    if (run.error) {
      return {
        outcome: 'not-sent',
        error: firstLine(run.error.message),
        scriptError: run.error,
        tests,
        testsTimedOut,
        ...next(run.flow ?? {}),
      }
    }
    changes = run.changes
    handed = run.handedOff
    flow = run.flow ?? {}
    if (flow.skip) {
      return {
        outcome: 'not-sent',
        error: messages.skipped,
        scriptError: null,
        skipped: true,
        tests,
        testsTimedOut,
        ...next(flow),
      }
    }
  }

  const postChain = scriptChain(request, parents, 'postResponse')
  let wire: WireRequest
  /** The request as the post-response script sees it: withheld secrets as placeholders. */
  let view: WireRequest
  // A pre-request script's `pm.request.auth` is the request's own: switching it to Digest signs it.
  const authed = changes.auth ? { ...request, auth: changes.auth } : request
  const digest = digestExchange(authed, parentAuth, variables, deps.digestSessions ?? new Map())
  try {
    if (handed && 'buildError' in handed) throw new Error(handed.buildError)
    ;({ wire, view } = handed
      ? { wire: handed.request, view: handed.view ?? handed.request }
      : await buildWireAndView(
          request,
          {
            variables,
            parentAuth,
            formatJson: deps.formatJson,
            defaultHeaders: deps.defaultHeaders,
            resolveFile: deps.resolveFile,
            oauthToken: deps.oauthToken,
          },
          changes,
          // Only a post-response script sees it.
          postChain.length > 0,
        ))
    if (digest && !handed) {
      const signed = await digest.sign(wire)
      if (view === wire) view = signed
      wire = signed
    }
  } catch (error) {
    return {
      outcome: 'not-sent',
      error: firstLine((error as Error).message),
      scriptError: null,
      tests,
      testsTimedOut,
    }
  }

  emit(handed ? { type: 'sending', request: wire, at: handed.at } : { type: 'sending', request: wire })
  // With no signal and nobody listening for the head (the CLI), the options go as they are.
  const sendOptions: SendOptions =
    deps.signal === undefined && !deps.onEvent
      ? (deps.options ?? {})
      : { ...deps.options, signal: deps.signal, onHead }
  let response: WireResponse
  try {
    response = await (handed?.response ?? deps.transport.send(wire, sendOptions))
    // Digest: the server's challenge is answered once, and the answer's response is the one shown.
    const again = digest ? await digest.answer(wire, response) : null
    if (again) {
      if (view === wire) view = again
      wire = again
      emit({ type: 'sending', request: wire })
      response = await deps.transport.send(wire, sendOptions)
    }
  } catch (error) {
    const code = error instanceof TransportError ? error.code : 'other'
    return {
      outcome: 'failed',
      request: wire,
      error: (error as Error).message,
      code,
      tests,
      testsTimedOut,
      ...notices,
    }
  }
  emit({ type: 'response', response })

  // A running event stream has no end to wait for: its post-response script does not run (spec 3).
  const postScripts = response.eventStream ? [] : postChain
  let scriptError: ScriptError | null = null
  if (postScripts.length > 0) {
    emit({ type: 'post-response' })
    // Postman's pm.request after the send, for a script that can reach it (`req`); loaded on first
    // use, so the app's shell does not carry it.
    const sent = postScripts.some((s) => s.code.includes('req'))
      ? (await import('./sent-request.ts')).sentRequest(
          request,
          parentAuth,
          changes,
          variables,
          view,
          digest?.learnt(),
        )
      : undefined
    const run = await runner(deps).run({
      phase: 'post-response',
      scripts: postScripts,
      ...(input.runKey ? { runKey: input.runKey } : {}),
      ...(deps.defaultHeaders === false ? { defaultHeaders: false as const } : {}),
      request: {
        id: request.id,
        name: request.name,
        method: view.method,
        url: view.url,
        headers: view.headers,
        body: request.body,
        bodyText: view.body ? fromUtf8(view.body) : '',
        ...(sent ? { sent } : {}),
      },
      response: {
        code: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body: response.body,
        responseTime: Math.round(response.timings.total),
        responseSize: response.sizes.responseHeaders + response.sizes.responseBody,
      },
      variables,
      sendRequest: (next, signal) => deps.transport.send(next, { ...deps.options, signal }),
      signal: deps.signal,
    })
    tests.push(...run.tests)
    testsTimedOut ||= run.testsTimedOut
    scriptError = run.error
    if (run.flow?.nextRequest !== undefined) flow = { ...flow, nextRequest: run.flow.nextRequest }
  }
  return {
    outcome: 'done',
    request: wire,
    response,
    tests,
    testsTimedOut,
    scriptError,
    ...next(flow),
    ...notices,
  }
}

/**
 * The OAuth 2.0 token for the auth this request resolves to, fetched or renewed when needed;
 * null when there is none to get.
 */
function oauthToken(input: SendInput, parentAuth: AuthSource[], deps: SendDeps) {
  if (deps.oauthToken !== undefined || !deps.oauth) return null
  const { request } = input
  const resolved = resolveAuth([
    { auth: request.auth, name: request.name, kind: 'request', id: request.id },
    ...parentAuth,
  ])
  if (resolved.auth.type !== 'oauth2') return null
  return tokenForSend(resolved.auth, resolved.source?.id ?? request.id, input.variables, deps.oauth.store, {
    transport: deps.transport,
    ...(deps.options ? { options: deps.options } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(deps.oauth.now ? { now: deps.oauth.now } : {}),
  })
}

function next(flow: RunFlow): { nextRequest?: string | null } {
  return flow.nextRequest === undefined ? {} : { nextRequest: flow.nextRequest }
}

/** Collection first, then folders outermost first, then the request: the order other clients use. */
function scriptChain(request: RequestSpec, parents: ParentScope[], which: keyof Scripts): ScriptSource[] {
  const chain: ScriptSource[] = []
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!
    const code = parent.scripts[which]
    if (code.trim() !== '')
      chain.push({ origin: parent.kind === 'collection' ? 'Collection' : `Folder ${parent.name}`, code })
  }
  if (request.scripts[which].trim() !== '') chain.push({ origin: 'Request', code: request.scripts[which] })
  return chain
}

function runner(deps: SendDeps): ScriptRunner {
  if (!deps.scripts) throw new Error('This request has scripts, but no script runner was given to send().')
  return deps.scripts
}

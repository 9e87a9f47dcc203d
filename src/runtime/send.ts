/**
 * The send pipeline: one function for the app, the CLI and the collection runner
 * (ARCHITECTURE "Sending a request"). It reports progress as events and ends in one of three
 * outcomes: done, not sent (a pre-request script threw, or the request could not be built),
 * failed (no response). It never throws for anything a user can cause. Its steps are in send/
 * (send/README.md).
 */
import { fakerNeededFor, loadFakerVariables } from '../model/faker-variables.ts'
import { emptyChanges, type RequestChanges } from '../model/request-changes.ts'
import type { WireResponse } from '../model/wire.ts'
import type { HandedOff } from './script/hand-off.ts'
import { messages } from './script/errors.ts'
import type { RunFlow, ScriptError, TestResult } from './script/types.ts'
import { TransportError } from './transport/types.ts'
import { EXPIRY_MARGIN_MS, oauthToken, parentAuthOf } from './send/auth.ts'
import { buildOutgoing, digestFor, exchange, sendOptionsOf, type Outgoing } from './send/exchange.ts'
import { afterResponseCookies, takeScriptCookies, withJarCookies } from './send/cookies.ts'
import { runPostResponse } from './send/post-response.ts'
import { runPreRequest } from './send/pre-request.ts'
import { next, scriptChain } from './send/script-chain.ts'
import type { SendDeps, SendInput, SendResult } from './send/types.ts'

export type {
  DoneOutcome,
  FailedOutcome,
  NotSentOutcome,
  ParentScope,
  SendDeps,
  SendEvent,
  SendInput,
  SendResult,
} from './send/types.ts'

export function firstLine(message: string): string {
  return message.split(/\r?\n/, 1)[0] ?? ''
}

export async function send(input: SendInput, deps: SendDeps): Promise<SendResult> {
  const { request, variables, cookieJar: jar } = input
  const parents = input.parents ?? []
  // A collection run's cookies go out with the request (a hand-off builds it with them too).
  if (jar) input = { ...input, request: withJarCookies(request, jar, variables) }
  // faker is imported only for a send that names a {{$random…}} variable (request, its scripts,
  // its parents' or a variable's value).
  if (fakerNeededFor([request, parents], variables)) await loadFakerVariables()
  const emit = deps.onEvent ?? (() => {})
  const tests: TestResult[] = []
  let testsTimedOut = false
  let changes: RequestChanges = emptyChanges()
  let handed: HandedOff | undefined
  let flow: RunFlow = {}
  const parentAuth = parentAuthOf(parents)
  const onHead = (head: WireResponse) => emit({ type: 'arriving', response: head })

  emit({ type: 'pre-request' })
  // Most sends have no OAuth 2.0 auth to fetch a token for: they await nothing here.
  const withoutToken = deps
  const fetching = oauthToken(input, parentAuth, deps)
  const token = fetching ? await fetching : {}
  if (token.error !== undefined)
    return { outcome: 'not-sent', error: token.error, scriptError: null, tests, testsTimedOut }
  deps = token.token === undefined ? deps : { ...deps, oauthToken: token.token }
  let notices = token.notice ? { notices: [token.notice] } : {}
  const preScripts = scriptChain(request, parents, 'preRequest')
  if (preScripts.length > 0) {
    const run = await runPreRequest(input, deps, preScripts, parentAuth, onHead)
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
    // pm.cookies.jar() changed the run's cookies: this request goes out with them, as in newman.
    if (takeScriptCookies(jar, run) && !handed)
      input = { ...input, request: withJarCookies(request, jar!, variables) }
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

  // The scripts took their time: a token that has expired since, or is about to, is renewed now,
  // right before the request goes out (a hand-off was built and sent by the worker already).
  if (fetching && preScripts.length > 0 && !handed) {
    const fresh = await oauthToken(input, parentAuth, withoutToken, EXPIRY_MARGIN_MS)
    if (fresh?.token !== undefined) deps = { ...deps, oauthToken: fresh.token }
    if (fresh?.notice) notices = { notices: [fresh.notice] }
  }

  const postChain = scriptChain(request, parents, 'postResponse')
  const digest = digestFor(input, parentAuth, changes, deps)
  let out: Outgoing
  try {
    // Only a post-response script sees the view.
    out = await buildOutgoing(input, deps, parentAuth, changes, handed, digest, postChain.length > 0)
  } catch (error) {
    return {
      outcome: 'not-sent',
      error: firstLine((error as Error).message),
      scriptError: null,
      tests,
      testsTimedOut,
    }
  }

  emit(
    out.handed
      ? { type: 'sending', request: out.wire, at: out.handed.at }
      : { type: 'sending', request: out.wire },
  )
  let response: WireResponse
  try {
    response = await exchange(out, deps, sendOptionsOf(deps, onHead, request.httpVersion), digest, emit)
  } catch (error) {
    const code = error instanceof TransportError ? error.code : 'other'
    return {
      outcome: 'failed',
      request: out.wire,
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
  const cookies = afterResponseCookies(jar, response.url || out.wire.url, response.cookies, postScripts)
  let scriptError: ScriptError | null = null
  if (postScripts.length > 0) {
    emit({ type: 'post-response' })
    const run = await runPostResponse(input, deps, postScripts, {
      parentAuth,
      changes,
      view: out.view,
      response,
      digest,
      cookies,
    })
    takeScriptCookies(jar, run)
    tests.push(...run.tests)
    testsTimedOut ||= run.testsTimedOut
    scriptError = run.error
    if (run.flow?.nextRequest !== undefined) flow = { ...flow, nextRequest: run.flow.nextRequest }
    if (run.flow?.stop) flow = { ...flow, stop: true }
  }
  return {
    outcome: 'done',
    request: out.wire,
    response,
    tests,
    testsTimedOut,
    scriptError,
    ...next(flow),
    ...notices,
  }
}

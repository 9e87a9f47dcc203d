/**
 * The post-response script chain: its input (the request as sent, the response) and its run.
 * Postman's pm.request after the send (../sent-request.ts) is built only for a script that can
 * reach it.
 */
import type { AuthSource } from '../../model/auth/resolve-auth.ts'
import { fromUtf8 } from '../../model/encoding.ts'
import type { RequestChanges } from '../../model/request-changes.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { DigestExchange } from '../digest-exchange.ts'
import type { StoredCookie } from '../cookie-jar.ts'
import type { ScriptRunResult, ScriptSource } from '../script/types.ts'
import { runner } from './script-chain.ts'
import type { SendDeps, SendInput } from './types.ts'

export interface AfterSend {
  parentAuth: AuthSource[]
  /** The pre-request script's `req.*` changes. */
  changes: RequestChanges
  /** The request as the post-response script sees it: withheld secrets as placeholders. */
  view: WireRequest
  response: WireResponse
  digest: DigestExchange | null
  /** The jar and URL of `pm.cookies` (cookies.ts), for a script that names it. */
  cookies: { cookieJar: StoredCookie[]; cookieUrl: string } | Record<string, never>
}

export async function runPostResponse(
  input: SendInput,
  deps: SendDeps,
  postScripts: ScriptSource[],
  after: AfterSend,
): Promise<ScriptRunResult> {
  const { request, variables } = input
  const { view, response } = after
  // Postman's pm.request after the send, for a script that can reach it (`req`); loaded on first
  // use, so the app's shell does not carry it.
  const sent = postScripts.some((s) => s.code.includes('req'))
    ? (await import('../sent-request.ts')).sentRequest(
        request,
        after.parentAuth,
        after.changes,
        variables,
        view,
        after.digest?.learnt(),
      )
    : undefined
  return runner(deps).run({
    phase: 'post-response',
    scripts: postScripts,
    ...(input.runKey ? { runKey: input.runKey } : {}),
    ...(input.iteration ? { iteration: input.iteration } : {}),
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
    ...after.cookies,
    sendRequest: (next, signal) => deps.transport.send(next, { ...deps.options, signal }),
    signal: deps.signal,
  })
}

/**
 * The pre-request script chain: its input (Postman's pm.request before the send), run in the
 * page, or in a script worker that then builds the request and hands it to the relay itself.
 */
import type { AuthSource } from '../../model/auth/resolve-auth.ts'
import { applyPathVariables } from '../../model/path-variables.ts'
import { scriptUrl } from '../../model/script-view.ts'
import type { WireResponse } from '../../model/wire.ts'
import { canHandOff, type HandedOff } from '../script/hand-off.ts'
import type { ScriptRunInput, ScriptRunResult, ScriptSource } from '../script/types.ts'
import { preRequestCookies } from './cookies.ts'
import { runner } from './script-chain.ts'
import type { SendDeps, SendInput } from './types.ts'

export function runPreRequest(
  input: SendInput,
  deps: SendDeps,
  preScripts: ScriptSource[],
  parentAuth: AuthSource[],
  onHead: (head: WireResponse) => void,
): Promise<ScriptRunResult & { handedOff?: HandedOff }> {
  const { request, variables } = input
  const scripts = runner(deps)
  const preInput: ScriptRunInput = {
    phase: 'pre-request',
    scripts: preScripts,
    ...(input.runKey ? { runKey: input.runKey } : {}),
    ...(input.iteration ? { iteration: input.iteration } : {}),
    ...(deps.defaultHeaders === false ? { defaultHeaders: false as const } : {}),
    request: {
      id: request.id,
      name: request.name,
      method: request.method,
      url: scriptUrl(request.url, variables, request.pathVariables),
      headers: [],
      // Postman's pm.request before the send: as typed (newman substitutes after the script),
      // path variables put in as the SDK's Url#toString does (unencoded, names left as they are).
      rawUrl: applyPathVariables(
        request.url,
        request.pathVariables,
        (text) => text,
        (text) => text,
      ),
      declaredHeaders: request.headers
        .filter((h) => !h.auto)
        .map((h) => ({ key: h.key, value: h.value, ...(h.enabled ? {} : { disabled: true as const }) })),
      ...(request.auth.type === 'inherit' ? {} : { auth: request.auth }),
      ...(request.pathVariables?.length
        ? {
            urlTemplate: request.url,
            pathVariables: request.pathVariables.map(({ key, value }) => ({ key, value })),
          }
        : {}),
      body: request.body,
    },
    response: null,
    variables,
    ...preRequestCookies(input.cookieJar, preScripts),
    sendRequest: (wire, signal) => deps.transport.send(wire, { ...deps.options, signal }),
    signal: deps.signal,
  }
  return deps.handOff && scripts.runAndSend && canHandOff(request.body)
    ? scripts.runAndSend(
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
    : scripts.run(preInput)
}

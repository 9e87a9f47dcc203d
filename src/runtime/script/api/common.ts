/** The parts every namespace shares: variable scopes, the request view and the response views. */
import type { ScriptRun } from '../run-state.ts'
import { api } from './bridge.ts'
import { headerList, parseJsonOr, toText } from './values.ts'

export function environmentScope(run: ScriptRun) {
  const vars = run.input.variables
  return api({
    get: (key: unknown) => vars.scriptGet(String(key)),
    set: (key: unknown, value: unknown) => void vars.scriptSet(String(key), toText(value)),
    unset: (key: unknown) => void vars.scriptUnset(String(key)),
    has: (key: unknown) => vars.scriptHas(String(key)),
    toObject: () => vars.scriptSnapshot(),
    replaceIn: (text: unknown) => vars.replaceForScript(toText(text)),
    clear: () => undefined,
  })
}

export function localScope(run: ScriptRun) {
  const vars = run.input.variables
  return api({
    get: (key: unknown) => vars.localGet(String(key)),
    set: (key: unknown, value: unknown) => void vars.localSet(String(key), toText(value)),
    unset: (key: unknown) => void vars.localUnset(String(key)),
    has: (key: unknown) => vars.localHas(String(key)),
    toObject: () => ({ ...vars.scriptSnapshot(), ...Object.fromEntries(vars.singleSend) }),
    replaceIn: (text: unknown) => vars.replaceForScript(toText(text)),
  })
}

/** `svc.request` / `alpha.request`: headers are empty in a pre-request script (spec 4.5). */
export function requestView(run: ScriptRun) {
  const request = run.input.request
  const headers = run.input.phase === 'pre-request' ? [] : request.headers
  return api({
    id: request.id,
    name: request.name,
    url: request.url,
    method: request.method.toUpperCase(),
    headers: headerList(() => headers),
    body: request.bodyText ?? (request.body.type === 'raw' ? request.body.text : undefined),
  })
}

/** `svc.response` (status is the number) or `alpha.response` (status is the reason text). */
export function responseView(run: ScriptRun, statusAsText: boolean) {
  const response = run.response
  if (!response) return null
  const view = api({
    code: response.code,
    status: statusAsText ? response.reason : response.code,
    statusText: response.reason,
    reason: () => response.reason,
    responseTime: response.responseTime,
    responseSize: response.responseSize,
    headers: headerList(() => response.headers),
    text: () => response.text(),
    json: () => response.json(),
  })
  Object.defineProperty(view, 'to', { enumerable: false, get: () => run.assertions.start(response) })
  Object.defineProperty(view, 'not', {
    enumerable: false,
    get: () => run.assertions.start(response, ['not']),
  })
  run.responseOf.set(view, response)
  return view
}

export function bodyOf(run: ScriptRun): unknown {
  return run.response ? parseJsonOr(run.response.text()) : undefined
}

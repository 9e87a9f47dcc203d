/**
 * The parts every namespace shares: variable scopes, the request view and the response views.
 * They are built once per sandbox and answer for the run in `current` (set before each script):
 * rebuilding them for every script cost more than most scripts themselves.
 */
import type { ScriptRun } from '../run-state.ts'
import type { HostResponse } from '../host-response.ts'
import { api, EXPECT_VIEW, EXPECT_VIEW_NOT, markLasting, perRun, pure, RESPONSE_VIEWS } from './bridge.ts'
import { headerList, parseJsonOr, toText } from './values.ts'
import { postmanHeaderList } from './pm-headers.ts'

/** The run a sandbox is executing; namespaces built once resolve every call through it. */
export class CurrentRun {
  private value: ScriptRun | null = null

  get run(): ScriptRun {
    if (!this.value) throw new Error('The script has ended')
    return this.value
  }

  set(run: ScriptRun | null): void {
    this.value = run
  }
}

export function environmentScope(current: CurrentRun) {
  const vars = () => current.run.input.variables
  return api({
    get: (key: unknown) => vars().scriptGet(String(key)),
    set: (key: unknown, value: unknown) => void vars().scriptSet(String(key), toText(value)),
    unset: (key: unknown) => void vars().scriptUnset(String(key)),
    has: (key: unknown) => vars().scriptHas(String(key)),
    toObject: () => vars().scriptSnapshot(),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text)),
    clear: () => undefined,
  })
}

export function localScope(current: CurrentRun) {
  const vars = () => current.run.input.variables
  return api({
    get: (key: unknown) => vars().localGet(String(key)),
    set: (key: unknown, value: unknown) => void vars().localSet(String(key), toText(value)),
    unset: (key: unknown) => void vars().localUnset(String(key)),
    has: (key: unknown) => vars().localHas(String(key)),
    toObject: () => ({ ...vars().scriptSnapshot(true), ...Object.fromEntries(vars().singleSend) }),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text)),
  })
}

/** `svc.request` / `alpha.request`: headers are empty in a pre-request script (spec 4.5). */
export function requestView(current: CurrentRun) {
  const request = () => current.run.input.request
  return api({
    get id() {
      return request().id
    },
    get name() {
      return request().name
    },
    get url() {
      return request().url
    },
    get method() {
      return request().method.toUpperCase()
    },
    headers: headerList(() => (current.run.input.phase === 'pre-request' ? [] : request().headers)),
    get body() {
      const r = request()
      return r.bodyText ?? (r.body.type === 'raw' ? r.body.text : undefined)
    },
  })
}

/**
 * `svc.response` (status is the number) or `alpha.response` (status is the reason text), as an
 * accessor of the namespace: the view while the run has a response, else null.
 */
export function responseAccessor(current: CurrentRun, statusAsText: boolean): () => object | null {
  const response = (): HostResponse => {
    const value = current.run.response
    if (!value) throw new Error('There is no response')
    return value
  }
  const view = api({
    get code() {
      return response().code
    },
    get status() {
      return statusAsText ? response().reason : response().code
    },
    get statusText() {
      return response().reason
    },
    reason: () => response().reason,
    get responseTime() {
      return response().responseTime
    },
    get responseSize() {
      return response().responseSize
    },
    // alpha's is Postman's HeaderList (pm-headers.ts); svc's the plain list.
    headers: statusAsText
      ? pure(
          postmanHeaderList(() => response().headers),
          ['get', 'has', 'toObject', 'all', 'count', 'toJSON', 'one', 'idx', 'indexOf', 'toString'],
        )
      : pure(
          headerList(() => response().headers),
          ['get', 'has', 'toObject', 'all', 'count', 'toJSON'],
        ),
    text: () => response().text(),
    // alpha's fails as newman's does (JSONError and where); svc's as the engine's JSON.parse.
    json: statusAsText ? () => response().jsonForPostman() : () => response().jsonForGuest(),
  })
  // A response never changes under a script: the guest keeps these values for the run.
  pure(view, ['reason', 'text', 'json'])
  for (const key of ['code', 'status', 'statusText', 'responseTime', 'responseSize']) {
    const getter = Object.getOwnPropertyDescriptor(view, key)?.get
    if (getter) perRun(getter)
  }
  Object.defineProperty(view, 'to', { enumerable: false, get: () => (response(), EXPECT_VIEW) })
  Object.defineProperty(view, 'not', { enumerable: false, get: () => (response(), EXPECT_VIEW_NOT) })
  RESPONSE_VIEWS.add(view)
  // Reached through an accessor, so marking the namespace does not reach it.
  markLasting(view)
  return perRun(() => (current.run.response ? view : null))
}

export function bodyOf(run: ScriptRun): unknown {
  return run.response ? parseJsonOr(run.response.text()) : undefined
}

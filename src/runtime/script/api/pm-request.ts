/**
 * `alpha.request` (also `pm.request`) on the host: the request's values for the guest's SDK
 * objects (guest/pm-sdk.ts) in one snapshot, and the changes a pre-request script makes through
 * them, turned into the run's request changes (`RequestChangeLog`) as newman applies them: values
 * with `{{variables}}` substituted (a withheld secret stays its placeholder), URL encoded as a
 * typed one is. Without the SDK wrapper (a script reaching it another way) the plain members of
 * `svc.request` still answer.
 */
import { buildUrl } from '../../../model/build-request.ts'
import { bodyFromSdk, sdkBody, type AppliedBody } from './pm-request-body.ts'
import { authFromSdk, sameAuth, sdkAuth, withLearnt } from './pm-request-auth.ts'
import type { HeaderList } from '../../../model/wire.ts'
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { api } from './bridge.ts'
import type { CurrentRun } from './common.ts'
import { headerList } from './values.ts'

interface Applied {
  url?: string
  method: string
  headers: [string | null, string | null, boolean][]
  body: AppliedBody | null
  auth?: unknown
}

/** Header names a run's SDK changes set or removed so far (to undo them when changed back). */
const touched = new WeakMap<ScriptRun, Set<string>>()

export function pmRequestView(current: CurrentRun) {
  const request = () => current.run.input.request
  /** Before the send, the URL as typed (as newman); after it, the one sent. */
  const url = () => {
    const r = request()
    return current.run.input.phase === 'pre-request' ? (r.rawUrl ?? r.url) : r.url
  }
  /** Every header row, the disabled ones marked (Postman lists them too). */
  const rows = () => {
    const r = request()
    if (current.run.input.phase === 'pre-request') return r.declaredHeaders ?? []
    return r.sent?.headers ?? r.headers.map(([key, value]) => ({ key, value }))
  }
  /** After the send, the body and auth that went out (sent-request.ts); before it, the request's own. */
  const body = () => sdkBody(request().sent?.body ?? request().body)
  const auth = () => {
    const r = request()
    if (!r.sent) return sdkAuth(r.auth)
    return withLearnt(r.sent.authJson ?? sdkAuth(r.sent.auth), r.sent.authLearnt)
  }
  const headers = (): HeaderList =>
    rows()
      .filter((h) => !('disabled' in h && h.disabled))
      .map((h) => [h.key, h.value])
  return api({
    get id() {
      return request().id
    },
    get name() {
      return request().name
    },
    get url() {
      return url()
    },
    get method() {
      return request().method.toUpperCase()
    },
    headers: headerList(headers),
    get body() {
      return body()
    },
    get auth() {
      return auth()
    },
    _sdkState: () =>
      JSON.stringify({
        id: request().id,
        name: request().name,
        url: url(),
        method: request().method.toUpperCase(),
        headers: rows(),
        body: body(),
        auth: auth(),
        ...(current.run.input.phase === 'pre-request' && request().urlTemplate
          ? { urlTemplate: request().urlTemplate, pathVariables: request().pathVariables }
          : {}),
      }),
    _sdkApply: (text: unknown) => {
      const run = current.run
      if (run.input.phase !== 'pre-request') return
      applySdk(run, JSON.parse(String(text)) as Applied, headers())
    },
  })
}

function applySdk(run: ScriptRun, next: Applied, original: HeaderList): void {
  const request = run.input.request
  const vars = run.input.variables.derive('view')
  const resolve = (text: string) => vars.replace(text)
  const log = run.changes
  const typed = request.rawUrl ?? request.url
  if (next.url !== undefined && (next.url !== typed || log.changes.url !== undefined)) {
    const url = buildUrl(next.url, resolve)
    if (!/^https?:\/\/[^/?#]/i.test(url)) throw new ScriptAbort('limit', messages.scriptUrl(next.url))
    log.changes.url = url
  }
  if (next.method.toUpperCase() !== request.method.toUpperCase() || log.changes.method !== undefined)
    log.setMethod(next.method)
  const before = new Map(original.map(([k, v]) => [k.toLowerCase(), v]))
  const seen = touched.get(run) ?? new Set<string>()
  touched.set(run, seen)
  const wanted = new Map<string, [string, string]>()
  for (const [key, value, disabled] of next.headers) {
    if (disabled || key === null || key === '') continue
    wanted.set(key.toLowerCase(), [key, value ?? ''])
  }
  for (const [lower, [key, value]] of wanted) {
    if (!seen.has(lower) && before.get(lower) === value) continue
    seen.add(lower)
    log.setHeader(key, resolve(value))
  }
  for (const lower of new Set([...before.keys(), ...seen])) {
    if (wanted.has(lower)) continue
    seen.add(lower)
    log.deleteHeader(lower)
  }
  // Compared as Postman shows them: a script that reads the body and writes it back changes nothing.
  const body = bodyFromSdk(next.body, request.body)
  if (
    log.changes.bodySpec !== undefined ||
    JSON.stringify(sdkBody(body)) !== JSON.stringify(sdkBody(request.body))
  )
    log.setBodySpec(body)
  if ('auth' in next && (log.changes.auth !== undefined || !sameAuth(next.auth, request.auth))) {
    log.changes.auth = authFromSdk(next.auth)
    if (next.auth && typeof next.auth === 'object') log.changes.authJson = next.auth
    else delete log.changes.authJson
  }
}

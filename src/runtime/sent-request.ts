/**
 * Postman's `pm.request` in a post-response script is the request as it was sent (newman): the
 * body and auth a pre-request script left, `{{variables}}` substituted, the auth inherited from a
 * folder or the collection when the request has none, and the headers as the request's own rows
 * (the script's changes applied, the disabled ones marked) followed by the ones the runtime added
 * (`system: true`: auth, Content-Type, the default headers, Host, Content-Length). Values come
 * from the scripts' view of the wire (withheld secrets as placeholders) wherever it has them.
 */
import { resolveAuth, type AuthSource } from '../model/auth/resolve-auth.ts'
import type { RequestChanges } from '../model/request-changes.ts'
import type { Auth, RequestBody, RequestSpec } from '../model/types.ts'
import type { VariableContext } from '../model/variables.ts'
import type { WireRequest } from '../model/wire.ts'
import type { DigestSession } from './digest-exchange.ts'
import type { SentHeaderRow, SentRequest } from './script/types.ts'

/** The runtime's own headers, in the order newman lists them after the others it added. */
const RUNTIME_ORDER = ['user-agent', 'accept', 'cache-control', 'host', 'accept-encoding', 'connection']

export function sentRequest(
  request: RequestSpec,
  parentAuth: AuthSource[],
  changes: RequestChanges,
  variables: VariableContext,
  view: WireRequest,
  /** Digest: the session the exchange learnt from the challenge. */
  learnt?: DigestSession,
): SentRequest {
  const vars = variables.derive('view')
  const resolve = (text: string) => vars.replace(text)
  const auth = sentAuth(changes.auth ?? request.auth, request, parentAuth)
  const body = changes.bodySpec ?? request.body
  return {
    headers: sentHeaders(request, changes, body, view, resolve),
    ...(auth ? { auth: deepResolve(auth, resolve) } : {}),
    ...(changes.authJson ? { authJson: deepResolve(changes.authJson, resolve) } : {}),
    ...(learnt ? { authLearnt: digestParameters(learnt) } : {}),
    body: sentBody(body, view, resolve),
  }
}

/** The auth that signed the request; undefined when neither it nor a parent sets one. */
function sentAuth(own: Auth, request: RequestSpec, parentAuth: AuthSource[]): Auth | undefined {
  const { auth, source } = resolveAuth([{ auth: own, name: request.name, kind: 'request' }, ...parentAuth])
  return source ? auth : undefined
}

function sentHeaders(
  request: RequestSpec,
  changes: RequestChanges,
  body: RequestBody,
  view: WireRequest,
  resolve: (text: string) => string,
): SentHeaderRow[] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  let rows: SentHeaderRow[] = request.headers
    .filter((h) => !h.auto)
    .map((h) => ({ key: resolve(h.key), value: h.value, ...(h.enabled ? {} : { disabled: true as const }) }))
  for (const name of changes.deleteHeaders) rows = rows.filter((row) => !same(row.key, name))
  for (const [name, value] of changes.setHeaders) {
    const at = rows.findIndex((row) => !row.disabled && same(row.key, name))
    const disabledAt = rows.findIndex((row) => row.disabled && same(row.key, name))
    if (at >= 0) rows[at] = { key: name, value }
    else if (disabledAt >= 0) rows[disabledAt] = { key: name, value }
    else rows.push({ key: name, value })
  }
  // The request's own rows take their values from the wire, one wire header each, in order.
  const wire = view.headers.map(([key, value]) => ({ key, value, taken: false }))
  for (const row of rows) {
    const sent = row.disabled ? undefined : wire.find((h) => !h.taken && same(h.key, row.key))
    if (sent) sent.taken = true
    row.value = sent ? sent.value : resolve(row.value)
  }
  // newman leaves out the Content-Type of a form body: its HTTP layer adds that one.
  const form = body.type === 'urlencoded' || body.type === 'form-data'
  const system = wire
    .filter((h) => !h.taken && !(form && same(h.key, 'content-type')))
    .map(({ key, value }) => ({ key, value }))
  const has = (name: string) => view.headers.some(([key]) => same(key, name))
  // Not `new URL`: the view's host may hold a withheld secret's {{placeholder}}.
  const host = /^[a-z][\w+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(view.url)?.[1]
  if (!has('host') && host) system.push({ key: 'Host', value: host })
  if (!has('connection')) system.push({ key: 'Connection', value: 'keep-alive' })
  const length = view.body?.length ?? 0
  if (!has('content-length') && (length > 0 || ['POST', 'PUT', 'PATCH'].includes(view.method.toUpperCase())))
    system.push({ key: 'Content-Length', value: String(length) })
  const rank = (key: string) => RUNTIME_ORDER.indexOf(key.toLowerCase())
  const added = [
    ...system.filter((h) => rank(h.key) < 0 && !same(h.key, 'content-length')),
    ...system.filter((h) => rank(h.key) >= 0).sort((a, b) => rank(a.key) - rank(b.key)),
    ...system.filter((h) => same(h.key, 'content-length')),
  ]
  return [...rows, ...added.map((h) => ({ ...h, system: true as const }))]
}

/** The body as sent: a raw body is the wire's text; rows and other kinds substituted. */
function sentBody(body: RequestBody, view: WireRequest, resolve: (text: string) => string): RequestBody {
  if (body.type === 'raw') return { ...body, text: view.body ? new TextDecoder().decode(view.body) : '' }
  return deepResolve(body, resolve)
}

function deepResolve<T>(value: T, resolve: (text: string) => string): T {
  return JSON.parse(JSON.stringify(value), (_, v: unknown) =>
    typeof v === 'string' && v.includes('{{') ? resolve(v) : v,
  ) as T
}

/** newman's names for what a Digest challenge taught, with the count the next request would use. */
function digestParameters({ nonce, realm, opaque, qop, cnonce, nc }: DigestSession) {
  const nonceCount = (nc + 1).toString(16).padStart(8, '0')
  return Object.entries({ nonce, realm, opaque, qop, clientNonce: cnonce, nonceCount }).map(
    ([key, value]) => ({
      key,
      value,
    }),
  )
}

/** The auth steps before a send: what the parents lend, and the OAuth 2.0 token to send with. */
import { resolveAuth, type AuthSource } from '../../model/auth/resolve-auth.ts'
import { tokenForSend } from '../oauth/token-for-send.ts'
import type { ParentScope, SendDeps, SendInput } from './types.ts'

/** The parents' auth, nearest first, as the inherit chain reads it. */
export function parentAuthOf(parents: ParentScope[]): AuthSource[] {
  return parents.map((p): AuthSource => {
    const source: AuthSource = { auth: p.auth, name: p.name, kind: p.kind }
    if (p.id) source.id = p.id
    return source
  })
}

/**
 * How long before its expiry a held token is renewed when checked right before the request goes
 * out: the time the request takes to reach the server.
 */
export const EXPIRY_MARGIN_MS = 1000

/**
 * The OAuth 2.0 token for the auth this request resolves to, fetched or renewed when needed;
 * null when there is none to get. `marginMs`: a token expiring within it is renewed too.
 */
export function oauthToken(input: SendInput, parentAuth: AuthSource[], deps: SendDeps, marginMs = 0) {
  if (deps.oauthToken !== undefined || !deps.oauth) return null
  const { request } = input
  const resolved = resolveAuth([
    { auth: request.auth, name: request.name, kind: 'request', id: request.id },
    ...parentAuth,
  ])
  if (resolved.auth.type !== 'oauth2') return null
  return tokenForSend(
    resolved.auth,
    resolved.source?.id ?? request.id,
    input.variables,
    deps.oauth.store,
    {
      transport: deps.transport,
      ...(deps.options ? { options: deps.options } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.oauth.now ? { now: deps.oauth.now } : {}),
    },
    marginMs,
  )
}

/**
 * Digest auth's round trip (RFC 7616) for the send pipeline: the request goes out, a 401 (or 403)
 * with a `WWW-Authenticate: Digest` challenge is answered once with the computed `Authorization`,
 * and the nonce is kept per auth (`DigestSessions`, one per collection run), so the next request
 * with the same auth answers at once with the nonce count one higher, as newman does. A server
 * that refuses the counted answer (a new or stale nonce) gets the new challenge answered once.
 */
import { setHeader } from '../model/build-request.ts'
import { clientNonce, digestAuthorization, parseDigestChallenge } from '../model/auth/digest.ts'
import { resolveAuth, type AuthSource } from '../model/auth/resolve-auth.ts'
import type { Auth, RequestSpec } from '../model/types.ts'
import type { VariableContext } from '../model/variables.ts'
import type { WireRequest, WireResponse } from '../model/wire.ts'

type DigestAuth = Extract<Auth, { type: 'digest' }>

export interface DigestSession {
  realm: string
  nonce: string
  qop: string
  opaque: string
  algorithm: string
  cnonce: string
  /** The last nonce count used with this nonce. */
  nc: number
  /** The auth's own nonce count, sent as written (`000001`) by the first request that uses it, as newman does. */
  ncText?: string
}

/** Nonces learnt from challenges, per auth (which request, folder or collection sets it). */
export type DigestSessions = Map<string, DigestSession>

export interface DigestExchange {
  /** Answers at once when a nonce is known (set in the auth, or from an earlier challenge). */
  sign(wire: WireRequest): Promise<WireRequest>
  /** The request to send once more when `response` is a challenge not answered yet; else null. */
  answer(wire: WireRequest, response: WireResponse): Promise<WireRequest | null>
  /** The session the last signed request used (what newman records on the auth); else undefined. */
  learnt(): DigestSession | undefined
}

/** The exchange for a request whose resolved auth is Digest; null for every other auth. */
export function digestExchange(
  request: RequestSpec,
  parentAuth: AuthSource[],
  variables: VariableContext,
  sessions: DigestSessions,
): DigestExchange | null {
  const { auth, source } = resolveAuth([
    { auth: request.auth, name: request.name, kind: 'request' },
    ...parentAuth,
  ])
  if (auth.type !== 'digest') return null
  const v = (text: string) => variables.replace(text)
  const config: DigestAuth = { ...auth, username: v(auth.username), password: v(auth.password) }
  const key = JSON.stringify([
    source?.kind === 'request' ? request.id : source?.kind,
    source?.name,
    config.username,
  ])
  const configured = (): DigestSession | undefined =>
    config.realm && config.nonce
      ? {
          realm: v(config.realm),
          nonce: v(config.nonce),
          qop: v(config.qop),
          opaque: v(config.opaque),
          algorithm: config.algorithm,
          cnonce: v(config.clientNonce) || clientNonce(),
          nc: Math.max(0, (parseInt(v(config.nonceCount), 16) || 1) - 1),
          ...(v(config.nonceCount) ? { ncText: v(config.nonceCount) } : {}),
        }
      : undefined
  /** The nonce the last signed request used; undefined when it went out unsigned. */
  let used: string | undefined
  let last: DigestSession | undefined
  let answered = false

  const signWith = async (wire: WireRequest, session: DigestSession): Promise<WireRequest> => {
    session.nc++
    used = session.nonce
    const ncText = session.ncText
    delete session.ncText
    last = session
    const url = new URL(wire.url)
    const value = await digestAuthorization({
      username: config.username,
      password: config.password,
      algorithm: session.algorithm,
      realm: session.realm,
      nonce: session.nonce,
      qop: session.qop,
      opaque: session.opaque,
      nc: ncText ?? session.nc,
      cnonce: session.cnonce,
      method: wire.method,
      uri: `${url.pathname}${url.search}`,
      body: wire.body,
    })
    const headers = wire.headers.map((h): [string, string] => [h[0], h[1]])
    setHeader(headers, 'Authorization', value)
    return { ...wire, headers }
  }

  return {
    async sign(wire) {
      // As newman: once a nonce is known the auth's answer replaces an Authorization header set
      // by hand (or by a script); without one the request goes out as written.
      const session = sessions.get(key) ?? configured()
      if (!session) return wire
      sessions.set(key, session)
      return signWith(wire, session)
    },
    async answer(wire, response) {
      if (answered || (response.status !== 401 && response.status !== 403)) return null
      const challenge = parseDigestChallenge(
        response.headers
          .filter(([name]) => name.toLowerCase() === 'www-authenticate')
          .map(([, value]) => value),
      )
      // The same nonce refused again means wrong credentials: asking once more would not help.
      if (!challenge || (challenge.nonce === used && !challenge.stale)) return null
      answered = true
      // As newman: a field the auth sets (not empty as written) keeps its value; the challenge
      // fills in the empty ones.
      const own = (written: string, fromChallenge: string) => (written !== '' ? v(written) : fromChallenge)
      const session: DigestSession = {
        realm: own(config.realm, challenge.realm),
        nonce: own(config.nonce, challenge.nonce),
        qop: own(config.qop, challenge.qop),
        opaque: own(config.opaque, challenge.opaque),
        algorithm: config.algorithm || challenge.algorithm || 'MD5',
        cnonce: clientNonce(),
        nc: 0,
      }
      sessions.set(key, session)
      const unsigned = { ...wire, headers: wire.headers.filter(([n]) => n.toLowerCase() !== 'authorization') }
      return signWith(unsigned, session)
    },
    learnt: () => last,
  }
}

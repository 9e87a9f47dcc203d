/**
 * The token a send uses (spec 3, "OAuth token held"): a pasted one as is; a held one while it
 * lasts; an expired one renewed with its refresh token, or for Client credentials (and the
 * password grant) with a new token. When renewal fails the old token still goes out, with the
 * notice `Token not renewed` and the server's error.
 */
import type { OAuth2Auth } from '../../model/types.ts'
import type { VariableContext } from '../../model/variables.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'
import { resolveOAuthConfig, tokenFor, type OAuthConfig } from './config.ts'
import { OAuthError } from './errors.ts'
import type { TokenGrant, TokenRequestDeps } from './grants.ts'
import { oauthMessages as m } from './messages.ts'

/** Where tokens are kept: the device document in the app, a map for one CLI run. */
export interface TokenStore {
  get(owner: string): OAuthToken | undefined
  set(owner: string, token: OAuthToken): void
}

export interface TokenForSend {
  /** Absent: the request goes out without OAuth credentials. */
  token?: string
  /** Shown beside the response (`Token not renewed: …`). */
  notice?: string
  /** No token could be had at all: the request is not sent, with this message. */
  error?: string
}

export function isExpired(token: OAuthToken, now: number): boolean {
  return token.expiresAt !== undefined && now >= token.expiresAt
}

/** Grants that can fetch a token without a person: the send does it itself when none is held. */
function fetchesUnattended(config: OAuthConfig): boolean {
  return config.grant === 'client-credentials' || config.grant === 'password'
}

export async function tokenForSend(
  auth: OAuth2Auth,
  owner: string,
  variables: VariableContext,
  store: TokenStore,
  deps: TokenRequestDeps,
  /** A held token that expires within this many ms counts as expired (it would arrive expired). */
  marginMs = 0,
): Promise<TokenForSend> {
  if (auth.grant === 'token') {
    const token = variables.replace(auth.accessToken).trim()
    return token ? { token } : {}
  }
  const now = (deps.now ?? Date.now)()
  const config = resolveOAuthConfig(auth, variables)
  // Fetched with another grant, Token-URL, Client-ID, scope or Authorization-URL: absent.
  const held = tokenFor(store.get(owner), config)
  if (held && !isExpired(held, now + marginMs)) return { token: held.accessToken }
  if (!held) {
    if (!fetchesUnattended(config)) return { notice: m.noTokenHeld }
    try {
      const fresh = await requestToken(config, { grant: unattendedGrant(config) }, deps)
      store.set(owner, fresh)
      return { token: fresh.accessToken }
    } catch (error) {
      return { error: `OAuth 2.0: ${(error as Error).message}` }
    }
  }
  try {
    const renewed = await renew(config, held, deps)
    store.set(owner, renewed)
    return { token: renewed.accessToken }
  } catch (error) {
    return { token: held.accessToken, notice: `${m.tokenNotRenewed}: ${(error as Error).message}` }
  }
}

/** With the refresh token when the server gave one, else a new token for an unattended grant. */
export function renew(config: OAuthConfig, held: OAuthToken, deps: TokenRequestDeps): Promise<OAuthToken> {
  if (held.refreshToken)
    return requestToken(config, { grant: 'refresh_token', refreshToken: held.refreshToken }, deps)
  if (fetchesUnattended(config)) return requestToken(config, { grant: unattendedGrant(config) }, deps)
  return Promise.reject(new OAuthError(m.noRefreshWay))
}

/** oauth4webapi loads with the first token request, not with the app. */
async function requestToken(
  config: OAuthConfig,
  how: TokenGrant,
  deps: TokenRequestDeps,
): Promise<OAuthToken> {
  return (await import('./grants.ts')).requestToken(config, how, deps)
}

function unattendedGrant(config: OAuthConfig): 'client_credentials' | 'password' {
  return config.grant === 'password' ? 'password' : 'client_credentials'
}

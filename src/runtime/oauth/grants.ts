/**
 * Token requests of every grant, through oauth4webapi (parameters, PKCE, client authentication,
 * response validation) and the active Transport. Every failure becomes an `OAuthError` whose
 * message names the field to fix. Loaded when a token is first needed (oauth4webapi stays out of
 * the app's first load).
 */
import * as oauth from 'oauth4webapi'
import type { OAuthToken } from '../../model/workspace/types.ts'
import { TransportError, type SendOptions, type Transport } from '../transport/types.ts'
import { grantParameters, tokenFingerprint, type OAuthConfig } from './config.ts'
import { OAuthError } from './errors.ts'
import { oauthMessages as m } from './messages.ts'
import { transportFetch } from './transport-fetch.ts'

export { OAuthError }

export interface TokenRequestDeps {
  transport: Transport
  options?: Omit<SendOptions, 'signal'>
  signal?: AbortSignal
  now?: () => number
}

export type TokenGrant =
  | { grant: 'client_credentials' }
  | { grant: 'password' }
  | { grant: 'refresh_token'; refreshToken: string }
  | { grant: 'authorization_code'; callback: URL; redirectUri: string; verifier: string; state: string }

export async function requestToken(
  config: OAuthConfig,
  how: TokenGrant,
  deps: TokenRequestDeps,
): Promise<OAuthToken> {
  if (!config.tokenUrl) throw new OAuthError(m.missingField('Token-URL'))
  const tokenUrl = httpUrl(config.tokenUrl, 'Token-URL')
  if (!config.clientId) throw new OAuthError(m.missingField('Client-ID'))
  const as: oauth.AuthorizationServer = { issuer: tokenUrl.origin, token_endpoint: tokenUrl.href }
  const client: oauth.Client = { client_id: config.clientId }
  const clientAuth = !config.clientSecret
    ? oauth.None()
    : config.clientAuth === 'body'
      ? oauth.ClientSecretPost(config.clientSecret)
      : oauth.ClientSecretBasic(config.clientSecret)
  let last: Response | undefined
  const viaTransport = transportFetch(deps.transport, deps.options)
  const options = {
    [oauth.customFetch]: async (url: string, init: RequestInit) =>
      (last = await withoutIdToken(await viaTransport(url, init))),
    [oauth.allowInsecureRequests]: true,
    ...(deps.signal ? { signal: deps.signal } : {}),
  }
  const started = (deps.now ?? Date.now)()
  try {
    let body: oauth.TokenEndpointResponse
    switch (how.grant) {
      case 'client_credentials': {
        const response = await oauth.clientCredentialsGrantRequest(
          as,
          client,
          clientAuth,
          grantParameters(config),
          options,
        )
        body = await oauth.processClientCredentialsResponse(as, client, await response)
        break
      }
      case 'password': {
        if (!config.username) throw new OAuthError(m.missingField('Username'))
        const params = grantParameters(config)
        params.set('username', config.username)
        params.set('password', config.password)
        const response = await oauth.genericTokenEndpointRequest(
          as,
          client,
          clientAuth,
          'password',
          params,
          options,
        )
        body = await oauth.processGenericTokenEndpointResponse(as, client, response)
        break
      }
      case 'refresh_token': {
        const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, how.refreshToken, {
          ...options,
          additionalParameters: grantParameters(config, false),
        })
        body = await oauth.processRefreshTokenResponse(as, client, response)
        break
      }
      case 'authorization_code': {
        const callback = new URLSearchParams(how.callback.search)
        // Without the server's metadata its issuer is unknown; the state check still ties the
        // answer to this sign-in.
        callback.delete('iss')
        const params = oauth.validateAuthResponse(as, client, callback, how.state)
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          params,
          how.redirectUri,
          how.verifier,
          { ...options, additionalParameters: grantParameters(config, false) },
        )
        body = await oauth.processAuthorizationCodeResponse(as, client, response)
        break
      }
    }
    const token = toToken(body, started, how.grant === 'refresh_token' ? how.refreshToken : undefined)
    return { ...token, fingerprint: tokenFingerprint(config) }
  } catch (error) {
    throw explain(error, config, how, last)
  }
}

/** PKCE (S256) and `state` for a sign-in: the URL to open and what the callback is checked against. */
export async function authorizationRequest(
  config: OAuthConfig,
  redirectUri: string,
): Promise<{ url: URL; verifier: string; state: string }> {
  if (!config.authUrl) throw new OAuthError(m.missingField('Authorization-URL'))
  const url = httpUrl(config.authUrl, 'Authorization-URL')
  if (!config.tokenUrl) throw new OAuthError(m.missingField('Token-URL'))
  httpUrl(config.tokenUrl, 'Token-URL')
  if (!config.clientId) throw new OAuthError(m.missingField('Client-ID'))
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const params = grantParameters(config)
  params.set('response_type', 'code')
  params.set('client_id', config.clientId)
  params.set('redirect_uri', redirectUri)
  params.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier))
  params.set('code_challenge_method', 'S256')
  params.set('state', state)
  for (const [name, value] of params) url.searchParams.set(name, value)
  return { url, verifier, state }
}

function httpUrl(text: string, field: string): URL {
  try {
    const url = new URL(text)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url
  } catch {
    // falls through to the message naming the field
  }
  throw new OAuthError(m.badUrl(field, text))
}

function toToken(body: oauth.TokenEndpointResponse, started: number, oldRefresh?: string): OAuthToken {
  const refreshToken = body.refresh_token ?? oldRefresh
  return {
    accessToken: body.access_token,
    tokenType: body.token_type,
    ...(refreshToken ? { refreshToken } : {}),
    ...(typeof body.expires_in === 'number' ? { expiresAt: started + body.expires_in * 1000 } : {}),
    ...(body.scope !== undefined ? { scope: body.scope } : {}),
  }
}

/**
 * Sendbox is an OAuth client, not an OpenID relying party: an ID token is neither used nor
 * checked (checking it needs the issuer's metadata, which a Token-URL alone does not give).
 */
async function withoutIdToken(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response
  const text = await response.text()
  let out = text
  try {
    const json = JSON.parse(text) as unknown
    if (json && typeof json === 'object' && 'id_token' in json) {
      delete (json as Record<string, unknown>).id_token
      out = JSON.stringify(json)
    }
  } catch {
    // Not JSON after all: oauth4webapi reports it, and explain() names the Token-URL.
  }
  return new Response(out, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

function explain(
  error: unknown,
  config: OAuthConfig,
  how: TokenGrant,
  last: Response | undefined,
): OAuthError {
  if (error instanceof OAuthError) return error
  if (error instanceof TransportError) return new OAuthError(m.unreachable(config.tokenUrl, error.message))
  if (error instanceof oauth.ResponseBodyError) {
    const detail = error.error_description ? ` ${error.error_description}` : ''
    switch (error.error) {
      case 'invalid_client':
        return new OAuthError(m.invalidClient(detail), error.error)
      case 'invalid_grant':
        return new OAuthError(m.invalidGrant(grantWhat(how), detail), error.error)
      case 'invalid_scope':
        return new OAuthError(m.invalidScope(detail), error.error)
      case 'unauthorized_client':
        return new OAuthError(m.unauthorizedClient(detail), error.error)
      default:
        return new OAuthError(m.serverError(error.error, detail), error.error)
    }
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    const detail = error.error_description ? ` ${error.error_description}` : ''
    return new OAuthError(m.authorizationError(error.error, detail), error.error)
  }
  if (error instanceof oauth.OperationProcessingError) {
    const status = last?.status ?? 0
    const type = last?.headers.get('content-type') ?? ''
    if (error.code === oauth.RESPONSE_IS_NOT_JSON || error.code === oauth.PARSE_ERROR)
      return new OAuthError(m.notJson(status, type))
    if (error.code === oauth.RESPONSE_IS_NOT_CONFORM) return new OAuthError(m.notConform(status))
    if (error.code === oauth.INVALID_RESPONSE && /state/.test(error.message))
      return new OAuthError(m.stateMismatch)
    if (error.code === oauth.INVALID_RESPONSE && /access_token/.test(error.message))
      return new OAuthError(m.noAccessToken)
    return new OAuthError(`${error.message} (Token-URL ${config.tokenUrl})`)
  }
  if ((error as Error)?.name === 'AbortError') return new OAuthError(m.popupClosed)
  return new OAuthError((error as Error)?.message ?? String(error))
}

function grantWhat(how: TokenGrant): string {
  switch (how.grant) {
    case 'refresh_token':
      return 'refresh token'
    case 'authorization_code':
      return 'sign-in code'
    case 'password':
      return 'Username or Password'
    case 'client_credentials':
      return 'client credentials'
  }
}

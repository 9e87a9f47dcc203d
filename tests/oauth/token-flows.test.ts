/**
 * OAuth 2.0 token requests against a real authorization server on 127.0.0.1 (oauth2-mock-server,
 * tests/fixtures/oauth-server.ts), through the real Node transport: each grant, PKCE, the errors a
 * user gets (each naming the field to fix), and renewal inside the send pipeline.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makeRequest } from '../../src/model/factories.ts'
import type { OAuth2Auth } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import type { OAuthToken } from '../../src/model/workspace/types.ts'
import { resolveOAuthConfig } from '../../src/runtime/oauth/config.ts'
import { authorizationRequest, requestToken } from '../../src/runtime/oauth/grants.ts'
import type { TokenStore } from '../../src/runtime/oauth/token-for-send.ts'
import { send } from '../../src/runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { OAUTH_APP, startOAuthServer, type OAuthTestServer } from '../fixtures/oauth-server.ts'

let server: OAuthTestServer
let echo: EchoServer
let transport: NodeTransport
beforeAll(async () => {
  server = await startOAuthServer()
  echo = await startEchoServer()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  await echo.close()
  await server.close()
})
beforeEach(() => {
  server.lifetime = 3600
  server.failRefresh = false
  server.failAll = false
  server.grants.length = 0
})

const vars = new VariableContext([
  {
    scope: 'environment',
    variables: [
      { key: 'clientId', value: OAUTH_APP.clientId },
      { key: 'clientSecret', value: OAUTH_APP.clientSecret, secret: true },
    ],
  },
])

function oauthAuth(fields: Partial<OAuth2Auth> = {}): OAuth2Auth {
  return {
    type: 'oauth2',
    grant: 'client-credentials',
    accessToken: '',
    authUrl: server.authUrl,
    tokenUrl: server.tokenUrl,
    clientId: '{{clientId}}',
    clientSecret: '{{clientSecret}}',
    scope: 'read write',
    ...fields,
  }
}

const tokenOf = (fields: Partial<OAuth2Auth> = {}, grant = { grant: 'client_credentials' as const }) =>
  requestToken(resolveOAuthConfig(oauthAuth(fields), vars), grant, { transport })

describe('token requests', () => {
  it('Client credentials: HTTP Basic by default, the scope, and an expiry from expires_in', async () => {
    server.lifetime = 120
    const before = Date.now()
    const token = await tokenOf()
    expect(server.grants).toMatchObject([{ grant: 'client_credentials', clientAuth: 'basic' }])
    expect(server.grants[0]?.body.scope).toBe('read write')
    expect(token.accessToken).toBe(server.grants[0]?.accessToken)
    expect(token.scope).toBe('read write')
    expect(token.refreshToken).toBeUndefined()
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + 120_000)
    expect(token.expiresAt).toBeLessThan(Date.now() + 121_000)
  })

  it('client authentication in the body, with audience, resource and extra parameters', async () => {
    await tokenOf({
      clientAuth: 'body',
      audience: 'api://x',
      resource: 'https://r/',
      extraParams: 'a=1\n\nb = two',
    })
    expect(server.grants[0]).toMatchObject({ clientAuth: 'body' })
    expect(server.grants[0]?.body).toMatchObject({
      audience: 'api://x',
      resource: 'https://r/',
      a: '1',
      b: 'two',
    })
  })

  it('the password grant sends username and password', async () => {
    await tokenOf({ grant: 'password', username: 'ada', password: 'pw' }, { grant: 'password' } as never)
    expect(server.grants[0]?.body).toMatchObject({ grant_type: 'password', username: 'ada', password: 'pw' })
  })

  it('invalid_client names Client-ID and Client-Secret', async () => {
    await expect(tokenOf({ clientSecret: 'wrong' })).rejects.toThrow(
      /invalid_client\): check Client-ID and Client-Secret.*Client authentication failed/,
    )
  })

  it('an unreachable Token-URL, a non-JSON answer and empty fields each say what to fix', async () => {
    await expect(tokenOf({ tokenUrl: 'http://127.0.0.1:9/token' })).rejects.toThrow(
      /^Token-URL could not be reached \(http:\/\/127\.0\.0\.1:9\/token\)/,
    )
    await expect(tokenOf({ tokenUrl: `${echo.url}/html` })).rejects.toThrow(
      /^Token-URL answered HTTP 200 with text\/html.*not a JSON token response/,
    )
    await expect(tokenOf({ tokenUrl: '' })).rejects.toThrow('Token-URL is empty')
    await expect(tokenOf({ tokenUrl: 'ftp://x' })).rejects.toThrow(
      'Token-URL is not a valid http(s) URL: ftp://x',
    )
    await expect(tokenOf({ clientId: '' })).rejects.toThrow('Client-ID is empty')
  })

  it('Authorization Code + PKCE: S256 and state out, the code back, verified against the verifier', async () => {
    const config = resolveOAuthConfig(oauthAuth({ grant: 'authorization-code', clientSecret: '' }), vars)
    const redirectUri = 'http://127.0.0.1:1/oauth/callback'
    const start = await authorizationRequest(config, redirectUri)
    expect(start.url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(start.url.searchParams.get('state')).toBe(start.state)
    // The browser's part: the server signs in at once and redirects to the callback.
    const signIn = await fetch(start.url, { redirect: 'manual' })
    const callback = new URL(signIn.headers.get('location') ?? '')
    expect(callback.searchParams.get('state')).toBe(start.state)

    const wrong = await authorizationRequest(config, redirectUri)
    await expect(
      requestToken(
        config,
        { grant: 'authorization_code', callback, redirectUri, verifier: start.verifier, state: wrong.state },
        { transport },
      ),
    ).rejects.toThrow(/state mismatch/)
    const token = await requestToken(
      config,
      { grant: 'authorization_code', callback, redirectUri, verifier: start.verifier, state: start.state },
      { transport },
    )
    expect(server.grants.at(-1)).toMatchObject({ grant: 'authorization_code', clientAuth: 'none' })
    expect(server.grants.at(-1)?.body.code_verifier).toBe(start.verifier)
    expect(token.refreshToken).toMatch(/^[0-9a-f-]{36}$/)

    // A code used with another verifier is refused (PKCE is really checked).
    const again = await authorizationRequest(config, redirectUri)
    const code2 = new URL((await fetch(again.url, { redirect: 'manual' })).headers.get('location') ?? '')
    await expect(
      requestToken(
        config,
        {
          grant: 'authorization_code',
          callback: code2,
          redirectUri,
          verifier: start.verifier,
          state: again.state,
        },
        { transport },
      ),
    ).rejects.toThrow()
  })
})

describe('renewal on send', () => {
  const memoryStore = (initial?: OAuthToken): TokenStore & { tokens: Map<string, OAuthToken> } => {
    const tokens = new Map<string, OAuthToken>(initial ? [['req', initial]] : [])
    return { tokens, get: (owner) => tokens.get(owner), set: (owner, token) => void tokens.set(owner, token) }
  }
  const sendWith = (auth: OAuth2Auth, store: TokenStore) =>
    send(
      { request: makeRequest({ id: 'req', url: `${echo.url}/anything/api`, auth }), variables: vars },
      { transport, oauth: { store } },
    )
  const sentAuthorization = () =>
    echo.seen.at(-1)?.headers.find(([n]) => n.toLowerCase() === 'authorization')?.[1]

  it('Client credentials with no token held fetches one, then reuses it while it lasts', async () => {
    const store = memoryStore()
    const first = await sendWith(oauthAuth(), store)
    expect(first.outcome).toBe('done')
    const token = store.tokens.get('req')?.accessToken
    expect(sentAuthorization()).toBe(`Bearer ${token}`)
    await sendWith(oauthAuth(), store)
    expect(server.grants).toHaveLength(1)
    expect(sentAuthorization()).toBe(`Bearer ${token}`)
  })

  it('an expired token is renewed with its refresh token; the new one goes out', async () => {
    const store = memoryStore()
    const start = await authorizationRequest(
      resolveOAuthConfig(oauthAuth({ grant: 'authorization-code' }), vars),
      'http://127.0.0.1:1/cb',
    )
    const callback = new URL((await fetch(start.url, { redirect: 'manual' })).headers.get('location') ?? '')
    const signedIn = await requestToken(
      resolveOAuthConfig(oauthAuth({ grant: 'authorization-code' }), vars),
      {
        grant: 'authorization_code',
        callback,
        redirectUri: 'http://127.0.0.1:1/cb',
        verifier: start.verifier,
        state: start.state,
      },
      { transport },
    )
    store.set('req', { ...signedIn, expiresAt: Date.now() - 1 })
    const result = await sendWith(oauthAuth({ grant: 'authorization-code' }), store)
    expect(server.grants.at(-1)).toMatchObject({ grant: 'refresh_token', clientAuth: 'basic' })
    const renewed = store.tokens.get('req')
    expect(renewed?.accessToken).not.toBe(signedIn.accessToken)
    expect(renewed?.refreshToken).not.toBe(signedIn.refreshToken)
    expect(sentAuthorization()).toBe(`Bearer ${renewed?.accessToken}`)
    expect(result.notices).toBeUndefined()
  })

  it('Client credentials without a refresh token gets a new token when the old one expired', async () => {
    const store = memoryStore({ accessToken: 'old', expiresAt: Date.now() - 1 })
    await sendWith(oauthAuth(), store)
    expect(server.grants.map((g) => g.grant)).toEqual(['client_credentials'])
    expect(sentAuthorization()).toBe(`Bearer ${server.grants[0]?.accessToken}`)
  })

  it('a failed renewal sends the old token with `Token not renewed` and the server error', async () => {
    server.failRefresh = true
    const store = memoryStore({ accessToken: 'old-token', refreshToken: 'r', expiresAt: Date.now() - 1 })
    const result = await sendWith(oauthAuth({ grant: 'authorization-code' }), store)
    expect(result.outcome).toBe('done')
    expect(sentAuthorization()).toBe('Bearer old-token')
    expect(result.notices).toEqual([
      'Token not renewed: The token server refused the refresh token (invalid_grant). The refresh token is invalid or expired.',
    ])
    expect(store.tokens.get('req')?.accessToken).toBe('old-token')
  })

  it('a token that cannot be had at all means `Request not sent` naming the field', async () => {
    const result = await sendWith(oauthAuth({ clientSecret: 'nope' }), memoryStore())
    expect(result.outcome).toBe('not-sent')
    expect(result.outcome === 'not-sent' && result.error).toMatch(
      /^OAuth 2.0: .*check Client-ID and Client-Secret/,
    )
  })

  it('a pasted token goes out as is, with the header prefix or as the access_token query parameter', async () => {
    await sendWith(oauthAuth({ grant: 'token', accessToken: 'pasted', headerPrefix: 'Token' }), memoryStore())
    expect(sentAuthorization()).toBe('Token pasted')
    await sendWith(oauthAuth({ grant: 'token', accessToken: 'pasted', addTo: 'query' }), memoryStore())
    expect(echo.seen.at(-1)?.query).toContainEqual(['access_token', 'pasted'])
    expect(server.grants).toHaveLength(0)
  })
})

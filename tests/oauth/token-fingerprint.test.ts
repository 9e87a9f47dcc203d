/**
 * A held OAuth 2.0 token belongs to the grant, Token-URL, Client-ID, scope and Authorization-URL
 * it was fetched with: once any of them changes it counts as absent (not sent, its refresh token
 * never offered to another server). Real authorization servers on 127.0.0.1, the real send
 * pipeline and Node transport, the echo server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makeRequest } from '../../src/model/factories.ts'
import type { OAuth2Auth } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import type { OAuthToken } from '../../src/model/workspace/types.ts'
import { resolveOAuthConfig, tokenFingerprint, tokenFor } from '../../src/runtime/oauth/config.ts'
import { oauthMessages } from '../../src/runtime/oauth/messages.ts'
import type { TokenStore } from '../../src/runtime/oauth/token-for-send.ts'
import { send } from '../../src/runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { OAUTH_APP, startOAuthServer, type OAuthTestServer } from '../fixtures/oauth-server.ts'

let server: OAuthTestServer
let other: OAuthTestServer
let echo: EchoServer
let transport: NodeTransport
beforeAll(async () => {
  server = await startOAuthServer()
  other = await startOAuthServer()
  echo = await startEchoServer()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  await echo.close()
  await other.close()
  await server.close()
})
beforeEach(() => {
  server.grants.length = 0
  other.grants.length = 0
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
const configOf = (fields: Partial<OAuth2Auth> = {}) => resolveOAuthConfig(oauthAuth(fields), vars)

function memoryStore(): TokenStore & { tokens: Map<string, OAuthToken> } {
  const tokens = new Map<string, OAuthToken>()
  return { tokens, get: (owner) => tokens.get(owner), set: (owner, token) => void tokens.set(owner, token) }
}
const sendWith = (auth: OAuth2Auth, store: TokenStore) =>
  send(
    { request: makeRequest({ id: 'req', url: `${echo.url}/anything/api`, auth }), variables: vars },
    { transport, oauth: { store } },
  )
const sentAuthorization = () =>
  echo.seen.at(-1)?.headers.find(([n]) => n.toLowerCase() === 'authorization')?.[1]

describe('token fingerprint', () => {
  it('a token counts only for the grant, Token-URL, Client-ID, scope and Authorization-URL it was fetched with', () => {
    const token: OAuthToken = { accessToken: 'at', fingerprint: tokenFingerprint(configOf()) }
    expect(tokenFor(token, configOf())).toEqual(token)
    for (const change of [
      { grant: 'authorization-code' as const },
      { tokenUrl: other.tokenUrl },
      { clientId: 'another-client' },
      { scope: 'read' },
      { authUrl: other.authUrl },
    ]) {
      expect(tokenFor(token, configOf(change)), JSON.stringify(change)).toBeUndefined()
    }
    // Neither the secret nor how the client authenticates defines which token it is.
    expect(tokenFor(token, configOf({ clientSecret: 'rotated', clientAuth: 'body' }))).toEqual(token)
    // Resolved values count: the same text with another variable value is another token.
    const byVariable = resolveOAuthConfig(
      oauthAuth(),
      new VariableContext([{ scope: 'environment', variables: [{ key: 'clientId', value: 'staging-app' }] }]),
    )
    expect(tokenFor(token, byVariable)).toBeUndefined()
    // Tokens held from before fingerprints existed still count.
    expect(tokenFor({ accessToken: 'legacy' }, configOf({ scope: 'other' }))?.accessToken).toBe('legacy')
    expect(tokenFor(undefined, configOf())).toBeUndefined()
  })

  it('a fetched token carries the fingerprint of its config', async () => {
    const store = memoryStore()
    await sendWith(oauthAuth(), store)
    expect(store.tokens.get('req')?.fingerprint).toBe(tokenFingerprint(configOf()))
  })

  it('after the scope changes a send fetches a new token instead of sending the held one', async () => {
    const store = memoryStore()
    await sendWith(oauthAuth(), store)
    const first = store.tokens.get('req')!.accessToken
    expect(sentAuthorization()).toBe(`Bearer ${first}`)
    await sendWith(oauthAuth({ scope: 'read' }), store)
    expect(server.grants.map((g) => g.body.scope)).toEqual(['read write', 'read'])
    const second = store.tokens.get('req')!.accessToken
    expect(second).not.toBe(first)
    expect(sentAuthorization()).toBe(`Bearer ${second}`)
  })

  it('after the grant changes to one needing a person the held token is not sent', async () => {
    const store = memoryStore()
    await sendWith(oauthAuth(), store)
    const result = await sendWith(oauthAuth({ grant: 'authorization-code' }), store)
    expect(result.outcome).toBe('done')
    expect(sentAuthorization()).toBeUndefined()
    expect(result.notices).toEqual([oauthMessages.noTokenHeld])
  })

  it('after the Token-URL changes an expired token’s refresh token never goes to the new server', async () => {
    const store = memoryStore()
    await sendWith(oauthAuth(), store)
    const held = store.tokens.get('req')!
    store.set('req', { ...held, refreshToken: 'refresh-for-the-first-server', expiresAt: Date.now() - 1 })
    server.grants.length = 0
    await sendWith(oauthAuth({ tokenUrl: other.tokenUrl }), store)
    expect(server.grants).toEqual([])
    expect(other.grants.map((g) => g.grant)).toEqual(['client_credentials'])
    expect(JSON.stringify(other.grants)).not.toContain('refresh-for-the-first-server')
    expect(sentAuthorization()).toBe(`Bearer ${other.grants[0]?.accessToken}`)
  })

  it('after the Client-ID changes the old client’s token is not sent', async () => {
    const store = memoryStore()
    await sendWith(oauthAuth(), store)
    const seen = echo.seen.length
    const result = await sendWith(oauthAuth({ clientId: 'unknown-client' }), store)
    // The server refuses the new client, so the request is not sent at all.
    expect(result.outcome).toBe('not-sent')
    expect(result.outcome === 'not-sent' && result.error).toMatch(/^OAuth 2\.0: .*Client-ID/)
    expect(echo.seen.length).toBe(seen)
  })
})

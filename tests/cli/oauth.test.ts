/**
 * `sendbox run` with OAuth 2.0 (Postman v2.1 `auth.type = "oauth2"` and Sendbox's own): tokens
 * fetched from a real authorization server before the first request that needs them, cached for
 * the run, renewed inside it when they expire; token errors fail that request.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { OAUTH_APP, startOAuthServer, type OAuthTestServer } from '../fixtures/oauth-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { postmanCollection } from '../helpers/postman.ts'

let echo: EchoServer
let server: OAuthTestServer
beforeAll(async () => {
  echo = await startEchoServer()
  server = await startOAuthServer()
})
afterAll(async () => {
  await echo.close()
  await server.close()
})
beforeEach(() => {
  server.grants.length = 0
  server.lifetime = 3600
})

function oauth2(params: Record<string, string>) {
  return {
    type: 'oauth2',
    oauth2: Object.entries(params).map(([key, value]) => ({ key, value, type: 'string' })),
  }
}
const get = (name: string, path: string) => ({ name, request: { method: 'GET', url: `{{base}}${path}` } })
const authOf = (path: string) =>
  echo.seen
    .findLast((rec) => rec.path === path)
    ?.headers.find(([n]) => n.toLowerCase() === 'authorization')?.[1]

async function run(
  collection: unknown,
): Promise<{ code: number | null; report: JsonReport; stdout: string }> {
  const dir = writeFiles({ 'c.json': collection })
  const out = join(dir, 'report.json')
  const result = await runSendbox([
    'run',
    join(dir, 'c.json'),
    '--env-var',
    `base=${echo.url}`,
    '--env-var',
    `tokenUrl=${server.tokenUrl}`,
    '-r',
    'cli,json',
    '--reporter-json-export',
    out,
  ])
  return {
    code: result.code,
    stdout: result.stdout,
    report: JSON.parse(readFileSync(out, 'utf8')) as JsonReport,
  }
}

describe('sendbox run with OAuth 2.0', () => {
  it('client_credentials: one token for the run, renewed once it expired (expires_in)', async () => {
    server.lifetime = 1
    const { code, report } = await run(
      postmanCollection(
        'CC',
        [get('first', '/anything/1'), get('slow', '/delay/1200'), get('after', '/anything/3')],
        {
          auth: oauth2({
            grant_type: 'client_credentials',
            accessTokenUrl: '{{tokenUrl}}',
            clientId: OAUTH_APP.clientId,
            clientSecret: OAUTH_APP.clientSecret,
            scope: 'read',
            client_authentication: 'body',
            addTokenTo: 'header',
          }),
        },
      ),
    )
    expect(code).toBe(0)
    expect(report.executions.map((e) => e.outcome)).toEqual(['done', 'done', 'done'])
    expect(server.grants.map((g) => [g.grant, g.clientAuth])).toEqual([
      ['client_credentials', 'body'],
      ['client_credentials', 'body'],
    ])
    expect(authOf('/anything/1')).toBe(`Bearer ${server.grants[0]?.accessToken}`)
    expect(authOf('/delay/1200')).toBe(`Bearer ${server.grants[0]?.accessToken}`)
    expect(authOf('/anything/3')).toBe(`Bearer ${server.grants[1]?.accessToken}`)
  })

  it('password grant: renewed with the refresh token inside the run', async () => {
    server.lifetime = 1
    const { code } = await run(
      postmanCollection(
        'PW',
        [get('first', '/anything/p1'), get('slow', '/delay/1100'), get('after', '/anything/p3')],
        {
          auth: oauth2({
            grant_type: 'password_credentials',
            accessTokenUrl: '{{tokenUrl}}',
            clientId: OAUTH_APP.clientId,
            clientSecret: OAUTH_APP.clientSecret,
            username: 'ada',
            password: 'pw',
          }),
        },
      ),
    )
    expect(code).toBe(0)
    expect(server.grants.map((g) => g.grant)).toEqual(['password', 'refresh_token'])
    expect(server.grants[0]?.body).toMatchObject({ username: 'ada', password: 'pw' })
    expect(authOf('/anything/p3')).toBe(`Bearer ${server.grants[1]?.accessToken}`)
  })

  it('a pasted accessToken is used as is, with the header prefix; nothing is fetched', async () => {
    const { code } = await run(
      postmanCollection('Paste', [get('one', '/anything/paste')], {
        auth: oauth2({ accessToken: 'pasted-123', headerPrefix: 'Token', grant_type: 'client_credentials' }),
      }),
    )
    expect(code).toBe(0)
    expect(authOf('/anything/paste')).toBe('Token pasted-123')
    expect(server.grants).toHaveLength(0)
  })

  it('a token error fails that request with a message naming the fields to fix', async () => {
    const { code, report, stdout } = await run(
      postmanCollection('Bad', [get('one', '/anything/bad')], {
        auth: oauth2({
          grant_type: 'client_credentials',
          accessTokenUrl: '{{tokenUrl}}',
          clientId: OAUTH_APP.clientId,
          clientSecret: 'wrong',
        }),
      }),
    )
    expect(code).toBe(1)
    expect(report.executions[0]?.error).toMatch(
      /^Request not sent: OAuth 2.0: The token server rejected the client \(invalid_client\): check Client-ID and Client-Secret/,
    )
    expect(stdout).toContain('check Client-ID and Client-Secret')
    expect(authOf('/anything/bad')).toBeUndefined()
  })

  it("Sendbox's own OAuth 2.0 auth (a collection export) fetches and sends its token", async () => {
    const { code } = await run({
      sendbox: 1,
      collection: {
        name: 'Own',
        auth: {
          type: 'oauth2',
          grant: 'client-credentials',
          tokenUrl: '{{tokenUrl}}',
          clientId: OAUTH_APP.clientId,
          clientSecret: OAUTH_APP.clientSecret,
          addTo: 'query',
        },
        children: [{ type: 'request', name: 'one', method: 'GET', url: '{{base}}/anything/own' }],
      },
    })
    expect(code).toBe(0)
    expect(server.grants.map((g) => [g.grant, g.clientAuth])).toEqual([['client_credentials', 'basic']])
    expect(echo.seen.findLast((rec) => rec.path === '/anything/own')?.query).toContainEqual([
      'access_token',
      server.grants[0]?.accessToken,
    ])
  })
})

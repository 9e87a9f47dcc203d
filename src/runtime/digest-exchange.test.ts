import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../../tests/fixtures/echo-server.ts'
import { makeCollection, makeRequest, makeRow } from '../model/factories.ts'
import type { Auth } from '../model/types.ts'
import { VariableContext } from '../model/variables.ts'
import type { DigestSessions } from './digest-exchange.ts'
import { runCollection } from './run-collection.ts'
import { createScriptRunner } from './script/quickjs-module.node.ts'
import { send } from './send.ts'
import { createNodeTransport, type NodeTransport } from './transport/node.ts'

let echo: EchoServer
let transport: NodeTransport
beforeAll(async () => {
  echo = await startEchoServer()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  await echo.close()
})

const digest = (password: string, algorithm = 'MD5'): Auth => ({
  type: 'digest',
  username: '{{user}}',
  password,
  algorithm,
  realm: '',
  nonce: '',
  qop: '',
  opaque: '',
  nonceCount: '',
  clientNonce: '',
})
const variables = () =>
  new VariableContext([
    {
      scope: 'environment',
      variables: [
        { key: 'base', value: echo.url },
        { key: 'user', value: 'ada' },
      ],
    },
  ])

async function sendDigest(
  path: string,
  auth: Auth,
  sessions?: DigestSessions,
  method: 'GET' | 'POST' = 'GET',
) {
  const before = echo.seen.length
  const request = makeRequest({
    id: 'same-request',
    method,
    url: `{{base}}${path}`,
    auth,
    body: method === 'POST' ? { type: 'raw', language: 'text', text: 'hi' } : { type: 'none' },
  })
  const result = await send({ request, variables: variables() }, { transport, digestSessions: sessions })
  if (result.outcome !== 'done') throw new Error(`not done: ${JSON.stringify(result)}`)
  const wire = echo.seen.slice(before).map((r) => r.headers.find(([n]) => n === 'Authorization')?.[1] ?? null)
  return {
    status: result.response.status,
    body: JSON.parse(new TextDecoder().decode(result.response.body)),
    wire,
    result,
  }
}

describe('Digest auth against a Digest-protected server', () => {
  it.each([
    ['/digest-auth/auth/ada/pw', 'MD5'],
    ['/digest-auth/auth/ada/pw/MD5-sess?x=1', 'MD5-sess'],
    ['/digest-auth/auth/ada/pw/SHA-256', 'SHA-256'],
    ['/digest-auth/auth/ada/pw/SHA-256-sess', 'SHA-256-sess'],
    ['/digest-auth/none/ada/pw', 'MD5'],
  ])('answers the challenge of %s with %s: two requests, the second signed', async (path, algorithm) => {
    const { status, body, wire, result } = await sendDigest(path, digest('pw', algorithm))
    expect(status).toBe(200)
    expect(body).toMatchObject({ authenticated: true, user: 'ada' })
    expect(wire).toHaveLength(2)
    expect(wire[0]).toBeNull()
    expect(wire[1]).toMatch(
      new RegExp(`^Digest username="ada", realm="echo@sendbox", .*algorithm="${algorithm}"`),
    )
    // What the app and the reports show is the request that got the answer.
    expect(result.request.headers.find(([n]) => n === 'Authorization')?.[1]).toBe(wire[1])
  })

  it('signs a POST body’s request the same way', async () => {
    const { status } = await sendDigest(
      '/digest-auth/auth/ada/pw/SHA-256',
      digest('pw', 'SHA-256'),
      undefined,
      'POST',
    )
    expect(status).toBe(200)
  })

  it('counts the nonce up for the next request with the same auth, without a new challenge', async () => {
    const sessions: DigestSessions = new Map()
    const auth = digest('pw')
    const first = await sendDigest('/digest-auth/auth/ada/pw', auth, sessions)
    const second = await sendDigest('/digest-auth/auth/ada/pw', auth, sessions)
    const third = await sendDigest('/digest-auth/auth/ada/pw', auth, sessions)
    expect(first.wire.map((h) => h?.match(/nc=(\w+)/)?.[1] ?? null)).toEqual([null, '00000001'])
    expect(second.wire.map((h) => h?.match(/nc=(\w+)/)?.[1])).toEqual(['00000002'])
    expect(third.body).toMatchObject({ authenticated: true, nc: 3 })
  })

  it('sends a saved nonce count as written the first time, as newman does, then counts on', async () => {
    const sessions: DigestSessions = new Map()
    const saved: Auth = {
      ...(digest('pw') as Extract<Auth, { type: 'digest' }>),
      realm: 'r',
      nonce: 'abc',
      qop: 'auth',
      nonceCount: '000001',
      clientNonce: 'cn',
    }
    const first = await sendDigest('/anything/saved', saved, sessions)
    const second = await sendDigest('/anything/saved', saved, sessions)
    expect(first.wire.map((h) => h?.match(/nc=(\w+)/)?.[1])).toEqual(['000001'])
    expect(second.wire.map((h) => h?.match(/nc=(\w+)/)?.[1])).toEqual(['00000002'])
  })

  it('answers a new challenge once when the server refuses a counted nonce as stale', async () => {
    const sessions: DigestSessions = new Map()
    const auth = digest('pw')
    await sendDigest('/digest-auth/auth/ada/pw', auth, sessions)
    // The same count again is a replay for the server: it answers stale=true with a new nonce.
    for (const session of sessions.values()) session.nc = 0
    const again = await sendDigest('/digest-auth/auth/ada/pw', auth, sessions)
    expect(again.status).toBe(200)
    expect(again.wire).toHaveLength(2)
    expect(again.wire[1]).toContain('nc=00000001')
  })

  it('stops after one answer when the password is wrong: the 401 is the response', async () => {
    const { status, wire } = await sendDigest('/digest-auth/auth/ada/pw', digest('nope'))
    expect(status).toBe(401)
    expect(wire).toHaveLength(2)
  })

  it('answers the challenge in place of an Authorization header set by hand, as newman does', async () => {
    const before = echo.seen.length
    const request = makeRequest({
      url: `{{base}}/digest-auth/auth/ada/pw`,
      auth: digest('pw'),
      headers: [makeRow({ key: 'Authorization', value: 'Bearer mine' })],
    })
    const result = await send({ request, variables: variables() }, { transport })
    expect(result.outcome === 'done' && result.response.status).toBe(200)
    const wire = echo.seen.slice(before).map((r) => r.headers.filter(([n]) => n === 'Authorization'))
    // No nonce known yet: the first goes out as written; the answer replaces the header.
    expect(wire[0]).toEqual([['Authorization', 'Bearer mine']])
    expect(wire[1]).toHaveLength(1)
    expect(wire[1]![0]![1]).toMatch(/^Digest username="ada", realm="echo@sendbox"/)
  })

  it('signs with a saved nonce over an Authorization header set by hand', async () => {
    const before = echo.seen.length
    const request = makeRequest({
      url: `{{base}}/anything/saved`,
      auth: { ...(digest('pw') as Extract<Auth, { type: 'digest' }>), realm: 'r', nonce: 'abc' },
      headers: [makeRow({ key: 'authorization', value: 'Digest username="old"' })],
    })
    await send({ request, variables: variables() }, { transport })
    const sent = echo.seen[before]!.headers.filter(([n]) => n.toLowerCase() === 'authorization')
    expect(sent).toHaveLength(1)
    expect(sent[0]![1]).toMatch(/^Digest username="ada", realm="r", nonce="abc"/)
  })

  it('answers a refused saved nonce with the auth’s own values, the challenge filling the empty ones', async () => {
    const saved: Auth = {
      ...(digest('pw') as Extract<Auth, { type: 'digest' }>),
      realm: 'Users',
      nonce: 'old',
    }
    const { status, wire } = await sendDigest('/digest-auth/auth/ada/pw', saved, new Map())
    // newman does the same: the server's new nonce is not taken over a nonce the auth sets.
    expect(status).toBe(401)
    expect(wire).toHaveLength(2)
    expect(wire[0]).toMatch(
      /^Digest username="ada", realm="Users", nonce="old", uri=[^,]*, algorithm="MD5", response=/,
    )
    expect(wire[1]).toMatch(
      /^Digest username="ada", realm="Users", nonce="old", .*qop=auth, nc=00000001, .*opaque="\w+"/,
    )
  })

  it('keeps nonces for the whole of a collection run', async () => {
    const before = echo.seen.length
    const request = () => makeRequest({ url: `{{base}}/digest-auth/auth/ada/pw`, auth: { type: 'inherit' } })
    const collection = makeCollection({ auth: digest('pw'), children: [request(), request()] })
    const run = await runCollection(collection, {
      envVars: [
        ['base', echo.url],
        ['user', 'ada'],
      ],
      deps: { transport },
    })
    expect(run.results.map((r) => r.result.outcome === 'done' && r.result.response.status)).toEqual([
      200, 200,
    ])
    expect(echo.seen.length - before).toBe(3)
  })
})

describe('a pre-request script that switches the request to Digest', () => {
  const scripted = async (auth: Auth, script: string) => {
    const scripts = await createScriptRunner()
    const before = echo.seen.length
    const request = makeRequest({
      url: `{{base}}/digest-auth/auth/ada/pw`,
      auth,
      scripts: { preRequest: script, postResponse: '' },
    })
    try {
      const result = await send({ request, variables: variables() }, { transport, scripts })
      const wire = echo.seen.slice(before).map((r) => r.headers.find(([n]) => n === 'Authorization')?.[1])
      return { status: result.outcome === 'done' ? result.response.status : result.outcome, wire }
    } finally {
      scripts.dispose()
    }
  }

  it.each([
    ['RequestAuth.use', "pm.request.auth.use('digest', { username: 'ada', password: 'pw' })"],
    [
      'RequestAuth.update with the type, then use',
      "pm.request.auth.update([{ key: 'username', value: '{{user}}' }, { key: 'password', value: 'pw' }], 'digest'); pm.request.auth.use('digest')",
    ],
    ['Request.authorizeUsing', "pm.request.authorizeUsing('digest', { username: 'ada', password: 'pw' })"],
  ])('%s: answers the challenge as when the request sets Digest', async (_, script) => {
    const { status, wire } = await scripted({ type: 'bearer', token: 'unused' }, script)
    expect(status).toBe(200)
    expect(wire).toHaveLength(2)
    expect(wire[0]).toBeUndefined()
    expect(wire[1]).toMatch(/^Digest username="ada", realm="echo@sendbox", /)
  })

  it('a request set to Digest that a script switches to Bearer is not challenged', async () => {
    const { status, wire } = await scripted(digest('pw'), "pm.request.auth.use('bearer', { token: 't1' })")
    expect(status).toBe(401)
    expect(wire).toEqual(['Bearer t1'])
  })
})

describe('an authorization type Sendbox lacks', () => {
  it('fails that request with a message naming the type, the request and where it is set', async () => {
    const hawk: Auth = { type: 'unsupported', name: 'hawk', params: '[]' }
    const collection = makeCollection({
      name: 'C',
      auth: hawk,
      children: [
        makeRequest({ name: 'Inherits', url: `{{base}}/get`, auth: { type: 'inherit' } }),
        makeRequest({ name: 'Own', url: `{{base}}/get`, auth: { type: 'none' } }),
      ],
    })
    const run = await runCollection(collection, { envVars: [['base', echo.url]], deps: { transport } })
    const [first, second] = run.results.map((r) => r.result)
    expect(first).toMatchObject({
      outcome: 'not-sent',
      error:
        'Authorization type "hawk" (set on collection "C") of request "Inherits" is not supported by Sendbox',
    })
    expect(second?.outcome).toBe('done')
  })
})

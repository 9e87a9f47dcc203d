/**
 * Withheld secrets (spec 5.3, issue 17 item 1): whatever a script can see of the request shows a
 * withheld secret as its `{{name}}` placeholder, in every namespace, before and after the
 * response, while the wire carries the value. The attack of the issue, end to end through the
 * real pipeline, real QuickJS and the echo server: the value reaches the server only on the
 * request the user wrote.
 */
import { describe, expect, it } from 'vitest'
import { sendFixture } from '../helpers/send-fixture.ts'
import { makeRequest, makeRow, makeScripts } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import type { Auth } from '../../src/model/types.ts'
import { send } from '../../src/runtime/send.ts'

const SECRET = 'sk-live-4f9c2e'
const fixture = sendFixture()

function context(session = new Map<string, string>()) {
  return new VariableContext(
    [
      {
        scope: 'environment',
        variables: [
          { key: 'base', value: fixture.echo.url },
          { key: 'apiKey', value: SECRET, secret: true },
          { key: 'user', value: 'ann' },
        ],
      },
    ],
    session,
  )
}

/** Every request the echo server saw, as one text per request. */
function seenTexts(): string[] {
  return fixture.echo.seen.map((r) => [r.method, r.url, ...r.headers.flat(), r.body].join('\n'))
}

const PRE = `
  const seen = {
    svcUrl: svc.request.url,
    alphaUrl: String(pm.request.url),
    deltaUrl: delta.request.url,
    reqUrl: req.getUrl(),
    reqUrlProp: req.url,
    headers: svc.request.headers.toObject(),
    alphaHeaders: pm.request.headers.toObject(),
    reqHeaders: req.getHeaders(),
    body: pm.request.body.toString(),
    reqBody: req.getBody(),
  }
  pm.environment.set('preSeen', JSON.stringify(seen))
  pm.sendRequest({ url: pm.environment.get('base') + '/exfil/pre', method: 'POST',
    header: { 'X-Url': svc.request.url }, body: { mode: 'raw', raw: JSON.stringify(seen) } }, () => {})
`

const POST = `
  const copied = svc.request.headers.get('X-Key')
  svc.environment.set('copied', copied)
  svc.environment.set('postSeen', JSON.stringify({
    svcUrl: svc.request.url,
    alphaUrl: String(pm.request.url),
    headers: svc.request.headers.toObject(),
    alphaAll: pm.request.headers.all(),
    reqHeader: req.getHeader('X-Key'),
    reqHeaders: req.getHeaders(),
    reqUrl: req.getUrl(),
    resUrl: res.getUrl(),
    body: pm.request.body.toString(),
    reqBody: req.getBody(),
  }))
  pm.test('the server got the key', () => pm.expect(pm.response.code).to.equal(200))
`

describe('withheld secrets in what scripts see', () => {
  it('the issue attack: the value leaves only on the request the user wrote', async () => {
    const session = new Map<string, string>()
    fixture.echo.seen.length = 0
    const first = await send(
      {
        request: makeRequest({
          method: 'POST',
          url: '{{base}}/anything/a?k={{apiKey}}&u={{user}}',
          headers: [makeRow({ key: 'X-Key', value: '{{apiKey}}' })],
          cookies: [makeRow({ key: 'sid', value: '{{apiKey}}' })],
          body: { type: 'raw', language: 'json', text: '{"key":"{{apiKey}}"}' },
          scripts: makeScripts({ preRequest: PRE, postResponse: POST }),
        }),
        variables: context(session),
      },
      fixture.deps,
    )
    expect(first.outcome).toBe('done')
    if (first.outcome !== 'done') return
    expect(first.scriptError).toBeNull()
    expect(first.tests).toEqual([{ name: 'the server got the key', passed: true, error: null }])

    // The user's own request carried the value everywhere it names the secret.
    const legit = fixture.echo.seen.find((r) => r.path === '/anything/a')!
    expect(legit.query).toContainEqual(['k', SECRET])
    expect(legit.headers).toContainEqual(['X-Key', SECRET])
    expect(legit.headers).toContainEqual(['Cookie', `sid=${SECRET}`])
    expect(legit.json).toEqual({ key: SECRET })

    // The scripts saw the placeholder, in every namespace.
    const pre = JSON.parse(session.get('preSeen')!) as Record<string, unknown>
    const url = `${fixture.echo.url}/anything/a?k={{apiKey}}&u=ann`
    expect(pre).toMatchObject({ svcUrl: url, deltaUrl: url, reqUrl: url, reqUrlProp: url })
    // Postman's pm.request before the send is the request as typed: placeholders only.
    expect(pre.alphaUrl).toBe('{{base}}/anything/a?k={{apiKey}}&u={{user}}')
    expect(pre.alphaHeaders).toEqual({ 'x-key': '{{apiKey}}' })
    expect(pre.headers).toEqual({})
    const post = JSON.parse(session.get('postSeen')!) as Record<string, unknown>
    expect(post).toMatchObject({ svcUrl: url, alphaUrl: url, reqUrl: url, resUrl: url })
    expect(post.headers).toMatchObject({ 'X-Key': '{{apiKey}}', Cookie: 'sid={{apiKey}}' })
    expect(post.reqHeader).toBe('{{apiKey}}')
    expect(post.body).toBe('{"key":"{{apiKey}}"}')
    expect(post.reqBody).toEqual({ key: '{{apiKey}}' })
    expect(session.get('copied')).toBe('{{apiKey}}')

    // The next request sends what the script copied: the placeholder, not the value.
    const second = await send(
      {
        request: makeRequest({
          url: '{{base}}/anything/b?c={{copied}}',
          headers: [
            makeRow({ key: 'X-Copy', value: '{{copied}}' }),
            makeRow({ key: 'X-All', value: '{{postSeen}}' }),
          ],
          scripts: makeScripts({
            preRequest: `pm.sendRequest({ url: pm.environment.get('base') + '/exfil/next',
              header: { 'X-C': pm.environment.get('copied') }, body: pm.environment.get('postSeen') }, () => {})`,
          }),
        }),
        variables: context(session),
      },
      fixture.deps,
    )
    expect(second.outcome).toBe('done')
    const next = fixture.echo.seen.find((r) => r.path === '/anything/b')!
    expect(next.headers).toContainEqual(['X-Copy', '{{apiKey}}'])

    // Only the user's request ever carried the value.
    const carrying = seenTexts().filter((text) => text.includes(SECRET))
    expect(carrying).toHaveLength(1)
    expect(fixture.echo.seen.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/anything/a', '/exfil/pre', '/exfil/next', '/anything/b']),
    )
  })

  it.each<[string, Auth, RegExp]>([
    ['Bearer', { type: 'bearer', token: '{{apiKey}}' }, /^Bearer \{\{apiKey\}\}$/],
    [
      'API key header',
      { type: 'apikey', key: 'X-Api-Key', value: '{{apiKey}}', addTo: 'header' },
      /^\{\{apiKey\}\}$/,
    ],
    ['Basic', { type: 'basic', username: '{{user}}', password: '{{apiKey}}' }, /^Basic /],
  ])('%s auth computed from a withheld secret shows its placeholder', async (_name, auth, shown) => {
    const session = new Map<string, string>()
    fixture.echo.seen.length = 0
    const result = await send(
      {
        request: makeRequest({
          url: '{{base}}/anything/auth',
          auth,
          scripts: makeScripts({
            postResponse: `pm.environment.set('seen', JSON.stringify(pm.request.headers.toObject()))`,
          }),
        }),
        variables: context(session),
      },
      fixture.deps,
    )
    expect(result.outcome).toBe('done')
    const seen = JSON.parse(session.get('seen')!) as Record<string, string>
    // Postman's PropertyList.toObject() gives header names in lower case.
    const header = auth.type === 'apikey' ? 'x-api-key' : 'authorization'
    expect(seen[header]).toMatch(shown)
    expect(JSON.stringify(seen)).not.toContain(SECRET)
    if (auth.type === 'basic') expect(atob(seen[header]!.slice(6))).toBe('ann:{{apiKey}}')
    // The wire carried the real value.
    const wire = fixture.echo.seen.at(-1)!.headers.find(([n]) => n.toLowerCase() === header)![1]
    expect(wire).toContain(auth.type === 'basic' ? btoa(`ann:${SECRET}`) : SECRET)
  })

  it('API key in the query and a signature made with a withheld key show placeholders', async () => {
    const session = new Map<string, string>()
    const variables = new VariableContext(
      [
        {
          scope: 'environment',
          variables: [
            { key: 'base', value: fixture.echo.url },
            { key: 'apiKey', value: SECRET, secret: true },
            { key: 'awsSecret', value: 'wJalrXUtnFEMI/K7MDENG', secret: true },
          ],
        },
      ],
      session,
    )
    const script = `pm.environment.set('url', String(pm.request.url)); pm.environment.set('auth', pm.request.headers.get('Authorization'))`
    await send(
      {
        request: makeRequest({
          url: '{{base}}/anything/q',
          auth: { type: 'apikey', key: 'key', value: '{{apiKey}}', addTo: 'query' },
          scripts: makeScripts({ postResponse: script }),
        }),
        variables,
      },
      fixture.deps,
    )
    expect(session.get('url')).toBe(`${fixture.echo.url}/anything/q?key={{apiKey}}`)
    await send(
      {
        request: makeRequest({
          url: '{{base}}/anything/s',
          auth: {
            type: 'sigv4',
            accessKeyId: 'AKIDEXAMPLE',
            secretAccessKey: '{{awsSecret}}',
            sessionToken: '',
            region: 'us-east-1',
            service: 'execute-api',
          },
          scripts: makeScripts({ postResponse: script }),
        }),
        variables,
      },
      fixture.deps,
    )
    expect(session.get('auth')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/.*Signature=\{\{awsSecret\}\}$/,
    )
    expect(fixture.echo.seen.at(-1)!.headers.find(([n]) => n === 'Authorization')![1]).toMatch(
      /Signature=[0-9a-f]{64}$/,
    )
  })

  it('sendRequest never resolves a withheld secret, and allowed secrets still show', async () => {
    const session = new Map<string, string>()
    fixture.echo.seen.length = 0
    const result = await send(
      {
        request: makeRequest({
          url: '{{base}}/anything/c',
          scripts: makeScripts({
            preRequest: `pm.sendRequest({ url: '{{base}}/exfil/{{apiKey}}' }, () => {})`,
          }),
        }),
        variables: context(session),
      },
      fixture.deps,
    )
    expect(result.outcome).toBe('not-sent')
    expect(result.outcome === 'not-sent' && result.scriptError?.kind).toBe('secret')
    expect(seenTexts().join()).not.toContain(SECRET)

    const allowed = new VariableContext(
      [
        {
          scope: 'environment',
          variables: [
            { key: 'base', value: fixture.echo.url },
            { key: 'apiKey', value: SECRET, secret: true, scriptAccess: true },
          ],
        },
      ],
      session,
    )
    await send(
      {
        request: makeRequest({
          url: '{{base}}/anything/d?k={{apiKey}}',
          scripts: makeScripts({ postResponse: `pm.environment.set('allowed', String(pm.request.url))` }),
        }),
        variables: allowed,
      },
      fixture.deps,
    )
    expect(session.get('allowed')).toBe(`${fixture.echo.url}/anything/d?k=${SECRET}`)
  })
})

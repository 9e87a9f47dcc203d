/**
 * `sendbox run` and newman run the same Postman collection with `oauth1` and `hawk` auths (Postman's
 * own parameter names) against the echo server's verifiers (tests/fixtures/signature-auth.ts): each
 * request must be accepted on both sides. Postman's types Sendbox lacks stay `Request not sent`.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { HAWK_CLIENTS, OAUTH1_CLIENT, OAUTH1_PRIVATE_KEY } from '../fixtures/signature-auth.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

const require = createRequire(import.meta.url)

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(async () => {
  await echo.close()
})

type Param = string | boolean
const auth = (type: string, params: Record<string, Param>) => ({
  type,
  [type]: Object.entries(params).map(([key, value]) => ({
    key,
    value,
    type: typeof value === 'boolean' ? 'boolean' : 'string',
  })),
})
const oauth1 = (params: Record<string, Param>) =>
  auth('oauth1', {
    consumerKey: '{{ck}}',
    consumerSecret: '{{cs}}',
    token: OAUTH1_CLIENT.token,
    tokenSecret: OAUTH1_CLIENT.tokenSecret,
    signatureMethod: 'HMAC-SHA1',
    version: '1.0',
    addParamsToHeader: true,
    addEmptyParamsToSign: false,
    ...params,
  })
const hawk = (client: (typeof HAWK_CLIENTS)[keyof typeof HAWK_CLIENTS], params: Record<string, Param> = {}) =>
  auth('hawk', { authId: client.id, authKey: client.key, algorithm: client.algorithm, ...params })

const verified = script(
  'test',
  [
    "pm.test('verified', () => {",
    '  pm.response.to.have.status(200)',
    '  pm.expect(pm.response.json().ok).to.equal(true)',
    '})',
  ].join('\n'),
)

function item(name: string, request: Record<string, unknown>, itemAuth: unknown) {
  return { name, request: { ...request, auth: itemAuth }, event: [verified] }
}
const raw = (text: string, type = 'application/json') => ({
  header: [{ key: 'Content-Type', value: type }],
  body: { mode: 'raw', raw: text },
})

const collection = postmanCollection('Signatures', [
  item(
    'HMAC-SHA1 header realm',
    { method: 'GET', url: '{{base}}/oauth1/a?x=1&y=a%20b' },
    oauth1({ realm: 'Photos' }),
  ),
  item(
    'HMAC-SHA256 query',
    { method: 'GET', url: '{{base}}/oauth1?q=2' },
    oauth1({ signatureMethod: 'HMAC-SHA256', addParamsToHeader: false }),
  ),
  item(
    'PLAINTEXT header',
    { method: 'GET', url: '{{base}}/oauth1' },
    oauth1({ signatureMethod: 'PLAINTEXT' }),
  ),
  item(
    'RSA-SHA1 header',
    { method: 'GET', url: '{{base}}/oauth1' },
    oauth1({ signatureMethod: 'RSA-SHA1', privateKey: OAUTH1_PRIVATE_KEY }),
  ),
  item(
    'RSA-SHA256 header',
    { method: 'GET', url: '{{base}}/oauth1' },
    oauth1({ signatureMethod: 'RSA-SHA256', privateKey: OAUTH1_PRIVATE_KEY }),
  ),
  item(
    'HMAC-SHA256 body hash',
    { method: 'POST', url: '{{base}}/oauth1/body-hash', ...raw('{"a":1}') },
    oauth1({ signatureMethod: 'HMAC-SHA256', includeBodyHash: true }),
  ),
  item(
    'HMAC-SHA1 form body',
    {
      method: 'POST',
      url: '{{base}}/oauth1',
      body: { mode: 'urlencoded', urlencoded: [{ key: 'status', value: 'hi there' }] },
    },
    oauth1({ addParamsToHeader: false }),
  ),
  item(
    'Hawk sha256',
    { method: 'GET', url: '{{base}}/hawk/r?a=1' },
    hawk(HAWK_CLIENTS.sha256, { extraData: 'x1' }),
  ),
  item(
    'Hawk sha1 payload',
    { method: 'POST', url: '{{base}}/hawk/payload', ...raw('{"p":"q"}') },
    hawk(HAWK_CLIENTS.sha1, { includePayloadHash: true, app: 'app1', delegation: 'd1' }),
  ),
])

const env = { ck: OAUTH1_CLIENT.consumerKey, cs: OAUTH1_CLIENT.consumerSecret }

async function runSendboxSide(doc: unknown): Promise<{ code: number | null; report: JsonReport }> {
  const dir = writeFiles({ 'c.json': doc })
  const out = join(dir, 'report.json')
  const vars = Object.entries({ ...env, base: echo.url }).flatMap(([k, v]) => ['--env-var', `${k}=${v}`])
  const result = await runSendbox([
    'run',
    join(dir, 'c.json'),
    ...vars,
    '-r',
    'json',
    '--reporter-json-export',
    out,
  ])
  return { code: result.code, report: JSON.parse(readFileSync(out, 'utf8')) as JsonReport }
}

interface NewmanSummary {
  run: {
    executions: {
      item: { name: string }
      response?: { code: number }
      assertions?: { assertion: string; error?: { message: string } }[]
    }[]
  }
}

function runNewmanSide(doc: unknown): Promise<NewmanSummary> {
  const newman = require('newman') as {
    run(options: object, done: (error: unknown, summary: NewmanSummary) => void): void
  }
  return new Promise((resolve, reject) =>
    newman.run(
      {
        collection: doc,
        envVar: Object.entries({ ...env, base: echo.url }).map(([key, value]) => ({ key, value })),
        reporters: [],
      },
      (error, summary) => (error ? reject(error as Error) : resolve(summary)),
    ),
  )
}

describe('OAuth 1.0 and Hawk: sendbox run and newman against the same verifiers', () => {
  it('every request is accepted on both sides', async () => {
    const names = collection.item.map((i) => i.name)
    const sendbox = await runSendboxSide(collection)
    expect(
      sendbox.report.executions.map((e) => [e.name, e.response?.code, e.error, e.tests.map((t) => t.error)]),
    ).toEqual(names.map((name) => [name, 200, null, [null]]))
    expect(sendbox.code).toBe(0)

    const newman = await runNewmanSide(collection)
    expect(
      newman.run.executions.map((e) => [
        e.item.name,
        e.response?.code,
        (e.assertions ?? []).map((a) => a.error?.message ?? null),
      ]),
    ).toEqual(names.map((name) => [name, 200, [null]]))
  }, 60_000)

  it("Postman's NTLM, Akamai EdgeGrid and ASAP stay `Request not sent`, naming the type", async () => {
    const doc = postmanCollection('Others', [
      item(
        'ntlm',
        { method: 'GET', url: '{{base}}/anything/n' },
        auth('ntlm', { username: 'u', password: 'p' }),
      ),
      item('edgegrid', { method: 'GET', url: '{{base}}/anything/e' }, auth('edgegrid', { accessToken: 'a' })),
      item('asap', { method: 'GET', url: '{{base}}/anything/s' }, auth('asap', { kid: 'k' })),
    ])
    const { report } = await runSendboxSide(doc)
    expect(report.executions.map((e) => [e.outcome, e.error])).toEqual(
      ['ntlm', 'edgegrid', 'asap'].map((type) => [
        'not-sent',
        `Request not sent: Authorization type "${type}" of request "${type}" is not supported by Sendbox`,
      ]),
    )
  }, 30_000)
})

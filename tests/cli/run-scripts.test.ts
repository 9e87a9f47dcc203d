import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { OAUTH_CLIENT, startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

async function runJson(
  collection: unknown,
  extra: string[] = [],
): Promise<{ code: number | null; report: JsonReport; stderr: string }> {
  const dir = writeFiles({ 'c.json': collection })
  const result = await runSendbox(['run', 'c.json', '-r', 'json', ...extra], { cwd: dir })
  return { code: result.code, report: JSON.parse(result.stdout), stderr: result.stderr }
}

describe('sendbox run with scripts', () => {
  it('runs the token recipe of spec 5.4 as written: the callback token is used by that send', async () => {
    const pre = `
if (!pm.environment.has('token')) {
  pm.sendRequest({
    url: '{{baseUrl}}/oauth/token',
    method: 'POST',
    header: { 'Content-Type': 'application/json' },
    body: { mode: 'raw', raw: JSON.stringify({ client_id: pm.environment.get('clientId'), client_secret: pm.environment.get('clientSecret') }) }
  }, function (err, res) {
    pm.environment.set('token', res.json().access_token)
  })
}`
    const collection = postmanCollection(
      'Token',
      [
        {
          name: 'Me',
          event: [
            script('prerequest', pre),
            script('test', 'pm.test("authorized", () => pm.response.to.have.status(200))'),
          ],
          request: {
            method: 'GET',
            url: '{{baseUrl}}/bearer',
            auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
          },
        },
        {
          name: 'Again',
          event: [script('prerequest', pre)],
          request: {
            method: 'GET',
            url: '{{baseUrl}}/bearer',
            auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
          },
        },
      ],
      {
        variable: [
          { key: 'baseUrl', value: echo.url },
          { key: 'clientId', value: OAUTH_CLIENT.id },
          { key: 'clientSecret', value: OAUTH_CLIENT.secret },
        ],
      },
    )
    const before = echo.seen.filter((r) => r.path === '/oauth/token').length
    const { code, report } = await runJson(collection)
    expect(code).toBe(0)
    expect(report.executions[0]!.request?.headers).toContainEqual([
      'Authorization',
      `Bearer ${OAUTH_CLIENT.token}`,
    ])
    expect(report.executions[0]!.tests).toEqual([{ name: 'authorized', passed: true, error: null }])
    // the session value is reused by the next request: only one token call in the run
    expect(echo.seen.filter((r) => r.path === '/oauth/token').length - before).toBe(1)
  })

  it('exits 1 on a failed test and reports the reason', async () => {
    const { code, report } = await runJson(
      postmanCollection('T', [
        {
          name: 'R',
          event: [
            script(
              'test',
              'pm.test("is 404", () => pm.response.to.have.status(404))\npm.test("ok", () => {})',
            ),
          ],
          request: `${echo.url}/get`,
        },
      ]),
    )
    expect(code).toBe(1)
    expect(report.summary).toMatchObject({ tests: 2, passed: 1, failedTests: 1 })
    expect(report.executions[0]!.tests[0]!.error).toMatch(/404/)
    expect(report.executions[0]!.tests[0]!.error).toMatch(/200/)
  })

  it('a pre-request script that throws stops the send: not-sent with the first line', async () => {
    const before = echo.seen.length
    const { code, report } = await runJson(
      postmanCollection('T', [
        {
          name: 'R',
          event: [script('prerequest', 'throw new Error("no token\\nsecond line")')],
          request: `${echo.url}/get`,
        },
      ]),
    )
    expect(code).toBe(1)
    expect(report.summary).toMatchObject({ requests: 1, sent: 0, notSent: 1, scriptErrors: 1 })
    expect(report.executions[0]).toMatchObject({
      outcome: 'not-sent',
      error: 'Request not sent: Error: no token',
      response: null,
    })
    expect(echo.seen.length).toBe(before)
  })

  it('a post-response script that throws is a script error, the response still reported', async () => {
    const { code, report } = await runJson(
      postmanCollection('T', [
        {
          name: 'R',
          event: [script('test', 'pm.test("first", () => {})\nundefinedFunction()')],
          request: `${echo.url}/get`,
        },
      ]),
    )
    expect(code).toBe(1)
    expect(report.executions[0]!.outcome).toBe('done')
    expect(report.executions[0]!.scriptError).toMatch(/undefinedFunction/)
    expect(report.executions[0]!.tests).toEqual([{ name: 'first', passed: true, error: null }])
    expect(report.summary.scriptErrors).toBe(1)
  })

  it('runs Bruno-style scripts: req changes applied last, async tests awaited', async () => {
    const { code, report } = await runJson(
      postmanCollection('T', [
        {
          name: 'R',
          event: [
            script('prerequest', 'req.setHeader("X-From-Script", "yes")\nbru.setVar("n", 3)'),
            script(
              'test',
              'test("async", async () => { await bru.sleep(10); expect(res.status).to.equal(200) })\ntest("var", () => expect(bru.getVar("n")).to.equal(3))',
            ),
          ],
          request: `${echo.url}/anything/bru`,
        },
      ]),
    )
    expect(code).toBe(0)
    expect(report.executions[0]!.request?.headers).toContainEqual(['X-From-Script', 'yes'])
    expect(report.executions[0]!.tests.map((t) => t.passed)).toEqual([true, true])
  })
})

describe('sendbox run after a script the sandbox had to stop', () => {
  it('prints nothing of the wasm instance it replaced, and the next script runs', async () => {
    // A promise chain without end: stopped by the sandbox's limits; freeing its runtime aborts
    // that wasm instance, which the runner replaces.
    const collection = postmanCollection('Runaway', [
      {
        name: 'Runaway',
        event: [script('prerequest', 'const f = () => Promise.resolve().then(f); f()')],
        request: { method: 'GET', url: `${echo.url}/get` },
      },
      {
        name: 'Next',
        event: [script('test', 'pm.test("next", () => pm.response.to.have.status(200))')],
        request: { method: 'GET', url: `${echo.url}/get` },
      },
    ])
    const { report, stderr } = await runJson(collection)
    expect(stderr).not.toContain('Aborted(')
    expect(report.executions[1]?.tests).toEqual([{ name: 'next', passed: true, error: null }])
  }, 30_000)
})

describe('sendbox run follows the run flow scripts ask for', () => {
  it('setNextRequest jumps, skipRequest skips (reported as skipped, exit 0), null stops', async () => {
    const get = (path: string) => ({ method: 'GET', url: `${echo.url}/anything/flow/${path}` })
    const collection = postmanCollection('Flow', [
      { name: 'A', event: [script('test', "pm.execution.setNextRequest('C')")], request: get('a') },
      { name: 'B', request: get('b') },
      {
        name: 'C',
        event: [
          script('prerequest', 'pm.execution.skipRequest()'),
          script('test', 'pm.test("never", () => {})'),
        ],
        request: get('c'),
      },
      { name: 'D', event: [script('test', 'postman.setNextRequest(null)')], request: get('d') },
      { name: 'E', request: get('e') },
    ])
    const before = echo.seen.length
    const { code, report } = await runJson(collection)
    expect(code).toBe(0)
    expect(report.executions.map((e) => [e.name, e.outcome])).toEqual([
      ['A', 'done'],
      ['C', 'skipped'],
      ['D', 'done'],
    ])
    expect(report.executions[1]!.tests).toEqual([])
    expect(echo.seen.slice(before).map((r) => r.path)).toEqual(['/anything/flow/a', '/anything/flow/d'])
    expect(report.summary.notSent).toBe(0)
  }, 30_000)
})

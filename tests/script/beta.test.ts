import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { fetchSend } from '../helpers/fetch-transport.ts'

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
  await testRunner()
})
afterAll(() => echo.close())

const failures = (result: { tests: { name: string; passed: boolean; error: string | null }[] }) =>
  result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`)

describe.each(['beta', 'bru'])('%s namespace', (ns) => {
  it('variables: setVar and setEnvVar set session values, kept as set (bru run); get, has, delete, interpolate', async () => {
    const variables = new VariableContext([
      { scope: 'environment', variables: [{ key: 'host', value: 'h.test' }] },
    ])
    const result = await runScript(
      `${ns}.setVar('a', 1); ${ns}.setEnvVar('b', 'two')
       test('get', () => { expect(${ns}.getVar('a')).to.equal(1); expect(${ns}.interpolate('{{a}}')).to.equal('1'); expect(${ns}.getEnvVar('b')).to.equal('two'); expect(${ns}.getEnvVar('host')).to.equal('h.test') })
       test('missing is undefined', () => expect(${ns}.getEnvVar('none')).to.be.undefined)
       test('has', () => { expect(${ns}.hasVar('a')).to.be.true; expect(${ns}.hasVar('zz')).to.be.false })
       ${ns}.setVar('c', 'x'); ${ns}.deleteVar('c')
       test('deleted', () => expect(${ns}.hasVar('c')).to.be.false)
       test('interpolate', () => { expect(${ns}.interpolate('https://{{host}}/{{b}}')).to.equal('https://h.test/two'); expect(${ns}.interpolate({ u: '{{host}}' })).to.deep.equal({ u: 'h.test' }) })`,
      { variables },
    )
    expect(failures(result)).toEqual([])
    expect(variables.session.get('a')).toBe('1')
    expect(variables.session.get('b')).toBe('two')
    expect(variables.session.has('c')).toBe(false)
  })

  it('hasEnvVar answers true right after setEnvVar; deleteEnvVar removes it', async () => {
    const result = await runScript(
      `${ns}.setEnvVar('e1', 'v1')
       test('has', () => expect(${ns}.hasEnvVar('e1')).to.equal(true))
       ${ns}.deleteEnvVar('e1')
       test('deleted', () => expect(${ns}.hasEnvVar('e1')).to.equal(false))`,
      { response: { body: '{}' } },
    )
    expect(result.error).toBeNull()
    expect(result.tests.map((t) => [t.name, t.passed])).toEqual([
      ['has', true],
      ['deleted', true],
    ])
  })

  it('sleep works with top-level await and counts against the time limit', async () => {
    const started = Date.now()
    const ok = await runScript(`await ${ns}.sleep(50); ${ns}.setVar('after', 'yes')`)
    expect(ok.error).toBeNull()
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    expect(ok.variables.session.get('after')).toBe('yes')
    const tooLong = await runScript(`await ${ns}.sleep(5000)`)
    expect(tooLong.error).toMatchObject({ kind: 'limit', message: 'beta.sleep: at most 0.3 s per call' })
    const total = await runScript(`for (let i = 0; i < 10; i++) await ${ns}.sleep(250)`)
    expect(total.error?.kind).toBe('timeout')
  })

  it('sendRequest: awaited, with a callback, and 4xx/5xx as errors carrying the response', async () => {
    const variables = new VariableContext()
    const result = await runScript(
      `const r = await ${ns}.sendRequest({ url: '${echo.url}/post', method: 'POST', headers: { 'X-Beta': '1' }, data: { n: 2 } })
       ${ns}.setVar('awaited', JSON.stringify({ status: r.status, json: r.data.json, ct: r.headers['content-type'] }))
       try { await ${ns}.sendRequest({ url: '${echo.url}/status/404' }) } catch (e) {
         ${ns}.setVar('caught', JSON.stringify({ message: e.message, status: e.response.status, hasHeaders: typeof e.response.headers, data: e.response.data }))
       }
       await ${ns}.sendRequest({ url: '${echo.url}/status/503', method: 'GET' }, (err, res) => { ${ns}.setVar('cb', JSON.stringify({ err: err.response.status, res: res === undefined })) })
       await ${ns}.sendRequest({ url: '${echo.url}/get?x=1' }, (err, res) => { ${ns}.setVar('cbok', String(err === null && res.data.args.x === '1')) })`,
      { variables, sendRequest: fetchSend },
    )
    expect(result.error).toBeNull()
    expect(JSON.parse(variables.session.get('awaited')!)).toEqual({
      status: 200,
      json: { n: 2 },
      ct: 'application/json',
    })
    const caught = JSON.parse(variables.session.get('caught')!) as {
      message: string
      status: number
      hasHeaders: string
    }
    expect(caught).toMatchObject({
      message: 'Request failed with status code 404',
      status: 404,
      hasHeaders: 'object',
    })
    expect(JSON.parse(variables.session.get('cb')!)).toEqual({ err: 503, res: true })
    expect(variables.session.get('cbok')).toBe('true')
  })

  it('unsupported members stop the script with a clear message', async () => {
    for (const [code, text] of [
      [`${ns}.getProcessEnv('HOME')`, 'beta.getProcessEnv() is not supported'],
      [`${ns}.runRequest('x')`, 'beta.runRequest() is not supported'],
      [`${ns}.cookies.jar()`, 'beta.cookies is not supported'],
      [`req.setUrl('http://x')`, 'req.setUrl() is not supported'],
    ]) {
      const result = await runScript(`try { ${code} } catch (e) {} ${ns}.setVar('continued', 1)`)
      expect(result.error?.kind, code).toBe('unsupported')
      expect(result.error?.message, code).toContain(text)
      expect(result.variables.session.has('continued'), code).toBe(false)
    }
  })

  it('require of an unknown module throws a catchable "Cannot find module" (as Postman does)', async () => {
    const caught = await runScript(
      `try { require('http') } catch (e) { ${ns}.setVar('caught', [e instanceof Error, e.name, e.message].join('|')) }`,
    )
    expect(caught.error).toBeNull()
    expect(caught.variables.session.get('caught')).toBe("true|Error|Cannot find module 'http'")
    const uncaught = await runScript(`require('left-pad')`)
    expect(uncaught.error).toMatchObject({ kind: 'script', message: "Error: Cannot find module 'left-pad'" })
  })

  it('setNextRequest and runner.* are present and do nothing', async () => {
    const result = await runScript(
      `${ns}.setNextRequest('x'); ${ns}.runner.setNextRequest('y'); ${ns}.runner.skipRequest(); ${ns}.runner.stopExecution()`,
    )
    expect(result.error).toBeNull()
  })
})

describe('req and res', () => {
  it('pre-request: getters see the typed body and only headers the script set', async () => {
    const result = await runScript(
      `test('url', () => expect(req.getUrl()).to.equal('http://127.0.0.1:9/users/1'))
       test('method', () => expect(req.getMethod()).to.equal('POST'))
       test('json body as object', () => expect(req.getBody()).to.deep.equal({ name: '{{user}}' }))
       test('no headers yet', () => expect(req.getHeaders()).to.deep.equal({}))
       req.setHeader('X-Trace', 'abc')
       test('own header', () => { expect(req.getHeader('x-trace')).to.equal('abc'); expect(req.getHeaders()).to.deep.equal({ 'X-Trace': 'abc' }) })`,
      { request: { method: 'POST', body: { type: 'raw', language: 'json', text: '{"name":"{{user}}"}' } } },
    )
    expect(failures(result)).toEqual([])
  })

  it('changes are returned in order, values exactly as set', async () => {
    const result = await runScript(
      `req.setHeader('X-A', '{{notSubstituted}}'); req.setHeaders({ 'X-B': 2, 'X-C': 'c' }); req.deleteHeader('X-C'); req.deleteHeader('Accept')
       req.setMethod('put'); req.setBody({ a: 1 }); req.setHeader('x-a', 'second')`,
    )
    expect(result.error).toBeNull()
    expect(result.changes).toEqual({
      method: 'PUT',
      setHeaders: [
        ['X-B', '2'],
        ['x-a', 'second'],
      ],
      deleteHeaders: ['X-C', 'Accept'],
      body: '{"a":1}',
    })
  })

  it('req.* limits stop the script: line breaks, protected headers, sizes, count', async () => {
    const cases: [string, string][] = [
      [`req.setHeader('X-A', 'a\\r\\nInjected: 1')`, 'must not contain line breaks'],
      [`req.setHeader('Host', 'evil.test')`, 'the header "Host" cannot be changed'],
      [`req.setHeader('Content-Length', '1')`, 'cannot be changed'],
      [`req.deleteHeader('Transfer-Encoding')`, 'cannot be changed'],
      [`req.setHeader('X-Big', 'x'.repeat(16 * 1024 + 1))`, 'larger than 16 KB'],
      [`req.setBody('x'.repeat(5 * 1024 * 1024 + 1))`, 'larger than 5 MB'],
      [`for (let i = 0; i < 101; i++) req.setHeader('X-' + i, '1')`, 'at most 100 headers'],
      [`req.setHeader('Bad Name', '1')`, 'not a valid header name'],
    ]
    for (const [code, text] of cases) {
      const result = await runScript(`try { ${code} } catch (e) {} bru.setVar('after', 1)`)
      expect(result.error?.kind, code).toBe('limit')
      expect(result.error?.message, code).toContain(text)
      expect(result.variables.session.has('after'), code).toBe(false)
    }
    const fine = await runScript(
      `req.setHeader('X-Ok', 'x'.repeat(16 * 1024)); for (let i = 0; i < 99; i++) req.setHeader('X-' + i, '1')`,
    )
    expect(fine.error).toBeNull()
    expect(fine.changes.setHeaders).toHaveLength(100)
  })

  it('res in a post-response script: status, body, headers, queries; null before', async () => {
    const result = await runScript(
      `test('status', () => { expect(res.status).to.equal(200); expect(res.getStatus()).to.equal(200); expect(res.statusText).to.equal('OK') })
       test('body', () => { expect(res.body.items[1].id).to.equal(2); expect(res.getBody()).to.have.property('items') })
       test('query', () => { expect(res('items[0].id')).to.equal(1); expect(res('items.id')).to.deep.equal([1, 2]); expect(res('..name')).to.deep.equal(['a', 'b']); expect(res('missing.path')).to.be.undefined })
       test('headers', () => { expect(res.getHeader('X-Count')).to.equal('2'); expect(res.headers['content-type']).to.equal('application/json'); expect(res.getHeaders()).to.have.property('x-count') })
       test('time', () => expect(res.getResponseTime()).to.equal(42))
       test('req after', () => { expect(req.getHeader('accept')).to.equal('application/json'); expect(req.getBody()).to.deep.equal({ q: 1 }) })`,
      {
        response: jsonResponse(
          {
            items: [
              { id: 1, name: 'a' },
              { id: 2, name: 'b' },
            ],
          },
          200,
          [['X-Count', '2']],
        ),
        request: { bodyText: '{"q":1}' },
      },
    )
    expect(failures(result)).toEqual([])
    const pre = await runScript(`bru.setVar('res', String(res))`)
    expect(pre.variables.session.get('res')).toBe('null')
  })

  it('test() is awaited: async failures count; a test that never finishes times out', async () => {
    const result = await runScript(
      `test('async pass', async () => { await bru.sleep(10); expect(1).to.equal(1) })
       test('async fail', async () => { await bru.sleep(10); expect(1).to.equal(2) })
       test('rejects', () => Promise.reject(new TypeError('nope')))`,
      { response: jsonResponse({}) },
    )
    expect(result.error).toBeNull()
    expect(result.tests).toEqual([
      { name: 'async pass', passed: true, error: null },
      { name: 'async fail', passed: false, error: 'expected 1 to equal 2' },
      { name: 'rejects', passed: false, error: 'TypeError: nope' },
    ])
    const never = await runScript(`test('never', () => new Promise(() => {}))`, {
      response: jsonResponse({}),
    })
    expect(never.testsTimedOut).toBe(true)
    const slow = await runScript(`test('slow', async () => { for (;;) await bru.sleep(200) })`, {
      response: jsonResponse({}),
    })
    expect(slow.testsTimedOut).toBe(true)
    expect(slow.error?.kind).toBe('timeout')
  })
})

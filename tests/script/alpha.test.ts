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

const passed = (result: { tests: { name: string; passed: boolean; error: string | null }[] }) =>
  result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`)

describe.each(['alpha', 'pm'])('%s namespace', (ns) => {
  it('globals and collectionVariables behave as environment (session values)', async () => {
    const variables = new VariableContext()
    const result = await runScript(
      `${ns}.globals.set('g', 1); ${ns}.collectionVariables.set('c', 2)
       ${ns}.test('same store, values as set (newman)', () => { ${ns}.expect(${ns}.environment.get('g')).to.equal(1); ${ns}.expect(${ns}.globals.get('c')).to.equal(2) })
       ${ns}.test('toObject gives the values as set (newman)', () => ${ns}.expect(${ns}.environment.toObject()).to.include({ g: 1, c: 2 }))`,
      { variables },
    )
    expect(passed(result)).toEqual([])
    expect([...variables.session]).toEqual([
      ['g', '1'],
      ['c', '2'],
    ])
  })

  it('variables.replaceIn substitutes variables and dynamic ones', async () => {
    const result = await runScript(
      `${ns}.test('replace', () => {
         ${ns}.expect(${ns}.variables.replaceIn('{{base}}/x')).to.equal('http://h/x')
         ${ns}.expect(${ns}.variables.replaceIn('{{$randomInt}}')).to.match(/^\\d+$/)
         ${ns}.expect(${ns}.variables.replaceIn('{{$guid}}')).to.match(/^[0-9a-f-]{36}$/)
       })`,
      { layers: [{ scope: 'environment', variables: [{ key: 'base', value: 'http://h' }] }] },
    )
    expect(passed(result)).toEqual([])
  })

  it('response.status is the reason text, code the number; info names the request', async () => {
    const result = await runScript(
      `${ns}.test('status', () => ${ns}.expect(${ns}.response.status).to.equal('Created'))
       ${ns}.test('code', () => ${ns}.expect(${ns}.response.code).to.equal(201))
       ${ns}.test('info', () => { ${ns}.expect(${ns}.info.requestName).to.equal('Get user'); ${ns}.expect(${ns}.info.requestId).to.equal('req-1') })`,
      { response: { code: 201, statusText: 'Created', body: '{}' } },
    )
    expect(passed(result)).toEqual([])
  })

  it('the chai-postman response vocabulary', async () => {
    const result = await runScript(
      `const t = (n, f) => ${ns}.test(n, f)
       t('success', () => ${ns}.response.to.be.success)
       t('ok property', () => ${ns}.response.to.be.ok)
       t('not error', () => ${ns}.response.to.not.be.error)
       t('not clientError', () => ${ns}.response.to.not.be.clientError)
       t('status code', () => ${ns}.response.to.have.status(200))
       t('status reason', () => ${ns}.response.to.have.status('OK'))
       t('header', () => ${ns}.response.to.have.header('Content-Type'))
       t('header value', () => ${ns}.response.to.have.header('Content-Type', 'application/json'))
       t('body', () => ${ns}.response.to.have.body())
       t('body regex', () => ${ns}.response.to.have.body(/Ada/))
       t('withBody json', () => { ${ns}.response.to.be.withBody; ${ns}.response.to.be.json })
       t('jsonBody', () => ${ns}.response.to.have.jsonBody())
       t('jsonBody path', () => ${ns}.response.to.have.jsonBody('user.tags[1]'))
       t('jsonBody path value', () => ${ns}.response.to.have.jsonBody('user.name', 'Ada'))
       t('not jsonBody path', () => ${ns}.response.to.not.have.jsonBody('error'))
       t('responseTime', () => ${ns}.response.to.have.responseTime.below(100))
       t('responseSize', () => ${ns}.response.to.have.responseSize.above(5))
       t('expect(response)', () => ${ns}.expect(${ns}.response).to.have.status(200))
       t('jsonSchema', () => ${ns}.response.to.have.jsonSchema({ type: 'object', required: ['user'], properties: { user: { type: 'object' } } }))`,
      { response: jsonResponse({ user: { name: 'Ada', tags: ['a', 'b'] } }) },
    )
    expect(passed(result)).toEqual([])
    expect(result.tests).toHaveLength(19)
  })

  it('named statuses and classes fail with what was expected and found', async () => {
    const result = await runScript(
      `${ns}.test('notFound', () => ${ns}.response.to.be.notFound)
       ${ns}.test('clientError', () => ${ns}.response.to.be.clientError)
       ${ns}.test('success', () => ${ns}.response.to.be.success)
       ${ns}.test('badRequest', () => ${ns}.response.to.be.badRequest)
       ${ns}.test('schema', () => ${ns}.response.to.have.jsonSchema({ type: 'object', required: ['id'] }))
       ${ns}.test('jsonBody value', () => ${ns}.response.to.have.jsonBody('error', 'other'))`,
      { response: { ...jsonResponse({ error: 'missing' }, 404), statusText: 'Not Found' } },
    )
    expect(result.tests.map((t) => t.passed)).toEqual([true, true, false, false, false, false])
    // chai-postman's wording, as newman reports these (tests/parity checks it against newman).
    expect(result.tests[2]!.error).toBe('expected response code to be 2XX but found 404')
    expect(result.tests[3]!.error).toBe(
      "expected response to have status reason 'BAD REQUEST' but got 'NOT FOUND'",
    )
    expect(result.tests[4]!.error).toBe(
      "expected data to satisfy schema but found following errors: \ndata should have required property 'id'",
    )
    expect(result.tests[5]!.error).toBe(
      "expected response body json at \"error\" to contain 'other' but got 'missing'",
    )
  })

  it('chai words of spec 4.5', async () => {
    const result = await runScript(
      `const e = ${ns}.expect
       ${ns}.test('all', () => {
         e(1).to.equal(1); e('a').equals('a'); e({ a: [1] }).to.eql({ a: [1] }); e({ a: 1 }).to.deep.equal({ a: 1 })
         e('s').to.be.a('string'); e([]).to.be.an('array'); e(5).to.be.above(4).and.below(6); e(5).to.be.at.least(5).and.at.most(5)
         e('hello').to.include('ell'); e([1, 2]).to.include(2); e('abc').to.match(/b/); e(2).to.be.oneOf([1, 2])
         e([1, 2, 3]).to.have.lengthOf(3); e({ k: 1 }).to.have.property('k'); e({ a: 1, b: 2 }).to.have.keys('a', 'b')
         e([3, 1]).to.have.members([1, 3]); e(1).to.exist; e(1).to.be.ok; e(true).to.be.true; e(false).to.be.false
         e(null).to.be.null; e(undefined).to.be.undefined; e([]).to.be.empty; e('').to.be.empty
         e(null).to.not.exist; e(0).to.not.be.ok; e(1).to.not.equal(2); e([1]).to.not.include(3)
         e({ a: 1 }).which.has.property('a').that.equals(1)
       })
       ${ns}.test('identity', () => { const o = {}; e(o).to.equal(o); e([o]).to.include(o) })
       ${ns}.test('values', () => { e(NaN).to.be.NaN; e(new Date(0)).to.be.instanceOf(Date); e(new Map([[1, 2]])).to.have.keys(1); e(-0).to.equal(-0) })
       ${ns}.test('throws', () => { e(() => { throw new TypeError('bad') }).to.throw(TypeError, 'bad'); e(() => 1).to.not.throw() })
       ${ns}.test('satisfy', () => e(3).to.satisfy((n) => n > 2))
       ${ns}.test('message', () => e(1, 'custom').to.equal(2))
       ${ns}.test('invalid word', () => e(1).to.be.bogus)`,
    )
    expect(passed(result)).toEqual([
      'message: custom: expected 1 to equal 2',
      'invalid word: TypeError: Invalid Chai property: bogus',
    ])
  })

  it('cookies, iterationData, setNextRequest exist and do nothing', async () => {
    const result = await runScript(
      `${ns}.setNextRequest('x'); ${ns}.test('inert', () => {
        ${ns}.expect(${ns}.cookies.get('a')).to.be.undefined
        ${ns}.expect(${ns}.iterationData.has('a')).to.be.false
        ${ns}.expect(${ns}.iterationData.toObject()).to.deep.equal({})
      })`,
    )
    expect(passed(result)).toEqual([])
  })

  it('sendRequest: the token recipe of spec 5.4 against the echo server', async () => {
    const variables = new VariableContext([
      {
        scope: 'environment',
        variables: [
          { key: 'baseUrl', value: echo.url },
          { key: 'clientId', value: 'sendbox' },
          { key: 'clientSecret', value: 's3cret', secret: true, scriptAccess: true },
        ],
      },
    ])
    const script = `
      if (!${ns}.environment.has('token')) {
        ${ns}.sendRequest({
          url: '{{baseUrl}}/oauth/token',
          method: 'POST',
          header: { 'Content-Type': 'application/json' },
          body: { mode: 'raw', raw: JSON.stringify({ client_id: ${ns}.environment.get('clientId'), client_secret: ${ns}.environment.get('clientSecret') }) },
        }, (err, res) => {
          ${ns}.environment.set('token', res.json().access_token)
          ${ns}.environment.set('code', res.code)
        })
      }`
    const first = await runScript(script, { variables, sendRequest: fetchSend })
    expect(first.error).toBeNull()
    expect(variables.session.get('token')).toBe('echo-access-token')
    expect(variables.session.get('code')).toBe('200')
    const calls = echo.seen.length
    await runScript(script, { variables, sendRequest: fetchSend })
    expect(echo.seen.length).toBe(calls)
  })

  it('sendRequest: URL string, header forms, JSON body, response shape', async () => {
    const variables = new VariableContext()
    const result = await runScript(
      `${ns}.sendRequest('${echo.url}/get?a=1', (err, res) => {
         ${ns}.variables.set('s1', JSON.stringify({ code: res.code, status: res.status, size: res.responseSize > 0, time: typeof res.responseTime, ct: res.headers['content-type'], get: res.headers.get('Content-Type'), args: res.json().args }))
       })
       ${ns}.sendRequest({ url: '${echo.url}/post', method: 'POST', header: [{ key: 'X-A', value: '1' }, { key: 'X-Off', value: 'no', disabled: true }], body: { n: 1 } }, (err, res) => {
         const j = res.json(); ${ns}.variables.set('s2', JSON.stringify({ json: j.json, ct: j.headers.find((h) => h[0].toLowerCase() === 'content-type')[1], xa: j.headers.some((h) => h[0].toLowerCase() === 'x-a'), off: j.headers.some((h) => h[0].toLowerCase() === 'x-off') }))
       })
       ${ns}.sendRequest({ url: '${echo.url}/post', method: 'POST', header: 'X-Line: one\\nX-Two: two', body: { mode: 'raw', raw: 'plain text' } }, (err, res) => {
         const j = res.json(); ${ns}.variables.set('s3', JSON.stringify({ body: j.body, two: j.headers.some((h) => h[0].toLowerCase() === 'x-two' && h[1] === 'two') }))
       })`,
      { variables, sendRequest: fetchSend },
    )
    expect(result.error).toBeNull()
    expect(JSON.parse(variables.singleSend.get('s1')!)).toEqual({
      code: 200,
      status: 'OK',
      size: true,
      time: 'number',
      ct: 'application/json',
      get: 'application/json',
      args: { a: '1' },
    })
    expect(JSON.parse(variables.singleSend.get('s2')!)).toEqual({
      json: { n: 1 },
      ct: 'application/json',
      xa: true,
      off: false,
    })
    expect(JSON.parse(variables.singleSend.get('s3')!)).toEqual({ body: 'plain text', two: true })
  })

  it('sendRequest: network errors reach the callback; a throwing callback does not fail the script (newman)', async () => {
    const variables = new VariableContext()
    const result = await runScript(
      `${ns}.sendRequest('http://127.0.0.1:1/', (err, res) => { ${ns}.variables.set('err', String(!!err)); res.json().no.split() })
       ${ns}.environment.set('after', 'yes')`,
      { variables, sendRequest: fetchSend },
    )
    expect(variables.singleSend.get('err')).toBe('true')
    expect(variables.scriptGet('after')).toBe('yes')
    expect(result.error).toBeNull()
  })

  it('sendRequest is not available in a post-response script', async () => {
    const result = await runScript(`${ns}.sendRequest('${echo.url}/get', () => {})`, {
      response: jsonResponse({}),
      sendRequest: fetchSend,
    })
    expect(result.error?.kind).toBe('unsupported')
    expect(result.error?.message).toContain('not available in this context')
  })
})

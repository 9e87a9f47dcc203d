import { beforeAll, describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

beforeAll(async () => {
  await testRunner()
})

const results = (result: { tests: { name: string; passed: boolean; error: string | null }[] }) =>
  result.tests.map((t) => [t.name, t.passed, t.error])

describe("Postman's legacy sandbox API", () => {
  it('turns each entry of tests into a test after the script, with newman’s message for a falsy one', async () => {
    const result = await runScript(
      `pm.test('modern first', () => {})
       tests['status is 200'] = responseCode.code === 200
       tests['fails'] = responseCode.code === 404
       tests['zero'] = 0`,
      { response: jsonResponse({ a: 1 }) },
    )
    expect(result.error).toBeNull()
    expect(results(result)).toEqual([
      ['modern first', true, null],
      ['status is 200', true, null],
      ['fails', false, 'expected false to be truthy'],
      ['zero', false, 'expected 0 to be truthy'],
    ])
  })

  it('reports the tests set before a script throws, and the error', async () => {
    const result = await runScript(`tests['before'] = true; undefinedThing.x`, {
      response: jsonResponse({}),
    })
    expect(results(result)).toEqual([['before', true, null]])
    expect(result.error?.message).toMatch(/^ReferenceError/)
  })

  it('gives responseBody, responseHeaders (names as sent), responseTime, responseCode and String#has', async () => {
    const result = await runScript(
      `const data = JSON.parse(responseBody)
       tests['body'] = data.name === 'Ada' && responseBody.has('Ada') && !responseBody.has('Bob')
       tests['headers'] = responseHeaders['X-Trace'] === 't1'
       tests['time'] = responseTime === 42
       tests['code'] = responseCode.code === 201 && responseCode.name === 'Created'
       tests['request'] = request.method === 'GET' && request.url === 'http://127.0.0.1:9/users/1' && request.name === 'Get user'
       tests['iteration'] = iteration === 0`,
      {
        response: { ...jsonResponse({ name: 'Ada' }, 201, [['X-Trace', 't1']]), statusText: 'Created' },
      },
    )
    expect(result.error).toBeNull()
    expect(results(result).filter(([, passed]) => !passed)).toEqual([])
    expect(result.tests).toHaveLength(6)
  })

  it('has the postman object: environment and global variables, setNextRequest', async () => {
    const variables = new VariableContext()
    const result = await runScript(
      `postman.setEnvironmentVariable('v', 1)
       postman.setGlobalVariable('g', 'two')
       tests['get'] = postman.getEnvironmentVariable('v') === '1' && postman.getGlobalVariable('g') === 'two'
       tests['environment snapshot'] = environment.v === '1'
       postman.setNextRequest('Other')`,
      { variables },
    )
    expect(result.error).toBeNull()
    expect(results(result)).toEqual([
      ['get', true, null],
      ['environment snapshot', true, null],
    ])
    expect(variables.scriptGet('v')).toBe('1')
    expect(result.flow).toEqual({ nextRequest: 'Other' })
  })

  it('leaves response globals undefined in a pre-request script, and other scripts untouched', async () => {
    const pre = await runScript(`pm.environment.set('t', typeof responseBody)`)
    expect(pre.error).toBeNull()
    expect(pre.variables.scriptGet('t')).toBe('undefined')
    // A script's own binding of a legacy name wins.
    const own = await runScript(`const tests = [1]; pm.test('own', () => pm.expect(tests).to.eql([1]))`, {
      response: jsonResponse({}),
    })
    expect(results(own)).toEqual([['own', true, null]])
  })

  it('gives every script its own tests object, never a global', async () => {
    const result = await runScript(`tests['a'] = true`, {
      response: jsonResponse({}),
      more: [
        `pm.test('fresh', () => pm.expect(Object.keys(tests)).to.eql([]))`,
        `pm.test('no global', () => pm.expect(typeof globalThis.tests).to.equal('undefined'))`,
      ],
    })
    expect(results(result)).toEqual([
      ['a', true, null],
      ['fresh', true, null],
      ['no global', true, null],
    ])
  })

  it('awaits an async script before reading tests', async () => {
    const result = await runScript(`await new Promise((r) => setTimeout(r, 5)); tests['late'] = true`, {
      response: jsonResponse({}),
    })
    expect(results(result)).toEqual([['late', true, null]])
  })
})

describe('run flow from scripts', () => {
  it('pm.execution.setNextRequest, null and skipRequest are handed to the pipeline', async () => {
    expect((await runScript(`pm.execution.setNextRequest('C')`)).flow).toEqual({ nextRequest: 'C' })
    expect((await runScript(`pm.execution.setNextRequest(null)`)).flow).toEqual({ nextRequest: null })
    expect((await runScript(`pm.execution.skipRequest()`)).flow).toEqual({ skip: true })
    expect((await runScript(`pm.environment.set('a', 1)`)).flow).toBeUndefined()
  })

  it('skipRequest is missing in a post-response script, as in newman', async () => {
    const result = await runScript(`pm.execution.skipRequest()`, { response: jsonResponse({}) })
    expect(result.error?.message).toBe('TypeError: pm.execution.skipRequest is not a function')
  })

  it("Bruno's bru.runner: skipRequest, setNextRequest and stopExecution", async () => {
    expect((await runScript(`bru.runner.skipRequest()`)).flow).toEqual({ skip: true })
    expect((await runScript(`bru.runner.setNextRequest('B')`, { response: jsonResponse({}) })).flow).toEqual({
      nextRequest: 'B',
    })
    // The whole run stops (every iteration left included), not only this iteration.
    expect((await runScript(`bru.runner.stopExecution()`, { response: jsonResponse({}) })).flow).toEqual({
      stop: true,
    })
  })
})

describe("pm variable scopes with newman's values", () => {
  it('gives back undefined, null, numbers and objects as set; a missing name is undefined', async () => {
    const variables = new VariableContext()
    const result = await runScript(
      `pm.environment.set('u', undefined); pm.environment.set('n', null); pm.environment.set('c', 3)
       pm.environment.set('o', { a: 1 }); pm.environment.set('s', 'text')
       pm.test('undefined', () => pm.expect(pm.environment.get('u')).to.be.undefined)
       pm.test('null', () => pm.expect(pm.environment.get('n')).to.be.null)
       pm.test('number', () => pm.expect(pm.environment.get('c')).to.equal(3))
       pm.test('object', () => pm.expect(pm.environment.get('o')).to.eql({ a: 1 }))
       pm.test('string', () => pm.expect(pm.environment.get('s')).to.equal('text'))
       pm.test('missing', () => pm.expect(pm.environment.get('nope')).to.be.undefined)
       pm.test('missing local', () => pm.expect(pm.variables.get('nope')).to.be.undefined)
       pm.test('svc keeps text and null', () => { pm.expect(svc.environment.get('c')).to.equal('3'); pm.expect(svc.environment.get('nope')).to.be.null })`,
      { variables },
    )
    expect(results(result).filter(([, passed]) => !passed)).toEqual([])
    expect(result.tests).toHaveLength(8)
    // Substitution uses the text, and a later script of the same session sees the value as set.
    expect(variables.replace('{{c}}-{{n}}')).toBe('3-null')
    const next = await runScript(`pm.test('later', () => pm.expect(pm.environment.get('c')).to.equal(3))`, {
      variables: new VariableContext([], variables.session),
    })
    expect(results(next)).toEqual([['later', true, null]])
  })
})

describe("V8's wording for the common errors", () => {
  it('rewrites QuickJS messages in test results and script errors', async () => {
    const result = await runScript(
      `pm.test('read', () => undefined.x)
       pm.test('read null', () => { const v = null; return v.y })
       pm.test('set', () => { undefined.x = 1 })
       pm.test('not defined', () => nothingHere + 1)
       pm.test('reduce', () => [].reduce((a, b) => a))
       pm.test('own message kept', () => { throw new Error("cannot read property 'x' of nothing") })
       const deeper = pm.response.json().nope.deeper`,
      { response: jsonResponse({}) },
    )
    expect(results(result)).toEqual([
      ['read', false, "TypeError: Cannot read properties of undefined (reading 'x')"],
      ['read null', false, "TypeError: Cannot read properties of null (reading 'y')"],
      ['set', false, "TypeError: Cannot set properties of undefined (setting 'x')"],
      ['not defined', false, 'ReferenceError: nothingHere is not defined'],
      ['reduce', false, 'TypeError: Reduce of empty array with no initial value'],
      ['own message kept', false, "Error: cannot read property 'x' of nothing"],
    ])
    expect(result.error?.message).toBe("TypeError: Cannot read properties of undefined (reading 'deeper')")
  })
})

describe("chai-postman's wording for the response assertions", () => {
  it('says status code, status reason and header with key as newman does', async () => {
    const result = await runScript(
      `pm.test('code', () => pm.response.to.have.status(201))
       pm.test('reason', () => pm.response.to.have.status('Created'))
       pm.test('header', () => pm.response.to.have.header('X-Nope'))
       pm.test('header value', () => pm.response.to.have.header('Content-Type', 'text/plain'))
       pm.test('not code', () => pm.response.to.not.have.status(200))`,
      { response: jsonResponse({}) },
    )
    expect(results(result)).toEqual([
      ['code', false, 'expected response to have status code 201 but got 200'],
      ['reason', false, "expected response to have status reason 'Created' but got 'OK'"],
      ['header', false, "expected response to have header with key 'X-Nope'"],
      [
        'header value',
        false,
        "expected 'Content-Type' response header to be 'text/plain' but got 'application/json'",
      ],
      ['not code', false, 'expected response to not have status code 200'],
    ])
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

beforeAll(async () => {
  await testRunner()
})

const layers = [{ scope: 'environment' as const, variables: [{ key: 'host', value: 'example.test' }] }]

describe.each(['svc', 'delta'])('%s namespace', (ns) => {
  it('environment.get/set/unset/has with session semantics', async () => {
    const variables = new VariableContext(layers)
    const result = await runScript(
      `
      ${ns}.test('get', () => ${ns}.expect(${ns}.environment.get('host')).to.equal('example.test'))
      ${ns}.test('absent is null', () => ${ns}.expect(${ns}.environment.get('nope')).to.be.null)
      ${ns}.environment.set('count', 3)
      ${ns}.environment.set('obj', { a: 1 })
      ${ns}.test('stored as text', () => ${ns}.expect(${ns}.environment.get('count')).to.equal('3'))
      ${ns}.test('has', () => { ${ns}.expect(${ns}.environment.has('count')).to.be.true; ${ns}.expect(${ns}.environment.has('zzz')).to.be.false })
      ${ns}.environment.set('gone', 'x'); ${ns}.environment.unset('gone')
      ${ns}.test('unset', () => ${ns}.expect(${ns}.environment.has('gone')).to.be.false)`,
      { variables },
    )
    expect(result.error).toBeNull()
    expect(result.tests.map((t) => [t.name, t.passed])).toEqual([
      ['get', true],
      ['absent is null', true],
      ['stored as text', true],
      ['has', true],
      ['unset', true],
    ])
    expect(variables.session.get('count')).toBe('3')
    expect(variables.session.get('obj')).toBe('{"a":1}')
    // Session values never touch the environment layer.
    expect(layers[0]!.variables).toHaveLength(1)
  })

  it('variables.* are for this send only', async () => {
    const variables = new VariableContext(layers)
    const result = await runScript(
      `${ns}.variables.set('local', 'v'); ${ns}.test('read', () => ${ns}.expect(${ns}.variables.get('local')).to.equal('v'))
       ${ns}.test('falls back to scopes', () => ${ns}.expect(${ns}.variables.get('host')).to.equal('example.test'))`,
      { variables },
    )
    expect(result.tests.every((t) => t.passed)).toBe(true)
    expect(variables.singleSend.get('local')).toBe('v')
    expect(variables.session.has('local')).toBe(false)
  })

  it('request members; headers empty and response null in a pre-request script', async () => {
    const result = await runScript(
      `${ns}.test('url', () => ${ns}.expect(${ns}.request.url).to.equal('http://127.0.0.1:9/users/1'))
       ${ns}.test('method', () => ${ns}.expect(${ns}.request.method).to.equal('POST'))
       ${ns}.test('no headers', () => ${ns}.expect(${ns}.request.headers.toObject()).to.deep.equal({}))
       ${ns}.test('no response', () => ${ns}.expect(${ns}.response).to.equal(null))`,
      { phase: 'pre-request', request: { method: 'post' } },
    )
    expect(result.tests.map((t) => t.passed)).toEqual([true, true, true, true])
  })

  it('response members in a post-response script', async () => {
    const result = await runScript(
      `const r = ${ns}.response
       ${ns}.test('code', () => ${ns}.expect(r.code).to.equal(201))
       ${ns}.test('status is numeric', () => ${ns}.expect(r.status).to.equal(201))
       ${ns}.test('time', () => ${ns}.expect(r.responseTime).to.equal(42))
       ${ns}.test('json', () => ${ns}.expect(r.json().user.name).to.equal('Ada'))
       ${ns}.test('text', () => ${ns}.expect(r.text()).to.include('"Ada"'))
       ${ns}.test('header', () => ${ns}.expect(r.headers.get('x-trace')).to.equal('abc'))
       ${ns}.test('headers object', () => ${ns}.expect(r.headers.toObject()).to.have.property('X-Trace'))
       ${ns}.test('request headers', () => ${ns}.expect(${ns}.request.headers.get('accept')).to.equal('application/json'))`,
      { response: jsonResponse({ user: { name: 'Ada' } }, 201, [['X-Trace', 'abc']]) },
    )
    expect(result.tests.filter((t) => !t.passed)).toEqual([])
  })

  it('response assertions: ok() for any 2xx, status, header, and their failures', async () => {
    const pass = await runScript(
      `${ns}.test('ok', () => ${ns}.response.to.be.ok())
       ${ns}.test('status', () => ${ns}.response.to.have.status(204))
       ${ns}.test('header', () => ${ns}.response.to.have.header('Content-Type'))
       ${ns}.test('not status', () => ${ns}.response.to.not.have.status(200))`,
      { response: { code: 204, statusText: 'No Content', headers: [['Content-Type', 'text/plain']] } },
    )
    expect(pass.tests.map((t) => t.passed)).toEqual([true, true, true, true])
    const fail = await runScript(
      `${ns}.test('ok', () => ${ns}.response.to.be.ok())
       ${ns}.test('status', () => ${ns}.response.to.have.status(200))
       ${ns}.test('header', () => ${ns}.response.to.have.header('X-Missing'))`,
      { response: { code: 404, statusText: 'Not Found' } },
    )
    expect(fail.tests.map((t) => t.passed)).toEqual([false, false, false])
    expect(fail.tests[0]!.error).toBe("expected response to have status reason 'OK' but got 'NOT FOUND'")
    expect(fail.tests[1]!.error).toBe('expected response to have status code 200 but got 404')
    expect(fail.tests[2]!.error).toContain('X-Missing')
  })

  it('a test that throws fails with its reason; others still run', async () => {
    const result = await runScript(
      `${ns}.test('boom', () => { throw new RangeError('too far') })
       ${ns}.test('eq', () => ${ns}.expect(1 + 1).to.equal(3))
       ${ns}.test('fine', () => {})`,
    )
    expect(result.error).toBeNull()
    expect(result.tests).toEqual([
      { name: 'boom', passed: false, error: 'RangeError: too far' },
      { name: 'eq', passed: false, error: 'expected 2 to equal 3' },
      { name: 'fine', passed: true, error: null },
    ])
  })

  it('a test returning a promise is not awaited', async () => {
    const result = await runScript(
      `${ns}.test('async', () => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 5)))`,
    )
    expect(result.tests).toEqual([{ name: 'async', passed: true, error: null }])
    expect(result.testsTimedOut).toBe(false)
  })
})

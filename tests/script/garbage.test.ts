/**
 * What a script leaves in the resident QuickJS runtime. QuickJS frees an object as soon as
 * nothing refers to it; only garbage in reference cycles waits for its cycle collector, whose
 * every run walks the whole resident context (pauses of several milliseconds). The guest's own
 * objects (assertions, API proxies) are built without cycles, so script after script the
 * runtime holds the same number of objects. And the assertions, plain objects on a frozen
 * prototype, keep their state where scripts cannot reach it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 1000, inFlightTimeMs: 2000, sleepMs: 100 })
})
afterAll(() => runner.dispose())

const response = jsonResponse({ args: { i: '7' }, method: 'GET' })
const idle = () => new Promise((resolve) => setTimeout(resolve, 5))

async function objectsAfter(code: string, runs: number): Promise<number | null> {
  for (let i = 0; i < runs; i++) {
    const result = await runScript(code, { runner, response })
    expect(result.error).toBeNull()
    await idle()
  }
  return runner.liveObjects()
}

const scripts: Record<string, string> = {
  alpha: `pm.test('status', function () { pm.response.to.have.status(200) })
    pm.test('json', function () { pm.expect(pm.response.headers.get('Content-Type')).to.include('application/json') })
    pm.test('index', function () { pm.expect(pm.response.json().args.i).to.be.a('string') })
    pm.test('fast', function () { pm.expect(pm.response.responseTime).to.be.below(5000) })
    pm.test('deep', function () { pm.expect(pm.response.json()).to.have.property('args').that.deep.equals({ i: '7' }) })
    pm.test('fails', function () { pm.expect(pm.response.json().method).to.not.equal('GET') })
    pm.environment.set('method', pm.response.json().method)`,
  beta: `test('status', function () { expect(res.getStatus()).to.equal(200) })
    test('header', function () { expect(res.getHeader('content-type')).to.include('application/json') })
    test('body', function () { expect(res.getBody().args.i).to.be.a('string') })
    test('query', function () { expect(res('args.i')).to.equal('7') })
    bru.setVar('seen', String(res.getStatus()))`,
  'svc and gamma': `svc.test('ok', function () { svc.response.to.be.ok() })
    svc.test('status', function () { svc.expect(svc.response.status).to.equal(200) })
    pw.test('code', function () { pw.expect(pw.response.status).toBe(200) })
    pw.test('not', function () { pw.expect(pw.response.status).not.toBe(404) })`,
}

describe('garbage left by scripts in the resident runtime', () => {
  for (const [name, code] of Object.entries(scripts)) {
    it(`${name}: the runtime holds as many objects after 25 more runs`, async () => {
      const warm = await objectsAfter(code, 5)
      const later = await objectsAfter(code, 25)
      expect(warm).toBeGreaterThan(100)
      expect(later).toBe(warm)
    })
  }
})

describe('assertions are plain objects whose state scripts cannot reach', () => {
  it('look like chai: an object, its methods functions, no own keys', async () => {
    const result = await runScript(
      `const a = expect(1), m = a.to.equal
      svc.environment.set('seen', JSON.stringify([typeof a, typeof m, Reflect.ownKeys(a).length,
        Reflect.ownKeys(m).length, Object.isFrozen(Object.getPrototypeOf(a)), Object.getPrototypeOf(m) === Object.getPrototypeOf(a)]))`,
      { runner, response },
    )
    expect(result.error).toBeNull()
    expect(result.variables.session.get('seen')).toBe(
      JSON.stringify(['object', 'function', 0, 0, true, true]),
    )
  })

  it('what a script sets on an assertion or its prototype changes no verdict, now or later', async () => {
    const tamper = `const a = expect(1)
      a.path = ['not']; a.flags = { negate: true }; a.value = 2
      try { Object.defineProperty(Object.getPrototypeOf(a), 'equal', { get: function () { return function () {} } }) } catch (e) {}
      try { Object.getPrototypeOf(a).mark = 1 } catch (e) {}
      pm.test('tampered', function () { a.to.equal(2) })
      pm.test('still checked', function () { expect('x').to.equal('y') })`
    const first = await runScript(tamper, { runner, response })
    expect(first.tests).toEqual([
      { name: 'tampered', passed: false, error: 'expected 1 to equal 2' },
      { name: 'still checked', passed: false, error: "expected 'x' to equal 'y'" },
    ])
    const next = await runScript(
      `pm.test('after', function () { expect(1).to.equal(3) })
      svc.environment.set('mark', String(Object.getOwnPropertyNames(Object.getPrototypeOf(expect(1))).includes('mark')))`,
      { runner, response },
    )
    expect(next.tests).toEqual([{ name: 'after', passed: false, error: 'expected 1 to equal 3' }])
    expect(next.variables.session.get('mark')).toBe('false')
  })

  it('an assertion returned from a test counts as undefined', async () => {
    const result = await runScript(
      `pm.test('arrow returns the assertion', () => pm.expect(1).to.equal(1))
      test('beta awaits what it returns', () => expect(2).to.equal(2))`,
      { runner, response },
    )
    expect(result.error).toBeNull()
    expect(result.tests.map((test) => test.passed)).toEqual([true, true])
  })
})

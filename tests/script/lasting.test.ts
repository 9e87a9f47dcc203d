/**
 * What the runtime keeps from one script to the next for speed: compiled scripts (keyed by their
 * text), the svc and alpha namespaces (built once per sandbox, answering for the current run)
 * and the guest's own `test`. None of it may carry a script's state into another run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { needsFreshContext } from '../../src/runtime/script/fresh-context.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 1000, inFlightTimeMs: 2000, sleepMs: 100 })
})
afterAll(() => runner.dispose())

const define = "Reflect['define' + 'Property']"

describe('compiled scripts and lasting namespaces', () => {
  it('a script edited between runs runs its new text', async () => {
    const first = await runScript("svc.environment.set('v', 'one')", { runner })
    const second = await runScript("svc.environment.set('v', 'two')", { runner })
    expect(first.variables.session.get('v')).toBe('one')
    expect(second.variables.session.get('v')).toBe('two')
  })

  it('the same text in two runs shares no state', async () => {
    const code = `var n = (typeof n === 'number' ? n : 0) + 1
      globalThis.count = (globalThis.count || 0) + 1
      pm.variables.set('local', 'set by ' + pm.response.json().who)
      pm.environment.set('n', n + ',' + count + ',' + pm.variables.get('local'))
      pm.test('who is ' + pm.response.json().who, function () { pm.expect(pm.response.code).to.equal(200) })`
    const a = await runScript(code, { runner, response: jsonResponse({ who: 'a' }) })
    const b = await runScript(code, { runner, response: jsonResponse({ who: 'b' }, 500) })
    expect(a.variables.session.get('n')).toBe('1,1,set by a')
    expect(b.variables.session.get('n')).toBe('1,1,set by b')
    expect(a.tests).toEqual([{ name: 'who is a', passed: true, error: null }])
    expect(b.tests).toEqual([{ name: 'who is b', passed: false, error: 'expected 500 to equal 200' }])
    // The local value of run a never reaches run b's own variables.
    expect(b.variables.singleSend.get('local')).toBe('set by b')
  })

  it('a hostile script run twice finds the namespaces, test and its own function pristine', async () => {
    const code = `const seen = [typeof pm.test.mark, typeof pm.environment.mark, typeof svc.request.mark,
        typeof arguments.callee.mark, Reflect.ownKeys(pm.test).length, Reflect.ownKeys(pm.environment).length,
        typeof pm.response]
      svc.environment.set('seen', JSON.stringify(seen))
      for (const target of [pm.test, pm.environment, pm.environment.set, svc.request, arguments.callee]) {
        try { target.mark = 1 } catch (e) {}
        try { ${define}(target, 'mark', { value: 1, enumerable: true }) } catch (e) {}
      }`
    expect(needsFreshContext(code)).toBe(false)
    const first = await runScript(code, { runner })
    const second = await runScript(code, { runner })
    // pm.test's own keys are its name and length.
    const pristine = JSON.stringify(['undefined', 'undefined', 'undefined', 'undefined', 2, 0, 'object'])
    expect(first.variables.session.get('seen')).toBe(pristine)
    expect(second.variables.session.get('seen')).toBe(pristine)
    expect(second.error).toBeNull()
  })

  it('pm.response follows the run: null before the request, the new response after it', async () => {
    const code = "pm.environment.set('r', pm.response === null ? 'none' : String(pm.response.code))"
    const post = await runScript(code, { runner, response: jsonResponse({}, 201) })
    const pre = await runScript(code, { runner, phase: 'pre-request' })
    const again = await runScript(code, { runner, response: jsonResponse({}, 404) })
    expect([post, pre, again].map((r) => r.variables.session.get('r'))).toEqual(['201', 'none', '404'])
  })

  it('tests run in the guest keep their order among the host-run tests', async () => {
    const result = await runScript(
      `pm.test('a', () => {})
       test('b', async () => { await bru.sleep(1); expect(1).to.equal(2) })
       pm.test('c', () => { throw new TypeError('bad') })
       svc.test('d')
       pw.test('e', () => pm.expect('x').to.equal('y'))
       pm.test({ toString() { return 'f' } }, () => {})`,
      { runner, response: jsonResponse({}) },
    )
    expect(result.tests).toEqual([
      { name: 'a', passed: true, error: null },
      { name: 'b', passed: false, error: 'expected 1 to equal 2' },
      { name: 'c', passed: false, error: 'TypeError: bad' },
      { name: 'd', passed: false, error: 'The test has no function' },
      { name: 'e', passed: false, error: "expected 'x' to equal 'y'" },
      { name: 'f', passed: true, error: null },
    ])
  })

  it('tests recorded before a script throws are kept', async () => {
    const result = await runScript("pm.test('kept', () => {}); throw new Error('late')", {
      runner,
      response: jsonResponse({}),
    })
    expect(result.tests).toEqual([{ name: 'kept', passed: true, error: null }])
    expect(result.error?.message).toBe('Error: late')
  })

  it('a test still running when the time limit hits counts as a test timeout', async () => {
    const result = await runScript("pm.test('endless', () => { for (;;) {} })", {
      runner,
      response: jsonResponse({}),
    })
    expect(result.error?.kind).toBe('timeout')
    expect(result.testsTimedOut).toBe(true)
    const next = await runScript("pm.test('next', () => {})", { runner, response: jsonResponse({}) })
    expect(next.tests).toEqual([{ name: 'next', passed: true, error: null }])
  })

  it("a response's values are kept for the run only, and every body read gets its own objects", async () => {
    const code = `const a = pm.response.json(), b = pm.response.json()
      a.who = 'changed'
      const r1 = res.getBody(), r2 = res.getBody()
      r1.who = 'changed too'
      let thrown = 0
      for (const read of [function () { return JSON.parse(pm.response.text() + '}') }]) {
        try { read() } catch (e) { thrown++ }
        try { read() } catch (e) { thrown++ }
      }
      pm.environment.set('seen', [b.who, r2.who, a === b, pm.response.code, svc.response.status,
        pm.response.status, res.status, res('who'), pm.response.headers.get('X-Run'), thrown].join(','))`
    const first = await runScript(code, {
      runner,
      response: jsonResponse({ who: 'a' }, 200, [['X-Run', '1']]),
    })
    const second = await runScript(code, {
      runner,
      response: { ...jsonResponse({ who: 'b' }, 404, [['X-Run', '2']]), statusText: 'Not Found' },
    })
    expect(first.error).toBeNull()
    expect(first.variables.session.get('seen')).toBe('a,a,false,200,200,OK,200,a,1,2')
    expect(second.variables.session.get('seen')).toBe('b,b,false,404,404,Not Found,404,b,2,2')
  })

  it('a body that is not JSON throws on every pm.response.json() of the run', async () => {
    const result = await runScript(
      `let n = 0
      for (let i = 0; i < 3; i++) { try { pm.response.json() } catch (e) { n++ } }
      pm.environment.set('n', String(n))`,
      { runner, response: { body: 'not json' } },
    )
    expect(result.variables.session.get('n')).toBe('3')
  })

  it("a script's globals are gone for the next one, with or without idle time in between", async () => {
    const set = "globalThis.leaked = 'yes'; answer = 42"
    const read = "pm.environment.set('seen', typeof leaked + ',' + typeof answer)"
    // Back to back: the next script starts before the host was idle (take() resets first).
    await runScript(set, { runner })
    const first = await runScript(read, { runner })
    await runScript(set, { runner })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await runScript(read, { runner })
    expect(first.variables.session.get('seen')).toBe('undefined,undefined')
    expect(second.variables.session.get('seen')).toBe('undefined,undefined')
  })

  it('a script sent before by its id alone runs its own text, also after the guest let it go', async () => {
    const named = (i: number) => `pm.test('script ${i}', function () { pm.expect(${i}).to.equal(${i}) })`
    // More distinct scripts than the resident context keeps compiled (64), each run twice (a script
    // is kept from its second run): the first ones are let go, and their next run sends the source again.
    for (let i = 0; i < 70; i++)
      for (let twice = 0; twice < 2; twice++)
        expect((await runScript(named(i), { runner })).tests[0]?.name).toBe(`script ${i}`)
    for (const i of [0, 1, 69, 0]) {
      const result = await runScript(named(i), { runner })
      expect(result.tests).toEqual([{ name: `script ${i}`, passed: true, error: null }])
    }
  })

  it('a script shared by every request stays compiled among one-off scripts (one per request)', async () => {
    // A kept script is one frozen function, shared by its runs; a script compiled for one run is not frozen.
    const shared = "pm.environment.set('kept', String(Object.isFrozen(arguments.callee)))"
    const kept: string[] = []
    for (let i = 0; i < 100; i++) {
      const own = await runScript(`pm.environment.set('n', '${i}')`, { runner })
      expect(own.variables.session.get('n')).toBe(String(i))
      const result = await runScript(shared, { runner })
      kept.push(String(result.variables.session.get('kept')))
    }
    // Compiled afresh on its first run, kept from its second; never let go for the one-off scripts.
    expect(kept[0]).toBe('false')
    expect(kept.slice(1)).toEqual(Array.from({ length: 99 }, () => 'true'))
  })

  it('bru and res last from script to script: they answer for the current run and keep nothing', async () => {
    const code = `bru.setVar('seen', [res.getStatus(), res.getBody().who, res('who'), res.status,
        typeof bru.mark, typeof res.mark, typeof res.getStatus.mark, bru.getVar('before')].join())
      bru.mark = 1; res.mark = 1; res.getStatus.mark = 1
      bru.setVar('before', res.getBody().who)`
    const a = await runScript(code, { runner, response: jsonResponse({ who: 'a' }) })
    const b = await runScript(code, { runner, response: jsonResponse({ who: 'b' }, 500) })
    expect(a.variables.session.get('seen')).toBe('200,a,a,200,undefined,undefined,undefined,')
    expect(b.variables.session.get('seen')).toBe('500,b,b,500,undefined,undefined,undefined,')
    expect(b.variables.session.get('before')).toBe('b')
    // A pre-request script has no response: res is null there, also after a post-response script.
    const pre = await runScript("bru.setVar('res', String(res))", { runner })
    expect(pre.variables.session.get('res')).toBe('null')
  })

  it('a source the guest does not keep (it closes the wrapper early) runs every time', async () => {
    const code = "svc.environment.set('v', 'ran') })(); (function () {"
    for (let i = 0; i < 3; i++) {
      const result = await runScript(code, { runner })
      expect(result.error).toBeNull()
      expect(result.variables.session.get('v')).toBe('ran')
    }
  })

  it('pm.response.json() gives the same values whether the body crosses as its own text or through the codec', async () => {
    const deep = (n: number): unknown => (n === 0 ? 'leaf' : { a: deep(n - 1) })
    const code = `let v = pm.response.json(), depth = 0
      while (v !== null && typeof v === 'object' && 'a' in v) { v = v.a; depth++ }
      const o = pm.response.json()
      pm.environment.set('seen', JSON.stringify([depth, v, o.n, Object.is(o.z, -0), o.big, o.list, o.u]))`
    const body = (n: number) => ({
      ...(deep(n) as object),
      n: 1.5,
      z: -0,
      big: 1e300,
      list: [1, 'x', null],
      u: 'é\u2028',
    })
    // 150 levels cross as text; 250 go through the codec, which marks what is nested past 200.
    const shallow = await runScript(code, { runner, response: jsonResponse(body(150)) })
    const nested = await runScript(code, { runner, response: jsonResponse(body(250)) })
    expect(shallow.variables.session.get('seen')).toBe(
      JSON.stringify([150, 'leaf', 1.5, false, 1e300, [1, 'x', null], 'é\u2028']),
    )
    expect(nested.variables.session.get('seen')).toBe(
      JSON.stringify([201, '[Too deep]', 1.5, false, 1e300, [1, 'x', null], 'é\u2028']),
    )
  })
})

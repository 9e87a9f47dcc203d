/**
 * The resident context: ordinary scripts share one locked-down context, reset after each. Every
 * case here runs a script that tries to leave something behind (without the words that send a
 * script to a fresh context, so it really runs in the shared one), then checks that the next
 * script sees a pristine world and that the APIs still answer for the current run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { needsFreshContext } from '../../src/runtime/script/fresh-context.ts'
import { createScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { jsonResponse, runScript, TEST_LIMITS, testRunner } from '../helpers/run-script.ts'

let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 1000, inFlightTimeMs: 2000, sleepMs: 100 })
})
afterAll(() => runner.dispose())

/** What the next script sees of everything the cases below try to change. */
const PROBE = `
const seen = {
  push: typeof [].push, polluted: typeof ({}).polluted, arrPolluted: typeof [].polluted,
  parse: JSON.parse('[1]').length, stringify: JSON.stringify({ a: 1 }),
  leak: typeof leak, leak2: typeof leak2, v: typeof v, f: typeof f, stuck: typeof stuck,
  injected: typeof injected, late: typeof late, leaked: typeof leaked,
  envSet: typeof pm.environment.set, own: Reflect.ownKeys(pm).length,
  expectLeak: typeof expect.leak, consoleLeak: typeof console.leak, mathMax: Math.max(1, 2),
  weakRef: typeof globalThis['Weak' + 'Ref'], extensible: Object.isExtensible(globalThis),
  accessorLeak: typeof Object.getOwnPropertyDescriptor(Object.getPrototypeOf({}), 'toString').set.leak,
}
svc.environment.set('seen', JSON.stringify(seen))
svc.test('the APIs still work', () => svc.expect([1, 2].map((n) => n * 2)).to.deep.equal([2, 4]))
`
const PRISTINE = {
  push: 'function',
  polluted: 'undefined',
  arrPolluted: 'undefined',
  parse: 1,
  stringify: '{"a":1}',
  leak: 'undefined',
  leak2: 'undefined',
  v: 'undefined',
  f: 'undefined',
  stuck: 'undefined',
  injected: 'undefined',
  late: 'undefined',
  leaked: 'undefined',
  envSet: 'function',
  own: 0,
  expectLeak: 'undefined',
  consoleLeak: 'undefined',
  mathMax: 2,
  weakRef: 'undefined',
  extensible: true,
  accessorLeak: 'undefined',
}

const define = "Reflect['define' + 'Property']"
const CASES: [string, string][] = [
  [
    'built-in prototypes (sloppy: ignored)',
    'const AP = Object.getPrototypeOf([]); AP.push = null; AP.polluted = 1; Object.getPrototypeOf({}).polluted = 1',
  ],
  ['built-in prototypes (strict: throws)', "'use strict'; Object.getPrototypeOf({}).polluted = 1"],
  [
    'JSON and Math through computed names',
    "const j = globalThis['JS' + 'ON']; j.parse = () => 1; j.stringify = () => ''; globalThis['JS' + 'ON'] = {}; globalThis['Ma' + 'th'].max = () => 0",
  ],
  [
    'the namespaces, expect and console',
    `pm.environment.set = null; ${define}(pm, 'leak', { value: 1 }); expect.leak = 1; console.leak = 1; pm.leak = 1`,
  ],
  [
    'the override accessors',
    "const d = Object.getOwnPropertyDescriptor(Object.getPrototypeOf({}), 'toString'); d.set.leak = 1; d.get.leak = 1",
  ],
  ['added globals', 'globalThis.leak = 1; leak2 = 2; var v = 3; function f() {}'],
  ['a non-configurable global', `${define}(globalThis, 'stuck', { value: 1, configurable: false })`],
  ['a frozen global object', 'Object.freeze(globalThis)'],
  [
    'a replaced prototype of the global object',
    "Reflect['setPrototype' + 'Of'](globalThis, { injected: 1 })",
  ],
  ['source that closes the wrapper early', '}); let leaked = 1; var leak = 2; (function () {'],
  [
    'a suspended async function holding a resolver',
    '(async () => { await new Promise((r) => { globalThis.leak = r }); globalThis.late = 1 })()',
  ],
  ['a timer that fires after the script body', 'setTimeout(() => { globalThis.late = 1 }, 20)'],
  ['an async script that throws', "await null; globalThis.leak = 1; throw new Error('boom')"],
  ['an endless loop (stopped)', 'globalThis.leak = 1; for (;;) {}'],
  [
    'a promise job left running (stopped)',
    'globalThis.leak = 1; Promise.resolve().then(() => { for (;;) {} })',
  ],
]

describe('the resident context', () => {
  it('none of these scripts is sent to a fresh context by its text', () => {
    for (const [, code] of CASES) expect(needsFreshContext(code)).toBe(false)
    expect(needsFreshContext(PROBE)).toBe(false)
  })

  it.each(CASES)('%s: the next script sees a pristine world', { timeout: 20_000 }, async (_name, code) => {
    await runScript(code, { runner })
    const next = await runScript(PROBE, { runner, response: jsonResponse({}) })
    expect(next.error).toBeNull()
    expect(JSON.parse(next.variables.session.get('seen') ?? '{}')).toEqual(PRISTINE)
    expect(next.tests).toEqual([{ name: 'the APIs still work', passed: true, error: null }])
  })

  it('assignments that frozen prototypes would refuse still work on ordinary objects', async () => {
    const code = `const e = new Error('x'); e.name = 'Custom'; e.message = 'changed'
       const o = {}; o.toString = () => 'T'; o.valueOf = () => 41; o.constructor = 'c'
       class Failure extends Error { constructor(m) { super(m); this.name = 'Failure' } }
       let strict = 'no error'
       try { (function () { 'use strict'; Object.getPrototypeOf({}).toString = null })() } catch (x) { strict = x.name }
       svc.environment.set('r', [e.name, e.message, String(o), o + 1, o.constructor, new Failure('m').name, strict].join())`
    expect(needsFreshContext(code)).toBe(false)
    const result = await runScript(code, { runner })
    expect(result.error).toBeNull()
    expect(result.variables.session.get('r')).toBe('Custom,changed,T,42,c,Failure,TypeError')
  })

  it('top-level declarations stay in their script; top-level await and `this` still work', async () => {
    const first = await runScript(
      `let a = 1; const b = 2; var c = 3; function d() {} class E {}
       await null
       svc.environment.set('this', String(this === globalThis))`,
      { runner },
    )
    expect(first.error).toBeNull()
    expect(first.variables.session.get('this')).toBe('true')
    const next = await runScript(
      "svc.environment.set('r', [typeof a, typeof b, typeof c, typeof d, typeof E].join())",
      { runner },
    )
    expect(next.variables.session.get('r')).toBe('undefined,undefined,undefined,undefined,undefined')
  })

  it('a script run again finds its compiled function as it was (nothing it set on it stays)', async () => {
    const code = `const self = arguments.callee, proto = self['proto' + 'type']
      svc.environment.set('r', [typeof self.leak, typeof proto.leak].join())
      self.leak = 1; proto.leak = 1`
    expect(needsFreshContext(code)).toBe(false)
    for (let i = 0; i < 2; i++) {
      const result = await runScript(code, { runner })
      expect(result.error).toBeNull()
      expect(result.variables.session.get('r')).toBe('undefined,undefined')
    }
  })

  it('the namespaces answer for the current run, not the one that first touched them', async () => {
    const first = await runScript("pm.environment.set('token', 'one'); pm.test('a', () => {})", {
      runner,
      response: jsonResponse({ n: 1 }),
    })
    expect(first.tests.map((t) => t.name)).toEqual(['a'])
    const second = await runScript(
      `svc.environment.set('seen', String(pm.environment.get('token')))
       pm.test('b', () => pm.expect(pm.response.json().n).to.equal(2))`,
      { runner, response: jsonResponse({ n: 2 }) },
    )
    // pm answers undefined for a name no one set (newman), never the first run's value.
    expect(second.variables.session.get('seen')).toBe('undefined')
    expect(second.tests).toEqual([{ name: 'b', passed: true, error: null }])
  })

  it('scripts that change built-ins on purpose run in a fresh context, where that works', async () => {
    const code =
      "String.prototype.shout = function () { return this + '!' }; svc.environment.set('r', 'hi'.shout())"
    expect(needsFreshContext(code)).toBe(true)
    const result = await runScript(code, { runner })
    expect(result.variables.session.get('r')).toBe('hi!')
    const next = await runScript("svc.environment.set('r', typeof ''.shout)", { runner })
    expect(next.variables.session.get('r')).toBe('undefined')
  })
})

describe('a runner that builds its resident context when idle (the browser worker)', () => {
  // The resident context has no WeakRef (guest/lockdown.ts); a fresh context has it.
  const probe = "svc.environment.set('weakRef', typeof globalThis['Weak' + 'Ref'])"
  const where = async (r: QuickJSScriptRunner) =>
    (await runScript(probe, { runner: r })).variables.session.get('weakRef') === 'undefined'
      ? 'resident'
      : 'fresh'

  it('runs its first script in a fresh context and the resident context from a later turn on', async () => {
    expect(needsFreshContext(probe)).toBe(false)
    const idle = await createScriptRunner({ limits: TEST_LIMITS, residentWhenIdle: true })
    const eager = await createScriptRunner({ limits: TEST_LIMITS })
    try {
      expect(await where(idle)).toBe('fresh')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect([await where(idle), await where(idle)]).toEqual(['resident', 'resident'])
      expect(await where(eager)).toBe('resident')
    } finally {
      idle.dispose()
      eager.dispose()
    }
  })
})

/**
 * Hostile scripts: each must be stopped within its limit with a clear error (or be harmless),
 * reach nothing of the host, and leave the sandbox able to run the next script correctly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScriptErrorKind } from '../../src/runtime/script/types.ts'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 1000, inFlightTimeMs: 2000, sleepMs: 100 })
})
afterAll(() => runner.dispose())

type Case = [name: string, code: string, kind: ScriptErrorKind | ScriptErrorKind[] | null, message?: RegExp]

/**
 * Every case, bombs included, must stop within its 1 s limit plus a margin for a loaded machine:
 * huge native calls are guarded in the guest (guest/core.ts), large buffers counted by the host.
 */
const STOP_MS = 5_000

const STOPPED: Case[] = [
  ['endless while', 'while (true) {}', 'timeout'],
  ['endless for in try/catch', 'for (;;) { try { for (;;) {} } catch (e) {} }', 'timeout'],
  ['loop swallowing in finally', 'for (;;) { try { while (1) {} } finally { continue } }', 'timeout'],
  ['endless loop in a promise job', 'Promise.resolve().then(() => { for (;;) {} })', 'timeout'],
  ['endless microtask chain', 'const f = () => Promise.resolve().then(f); f()', 'timeout'],
  [
    'microtasks doubling (one job queue that never empties)',
    'function f() { Promise.resolve().then(f); Promise.resolve().then(f) } f()',
    ['timeout', 'limit'],
  ],
  [
    'promise job running out of string length',
    "let s = 'x'; Promise.resolve().then(() => { for (;;) s += s })",
    ['script', 'limit'],
    /too long|memory/,
  ],
  [
    'promise chain exhausting memory job after job',
    'const f = () => Promise.resolve().then(() => { const a = []; for (;;) a.push({ n: a.length }) }).then(f, f); f()',
    ['timeout', 'limit'],
  ],
  [
    'async chain exhausting memory',
    'const keep = []; const f = async () => { for (;;) { keep.push({ a: [1, 2, 3], b: keep.length }); if (keep.length % 100 === 0) await null } }; await f()',
    ['timeout', 'limit'],
  ],
  ['endless loop after await', 'await null; for (;;) {}', 'timeout'],
  ['endless loop in a test', "svc.test('t', () => { for (;;) {} })", 'timeout'],
  ['endless loop in an awaited test', "test('t', async () => { await null; for (;;) {} })", 'timeout'],
  ['endless loop in a timer', 'setTimeout(() => { for (;;) {} }, 1)', 'timeout'],
  ['timers re-arming forever', 'const again = () => setTimeout(again, 1); again()', 'timeout'],
  ['endless sleeps', 'for (;;) await bru.sleep(50)', 'timeout'],
  [
    'timer flood',
    'for (let i = 0; i < 1e6; i++) setTimeout(() => {}, 60000)',
    'script',
    /at most 1000 timers/,
  ],
  [
    'timer flood, refusals swallowed',
    'for (;;) { try { setTimeout(() => {}, 60000) } catch (e) {} }',
    ['timeout', 'limit'],
  ],
  ['sleep flood', 'for (let i = 0; i < 1e6; i++) bru.sleep(10)', 'script', /at most 1000 timers/],
  ['loop in an expect callback', 'expect(1).to.satisfy(() => { for (;;) {} })', 'timeout'],
  ['loop in a getter read by chai', 'expect({ get x() { for (;;) {} } }).to.be.ok', 'timeout'],
  [
    'array bomb',
    'let a = [1, 2, 3]; for (;;) a = a.concat(a)',
    ['limit', 'script', 'timeout'],
    /memory|length|longer/,
  ],
  [
    'array of arrays bomb',
    'const keep = []; for (;;) keep.push(new Array(1e5).fill(1))',
    ['limit', 'timeout'],
    /memory|longer/,
  ],
  ['string bomb', "let s = 'x'; for (;;) s += s", ['limit', 'script'], /memory|too long/],
  [
    'string pile bomb',
    "const keep = []; for (;;) keep.push('x'.repeat(1e6) + keep.length)",
    ['limit', 'timeout'],
    /memory|longer/,
  ],
  [
    'object bomb',
    'const o = {}; for (let i = 0; ; i++) o["k" + i] = { i }',
    ['limit', 'timeout'],
    /memory|longer/,
  ],
  [
    'typed array bomb',
    'const keep = []; for (;;) keep.push(new Uint8Array(8 * 1024 * 1024))',
    ['limit', 'timeout'],
    /memory|longer/,
  ],
  ['repeat bomb', "'x'.repeat(2 ** 29)", null],
  [
    'padStart pile bomb',
    "const keep = []; for (;;) keep.push(''.padStart(1e6, 'ab') + keep.length)",
    ['limit', 'timeout'],
    /memory|longer/,
  ],
  ['join bomb', 'const a = new Array(1e6); for (;;) a.join()', 'timeout'],
  [
    'ArrayBuffer bomb',
    'const keep = []; for (;;) keep.push(new ArrayBuffer(4 * 1024 * 1024))',
    ['limit', 'timeout'],
    /memory|longer/,
  ],
  ['deep recursion', 'const f = () => f(); f()', 'limit', /recursion|stack/],
  ['deep recursion in a test', "svc.test('t', () => { const f = (n) => f(n + 1) + 1; f(0) })", null],
  [
    'mutual recursion through host',
    'const f = () => { pm.environment.get("x"); f() }; f()',
    ['limit', 'timeout'],
    /recursion|stack|longer/,
  ],
  ['JSON nesting bomb', "JSON.parse('['.repeat(1e6) + ']'.repeat(1e6))", 'limit', /recursion/],
  ['require', "require('child_process')", 'script', /^Error: Cannot find module 'child_process'$/],
  ['require http', "require('http').get('http://127.0.0.1:9/')", 'script', /Cannot find module 'http'/],
  [
    'host process via constructor',
    "svc.environment.set('r', this.constructor.constructor('return typeof process')())",
    null,
  ],
  [
    'Function returns the guest global',
    "svc.environment.set('r', typeof Function('return this')().fetch)",
    null,
  ],
  [
    'no fetch or XHR',
    "svc.environment.set('r', [typeof fetch, typeof XMLHttpRequest, typeof WebSocket, typeof importScripts, typeof postMessage, typeof process, typeof require('x')].join())",
    'script',
  ],
  ['API function constructor', "svc.environment.set('r', typeof svc.test.constructor)", null],
  [
    'API function prototype chain',
    "svc.environment.set('r', String(Object.getPrototypeOf(pm.environment.get)))",
    null,
  ],
  ['calling the API constructor', "pm.test.constructor('return process')()", 'script'],
  ['__proto__ of an API object', "svc.environment.set('r', String(pm.environment.__proto__))", null],
  ['assertion constructor', "expect(1).constructor('return process')()", 'script', /Invalid Chai property/],
  ['assertion call/apply/bind', 'expect(1).to.equal.call(null, 1)', 'script'],
  ['assertion _obj', 'expect(1)._obj', 'script', /Invalid Chai property/],
  [
    'Error.prepareStackTrace',
    "Error.prepareStackTrace = (e, s) => s[0].getThis(); svc.environment.set('r', typeof new Error().stack)",
    null,
  ],
  [
    'prototype tampering then API use',
    "Object.prototype.toJSON = () => { throw new Error('tampered') }; Array.prototype.push = null; svc.environment.set('after', 'ok')",
    null,
  ],
  [
    'JSON tampering',
    "JSON.stringify = () => '{}'; JSON.parse = () => ({}); svc.environment.set('after', 'ok')",
    null,
  ],
  [
    'Proxy as a value',
    "expect(new Proxy({}, { ownKeys() { throw new Error('trap') } })).to.be.ok",
    'script',
    /trap/,
  ],
  [
    'throwing toString in a name',
    "svc.test({ toString() { throw new Error('name') } }, () => {})",
    'script',
    /name/,
  ],
  ['cyclic value to the host', "const a = {}; a.self = a; expect(a).to.have.property('self')", null],
  ['secret exfiltration through replaceIn', 'pm.variables.replaceIn("{{apiKey}}")', 'secret'],
  [
    'secret exfiltration through a sendRequest URL',
    "pm.sendRequest('http://127.0.0.1:9/?k={{apiKey}}', () => {})",
    'secret',
  ],
  [
    'secret exfiltration through beta.sendRequest',
    "await bru.sendRequest({ url: 'http://127.0.0.1:9/{{apiKey}}' }).catch(() => {})",
    'secret',
  ],
  ['secret exfiltration through interpolate', "bru.interpolate({ k: '{{apiKey}}' })", 'secret'],
  [
    'secret read swallowed by try/catch',
    "try { pm.environment.get('apiKey') } catch (e) {} svc.environment.set('after', 'ran')",
    'secret',
  ],
  [
    'secret through the variable snapshots',
    "svc.environment.set('r', JSON.stringify([pm.environment.toObject(), pm.variables.toObject(), pm.environment.has('apiKey')]))",
    null,
  ],
  [
    'secret copied as a placeholder into a variable',
    "pm.environment.set('copy', '{{apiKey}}'); svc.environment.set('r', pm.environment.get('copy'))",
    null,
  ],
  [
    'sendRequest flood',
    "for (let i = 0; i < 50; i++) pm.sendRequest('http://127.0.0.1:9/', () => {})",
    'limit',
    /at most 5 calls/,
  ],
  [
    'sendRequest to a file URL',
    // The error reaches the callback (which, as in newman, cannot fail the script by throwing).
    "let e; await new Promise((ok) => pm.sendRequest('file:///etc/passwd', (err) => { e = err; ok() })); if (e) throw e",
    'script',
    /only http and https/,
  ],
  ['header injection', "req.setHeader('X-A', 'v\\r\\nHost: evil')", 'limit'],
  ['huge sleep', 'await bru.sleep(1e9)', 'limit'],
  ['hopp namespace', 'hopp.request.setUrl("x")', 'unsupported'],
]

describe('hostile scripts', () => {
  it.each(STOPPED)('%s', { timeout: 30_000 }, async (_name, code, kind, message) => {
    const started = Date.now()
    const result = await runScript(code, {
      runner,
      response: code.includes('svc.test') || code.includes("test('t'") ? jsonResponse({}) : undefined,
      layers: [{ scope: 'environment', variables: [{ key: 'apiKey', value: 'secret!', secret: true }] }],
      sendRequest: () => Promise.reject(new Error('offline')),
    })
    expect(Date.now() - started).toBeLessThan(STOP_MS)
    if (kind) {
      expect(Array.isArray(kind) ? kind : [kind]).toContain(result.error?.kind)
      if (message) expect(result.error?.message).toMatch(message)
    }
    expect(result.error?.kind).not.toBe('sandbox')
    // Nothing of the host leaked into what the script could store.
    for (const value of result.variables.session.values()) {
      expect(value).not.toMatch(/secret!|\[object process\]|node:/)
    }
    const next = await runScript(
      `svc.environment.set('next', [1, 2].map((n) => n * 2).join()); svc.test('t', () => svc.expect(1).to.equal(1))`,
      {
        runner,
        response: jsonResponse({}),
      },
    )
    expect(next.error).toBeNull()
    expect(next.variables.session.get('next')).toBe('2,4')
    expect(next.tests).toEqual([{ name: 't', passed: true, error: null }])
  })

  it('what the host-reaching attempts actually saw', async () => {
    const seen = await runScript(
      `svc.environment.set('process', this.constructor.constructor('return typeof process')())
       svc.environment.set('global', typeof Function('return this')().svc)
       svc.environment.set('ctor', typeof svc.test.constructor)
       svc.environment.set('proto', String(pm.environment.__proto__))`,
      { runner },
    )
    expect(Object.fromEntries(seen.variables.session)).toEqual({
      process: 'undefined',
      global: 'object',
      ctor: 'undefined',
      proto: 'undefined',
    })
  })

  it('tampering in one script does not reach the next', async () => {
    await runScript(`Object.prototype.polluted = 'yes'; Array.prototype.map = null; globalThis.svc = null`, {
      runner,
    })
    const next = await runScript(
      `svc.environment.set('p', String(({}).polluted)); svc.environment.set('m', typeof [].map)`,
      { runner },
    )
    expect(next.variables.session.get('p')).toBe('undefined')
    expect(next.variables.session.get('m')).toBe('function')
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
  })
})

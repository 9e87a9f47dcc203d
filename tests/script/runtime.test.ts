import { beforeAll, describe, expect, it } from 'vitest'
import { VariableContext } from '../../src/model/variables.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'
import { createScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'

beforeAll(async () => {
  await testRunner()
})

const secrets = () =>
  new VariableContext([
    {
      scope: 'environment',
      variables: [
        { key: 'apiKey', value: 'k-123', secret: true },
        { key: 'allowed', value: 'a-456', secret: true, scriptAccess: true },
        { key: 'plain', value: 'p' },
      ],
    },
  ])

describe('errors (spec 7)', () => {
  it('a user error is kind "script" with name and message; a thrown string keeps its text', async () => {
    expect((await runScript(`null.x`)).error).toMatchObject({ kind: 'script', origin: 'Request' })
    expect((await runScript(`null.x`)).error?.message).toMatch(/^TypeError: /)
    expect((await runScript(`throw 'plain text'`)).error).toMatchObject({
      kind: 'script',
      message: 'plain text',
    })
    expect((await runScript(`let x = ;`)).error?.message).toMatch(/^SyntaxError/)
    const rejected = await runScript(`await Promise.reject(new RangeError('async'))`)
    expect(rejected.error).toMatchObject({ kind: 'script', message: 'RangeError: async' })
  })

  it('a post-response error keeps the tests that ran before it', async () => {
    const result = await runScript(`svc.test('a', () => {}); undefinedFunction()`, {
      response: jsonResponse({}),
    })
    expect(result.tests).toEqual([{ name: 'a', passed: true, error: null }])
    expect(result.error?.message).toContain('undefinedFunction')
  })

  it('scripts run in order, each in its own sandbox; an error stops the rest', async () => {
    const result = await runScript(
      `globalThis.shared = 1; var leaked = 2; svc.environment.set('order', '1')`,
      {
        more: [
          `svc.environment.set('order', svc.environment.get('order') + ',2'); svc.environment.set('seen', typeof shared + typeof leaked)`,
          `throw new Error('third')`,
          `svc.environment.set('fourth', 'ran')`,
        ],
      },
    )
    expect(result.variables.session.get('order')).toBe('1,2')
    expect(result.variables.session.get('seen')).toBe('undefinedundefined')
    expect(result.error).toMatchObject({ kind: 'script', message: 'Error: third', origin: 'Script 3' })
    expect(result.variables.session.has('fourth')).toBe(false)
  })

  it('console output goes nowhere and does not fail', async () => {
    expect((await runScript(`console.log('x', { a: 1 }); console.error('y')`)).error).toBeNull()
  })
})

describe('secrets (spec 5.3)', () => {
  it('reading or setting a withheld secret aborts, even inside try/catch; has() answers false', async () => {
    for (const code of [
      `svc.environment.get('apiKey')`,
      `pm.environment.set('apiKey', 'x')`,
      `bru.getEnvVar('apiKey')`,
      `pw.env.get('apiKey')`,
      `pm.variables.replaceIn('{{apiKey}}')`,
      `bru.interpolate('Bearer {{apiKey}}')`,
      `svc.variables.get('apiKey')`,
    ]) {
      const result = await runScript(`try { ${code} } catch (e) {} svc.environment.set('after', 1)`, {
        variables: secrets(),
      })
      expect(result.error?.kind, code).toBe('secret')
      expect(result.error?.message, code).toContain('apiKey')
      expect(result.variables.session.has('after'), code).toBe(false)
    }
    const has = await runScript(
      `const o = JSON.stringify(pm.environment.toObject()); svc.environment.set('h', String(svc.environment.has('apiKey'))); svc.environment.set('o', o)`,
      { variables: secrets() },
    )
    expect(has.error).toBeNull()
    expect(has.variables.session.get('h')).toBe('false')
    expect(has.variables.session.get('o')).toBe('{"allowed":"a-456","plain":"p"}')
  })

  it('an allowed secret is readable', async () => {
    const result = await runScript(`svc.environment.set('copy', svc.environment.get('allowed'))`, {
      variables: secrets(),
    })
    expect(result.error).toBeNull()
    expect(result.variables.session.get('copy')).toBe('a-456')
  })

  it('a withheld secret read inside a test aborts the script instead of failing the test', async () => {
    const result = await runScript(`svc.test('t', () => svc.environment.get('apiKey'))`, {
      variables: secrets(),
      response: jsonResponse({}),
    })
    expect(result.error?.kind).toBe('secret')
  })
})

describe('async rules and limits (spec 8)', () => {
  it('pending callbacks of a pre-request script finish before it completes', async () => {
    const result = await runScript(`setTimeout(() => svc.environment.set('late', 'yes'), 30)`)
    expect(result.error).toBeNull()
    expect(result.variables.session.get('late')).toBe('yes')
  })

  it('clearTimeout cancels; a throwing timer callback fails the script', async () => {
    const cancelled = await runScript(
      `const id = setTimeout(() => svc.environment.set('x', 1), 20); clearTimeout(id)`,
    )
    expect(cancelled.variables.session.has('x')).toBe(false)
    const failing = await runScript(`setTimeout(() => { throw new Error('in timer') }, 5)`)
    expect(failing.error).toMatchObject({ kind: 'script', message: 'Error: in timer' })
  })

  it('a script awaiting a promise that never settles is reported, not left hanging', async () => {
    const result = await runScript(`await new Promise(() => {})`)
    expect(result.error?.kind).toBe('timeout')
    expect(result.error?.message).toContain('never')
  })

  it('sendRequest: at most 5 calls per script', async () => {
    const calls: string[] = []
    const sendRequest = (request: { url: string }) => {
      calls.push(request.url)
      return Promise.reject(new Error('offline'))
    }
    const result = await runScript(
      `for (let i = 0; i < 6; i++) pm.sendRequest('http://127.0.0.1:9/' + i, () => {})`,
      {
        sendRequest: sendRequest as never,
      },
    )
    expect(result.error).toMatchObject({
      kind: 'limit',
      message: 'sendRequest: a script may make at most 5 calls',
    })
    expect(calls).toHaveLength(5)
  })

  it('waiting and sleeping count against the time limit', async () => {
    const normal = await runScript(
      `await bru.sleep(300); await bru.sleep(300); await bru.sleep(300); await bru.sleep(300)`,
    )
    expect(normal.error).toMatchObject({ kind: 'timeout', message: 'Script stopped: it ran longer than 1 s' })
  })

  it('a cancelled send stops the script', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 30)
    const result = await runScript(`await bru.sleep(250); svc.environment.set('x', 1)`, {
      signal: controller.signal,
    })
    expect(result.error?.kind).toBe('cancelled')
    expect(result.variables.session.has('x')).toBe(false)
  })

  it('the real 5 s limit stops an endless loop', async () => {
    const runner = await createScriptRunner()
    const started = Date.now()
    const result = await runScript(`for (;;) {}`, { runner })
    const elapsed = Date.now() - started
    expect(result.error).toMatchObject({ kind: 'timeout', message: 'Script stopped: it ran longer than 5 s' })
    expect(elapsed).toBeGreaterThanOrEqual(4900)
    expect((await runScript(`svc.environment.set('ok', 1)`, { runner })).error).toBeNull()
    runner.dispose()
  }, 15_000)

  it('memory stays flat over many script runs (every handle disposed)', async () => {
    const runner = await testRunner()
    const code = `pm.test('t', () => pm.expect({ a: [1, 2] }).to.deep.equal({ a: [1, 2] })); pm.environment.set('x', 'y')`
    for (let i = 0; i < 50; i++) await runScript(code, { runner, response: jsonResponse({}) })
    const sandbox = (
      runner as unknown as { sandboxes: { quickjsRuntime: { computeMemoryUsage(): unknown } }[] }
    ).sandboxes[0]!
    const usage = () => {
      const runtime = sandbox.quickjsRuntime as unknown as { dumpMemoryUsage(): string }
      // "memory used   <count>   <bytes>": live allocations of the runtime.
      return Number(/memory used\s+\d+\s+(\d+)/.exec(runtime.dumpMemoryUsage())?.[1] ?? NaN)
    }
    const before = usage()
    for (let i = 0; i < 300; i++) await runScript(code, { runner, response: jsonResponse({}) })
    const after = usage()
    expect(Number.isFinite(before)).toBe(true)
    expect(after - before).toBeLessThan(64 * 1024)
  }, 60_000)
})

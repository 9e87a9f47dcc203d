/**
 * Pending timers count against a script's limits (issue 17 item 7): a million setTimeout calls
 * grew the host to about 370 MB before the time limit. Now the 1001st pending timer throws a
 * catchable RangeError and the host's heap stays put.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import { DEFAULT_LIMITS } from '../../src/runtime/script/limits.ts'
import { runScript, testRunner } from '../helpers/run-script.ts'

let runner: QuickJSScriptRunner
beforeAll(async () => {
  // The product's time limit: the flood had 5 s to grow the host before.
  runner = await testRunner({ timeMs: DEFAULT_LIMITS.timeMs, sleepMs: 300 })
})
afterAll(() => runner.dispose())

describe('timer floods', () => {
  it(
    'a million setTimeout calls end in a clear error with the host heap bounded',
    { timeout: 30_000 },
    async () => {
      const before = process.memoryUsage().heapUsed
      const started = Date.now()
      const result = await runScript('for (let i = 0; i < 1e6; i++) setTimeout(() => {}, 60000)', { runner })
      const grown = process.memoryUsage().heapUsed - before
      expect(result.error).toMatchObject({
        kind: 'script',
        message:
          'RangeError: at most 1000 timers (setTimeout, beta.sleep) can be pending at once: clear some or wait for them',
      })
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(grown).toBeLessThan(32 * 1024 * 1024)
    },
  )

  it(
    'the error is catchable, timers that fired or were cleared free their place',
    { timeout: 30_000 },
    async () => {
      const result = await runScript(
        `let refused = 0, fired = 0, allFired
         const all = new Promise((resolve) => { allFired = resolve })
         for (let i = 0; i < 1500; i++) {
           try { setTimeout(() => { if (++fired === 1000) allFired() }, 1) } catch (e) { refused++ }
         }
         await all
         const ids = []
         for (let i = 0; i < 1000; i++) ids.push(setTimeout(() => {}, 60000))
         for (const id of ids) clearTimeout(id)
         setTimeout(() => svc.environment.set('result', [refused, fired].join()), 1)`,
        { runner },
      )
      expect(result.error).toBeNull()
      expect(result.variables.session.get('result')).toBe('500,1000')
    },
  )
})

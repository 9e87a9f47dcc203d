/** `test(name, fn)` for every namespace: pass, fail with chai's reason, or (awaited) finish later. */
import { GuestPromise } from './bridge.ts'
import type { ScriptRun } from '../run-state.ts'

export function runTest(run: ScriptRun, name: unknown, fn: unknown, awaitIt: boolean): void {
  // Tests the guest ran so far come first (svc, alpha and gamma tests run in the guest).
  run.guest?.drainTests()
  const title = typeof name === 'string' ? name : String(name)
  if (typeof fn !== 'function') {
    run.tests.push({ name: title, passed: false, error: 'The test has no function' })
    return
  }
  let result: unknown
  run.testDepth++
  try {
    result = (fn as () => unknown)()
  } catch (error) {
    run.tests.push({ name: title, passed: false, error: reason(error) })
    return
  } finally {
    run.testDepth--
  }
  if (awaitIt && result instanceof GuestPromise) {
    const slot = run.tests.push({ name: title, passed: false, error: 'The test did not finish' }) - 1
    run.unfinished.add(slot)
    result.then(
      () => {
        run.unfinished.delete(slot)
        run.tests[slot] = { name: title, passed: true, error: null }
      },
      (error) => {
        run.unfinished.delete(slot)
        run.tests[slot] = { name: title, passed: false, error: reason(error) }
      },
    )
    return
  }
  run.tests.push({ name: title, passed: true, error: null })
}

/** What a failed test shows: chai's message as is, other errors with their name. */
export function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'AssertionError' || error.name === '') return error.message
  return `${error.name}: ${error.message}`
}

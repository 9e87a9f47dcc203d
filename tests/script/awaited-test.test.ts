/**
 * The global `test` (Bruno's): a function that returns no promise runs in the guest like
 * `pm.test`; one that returns a promise is awaited by the host. Results keep the order the tests
 * were declared in, sync and awaited mixed, with the same messages either way.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

beforeAll(async () => {
  await testRunner()
})

describe('the global test()', () => {
  it('keeps the declared order with sync and awaited tests mixed', async () => {
    const result = await runScript(
      `test('one', () => expect(1).to.equal(1))
       test('two', async () => { await bru.sleep(5); expect(2).to.equal(2) })
       test('three', function () { expect(res.getStatus()).to.equal(201) })
       test('four', () => Promise.resolve().then(() => { throw new Error('late') }))
       test('five', () => { throw new RangeError('early') })
       test('six', 'not a function')`,
      { response: jsonResponse({ a: 1 }) },
    )
    expect(result.error).toBeNull()
    expect(result.tests).toEqual([
      { name: 'one', passed: true, error: null },
      { name: 'two', passed: true, error: null },
      { name: 'three', passed: false, error: 'expected 200 to equal 201' },
      { name: 'four', passed: false, error: 'Error: late' },
      { name: 'five', passed: false, error: 'RangeError: early' },
      { name: 'six', passed: false, error: 'The test has no function' },
    ])
  })

  it('words a failing sync test as pm.test does (V8’s wording, QuickJS’s kept as cause)', async () => {
    const code = (fn: string) => `${fn}('reads', () => { const o = undefined; return o.x })`
    const bare = await runScript(code('test'), { response: jsonResponse({}) })
    const pm = await runScript(code('pm.test'), { response: jsonResponse({}) })
    expect(bare.tests).toEqual(pm.tests)
    expect(bare.tests[0]?.error).toBe("TypeError: Cannot read properties of undefined (reading 'x')")
  })

  it('keeps a sync test after an awaited one when the script then throws (the awaited one never finishes)', async () => {
    const result = await runScript(
      `test('a', async () => {})
       test('b', () => {})
       throw new Error('after')`,
      { response: jsonResponse({}) },
    )
    expect(result.tests.map((t) => [t.name, t.passed])).toEqual([
      ['a', false],
      ['b', true],
    ])
    expect(result.error?.message).toMatch(/after/)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { needsFreshContext } from '../../src/runtime/script/fresh-context.ts'
import { librariesNamed } from '../../src/runtime/script/libraries/index.ts'
import { SUGAR_LIBRARY, usesSugar } from '../../src/runtime/script/libraries/sugar.ts'
import { jsonResponse, runScript, TEST_LIMITS, testRunner } from '../helpers/run-script.ts'

// Sugar's evaluation counts toward a script's time: the spec's 5 s, not the suite's short 1 s (a
// busy machine takes most of a second for it).
let runner: Awaited<ReturnType<typeof testRunner>>
beforeAll(async () => {
  runner = await testRunner({ ...TEST_LIMITS, timeMs: 5000 })
})

describe("Sugar's prototype helpers (newman's sandbox), loaded only when a script calls one", () => {
  it.each([
    ['[1, 2, 3].average()', true],
    ["'a-b'.camelize()", true],
    ['(56).ordinalize()', true],
    ['fn.once()', true],
    ['new Date().isToday()', true],
    ['list.last ()', true],
    // Names other objects have: no Sugar for them.
    ['pm.response.headers.each(function (h) {})', false],
    ['pm.environment.get("a"); pm.environment.has("a")', false],
    ['_.first(list); _.sum([1])', false],
    ['Math.max(1, 2); Math.round(2.5); console.log(1)', false],
    ['moment().add(1, "days").format("YYYY"); moment().days()', false],
    ['pm.expect(n).to.be.at.most(3); pm.expect(n).to.be.at.least(1)', false],
    ['const average = 1; list.lastIndexOf(2)', false],
  ])('%s: %s', (code, expected) => {
    expect(usesSugar(code)).toBe(expected)
    expect(librariesNamed(code).includes(SUGAR_LIBRARY)).toBe(expected)
    // A script that changes built-ins runs in a fresh context; the others keep the resident one.
    expect(needsFreshContext(code)).toBe(expected)
  })

  it('gives a script that calls one the whole of Sugar, as newman does', async () => {
    const result = await runScript(
      `pm.test('helpers', () => {
         pm.expect([1, 2, 3, 4, 5].average()).to.equal(3)
         pm.expect([[1, 2], [2, 3]].any([2, 3])).to.equal(true)
         pm.expect('a-beta'.camelize()).to.equal('ABeta')
         pm.expect('abc'.shift(5)).to.equal('fgh')
         pm.expect((56).hex()).to.equal('38')
         pm.expect((56789.1).format()).to.equal('56,789.1')
         pm.expect(typeof [].unique).to.equal('function')
       })`,
      { response: jsonResponse({}), runner },
    )
    expect(result.error).toBeNull()
    expect(result.tests.map((t) => [t.name, t.passed, t.error])).toEqual([['helpers', true, null]])
  })

  it('leaves the built-ins of a script that calls none as they are', async () => {
    const result = await runScript(
      `pm.test('plain', () => { pm.expect(typeof [].average).to.equal('undefined') })`,
      {
        response: jsonResponse({}),
      },
    )
    expect(result.tests.map((t) => [t.name, t.passed, t.error])).toEqual([['plain', true, null]])
  })

  it('reports the script’s own error after the helpers ran', async () => {
    const result = await runScript(`[1].average()\nnull.x`, { response: jsonResponse({}), runner })
    expect(result.error?.message).toMatch(/TypeError/)
  })
})

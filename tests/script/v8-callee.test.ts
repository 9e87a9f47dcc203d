/**
 * V8's wording for calling what is not a function names the callee (`o.go is not a function`);
 * QuickJS's does not, so the runtime reads the callee back from the script at the position
 * QuickJS reports. Real QuickJS, through the runner: in tests and as the script's error.
 */
import { describe, expect, it } from 'vitest'
import { runScript } from '../helpers/run-script.ts'

const testError = async (body: string, prelude = '') => {
  const result = await runScript(`${prelude}\npm.test('t', () => { ${body} })`, {
    response: { body: '{"items":{}}' },
  })
  return result.tests[0]?.error
}

describe('V8 callee wording', () => {
  it.each([
    ['o.go(1, 2)', 'const o = {}', 'o.go'],
    ['f()', 'let f', 'f'],
    ["o.a['k']()", 'const o = { a: {} }', 'o.a.k'],
    ['o[k]()', "const o = {}, k = 'z'", 'o[k]'],
    ['o?.go()', 'const o = {}', 'o?.go'],
    ['o.a(1).b()', 'const o = { a: () => ({}) }', 'o.a(...).b'],
    ['pm.response.json().items.map(x => x)', '', 'pm.response.json(...).items.map'],
    ['o.go()', "const s = 'ü€ 😀'; const o = {}", 'o.go'],
  ])('%s', async (call, prelude, callee) => {
    expect(await testError(call, prelude)).toBe(`TypeError: ${callee} is not a function`)
  })

  it('new of what is not a constructor', async () => {
    expect(await testError('return new C()', 'const C = 5')).toBe('TypeError: C is not a constructor')
    expect(await testError('new o.K(1)', 'const o = {}')).toBe('TypeError: o.K is not a constructor')
  })

  it('the script error names the callee too, on any line, in an async script', async () => {
    const result = await runScript(`const o = {}\nawait 1\n\n   o.later(\n 1)`)
    expect(result.error?.message).toBe('TypeError: o.later is not a function')
  })

  it('what cannot be read back keeps QuickJS wording', async () => {
    expect(await testError('(o.x || o.y)()', 'const o = {}')).toBe('TypeError: not a function')
  })

  it('undefined.x reads as V8 words it', async () => {
    expect(await testError('undefined.x')).toBe(
      "TypeError: Cannot read properties of undefined (reading 'x')",
    )
    expect(await testError('const o = {}; o.a.b')).toBe(
      "TypeError: Cannot read properties of undefined (reading 'b')",
    )
  })
})

import { describe, expect, it } from 'vitest'
import { runScript } from '../../../tests/helpers/run-script.ts'
import { v8Wording } from './v8-messages.ts'

describe('QuickJS errors in V8’s words, through real QuickJS', () => {
  it.each([
    ['undefined.x', "TypeError: Cannot read properties of undefined (reading 'x')"],
    ['const o = null; o.y = 1', "TypeError: Cannot set properties of null (setting 'y')"],
    ['nothingHere + 1', 'ReferenceError: nothingHere is not defined'],
    ['x + 1; let x = 1', "ReferenceError: Cannot access 'x' before initialization"],
    ["Symbol('s') + ''", 'TypeError: Cannot convert a Symbol value to a string'],
    ['new Array(-1)', 'RangeError: Invalid array length'],
    ['[].reduce((a, b) => a + b)', 'TypeError: Reduce of empty array with no initial value'],
    ['const f = () => f(); f()', 'RangeError: Maximum call stack size exceeded'],
  ])('%s', async (code, message) => {
    const result = await runScript(`pm.test('t', () => { ${code} })`, { response: { code: 200 } })
    expect(result.tests[0]?.error).toBe(message)
  })

  it("a const without a value fails the script with V8's words", async () => {
    const result = await runScript('const missing;\npm.test("t", () => {})', { response: { code: 200 } })
    expect(result.error).toMatchObject({
      message: 'SyntaxError: Missing initializer in const declaration',
      cause: 'SyntaxError: missing initializer for const variable',
    })
  })

  it('rewords an unexpected token as V8 does, and leaves other text alone', () => {
    expect(v8Wording("SyntaxError: unexpected token in expression: ';'")).toBe(
      "SyntaxError: Unexpected token ';'",
    )
    expect(v8Wording('Error: x is not initialized yet, says the app')).toBe(
      'Error: x is not initialized yet, says the app',
    )
  })
})

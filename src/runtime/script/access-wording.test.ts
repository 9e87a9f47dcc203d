import { describe, expect, it } from 'vitest'
import { withAccess } from './access-wording.ts'

const MARK = '\u0002'

describe("V8's wording read back from the script", () => {
  it.each([
    // script, QuickJS's message with its position, V8's message (as newman prints it)
    [
      'list[0].id',
      `TypeError: cannot read property of undefined${MARK}1:5`,
      "TypeError: Cannot read properties of undefined (reading '0')",
    ],
    [
      'o.x["k"]',
      `TypeError: cannot read property of null${MARK}1:4`,
      "TypeError: Cannot read properties of null (reading 'k')",
    ],
    [
      'list[i].id',
      `TypeError: cannot read property of undefined${MARK}1:5`,
      `TypeError: cannot read property of undefined${MARK}1:5`,
    ],
    [
      'const a = 1; a = 2',
      `TypeError: 'a' is read-only${MARK}1:14`,
      'TypeError: Assignment to constant variable.',
    ],
    [
      'const n = 1\n  n += 2',
      `TypeError: 'n' is read-only${MARK}2:5`,
      'TypeError: Assignment to constant variable.',
    ],
    [
      'const n = 1; n++',
      `TypeError: 'n' is read-only${MARK}1:15`,
      'TypeError: Assignment to constant variable.',
    ],
    ['o.a = 2', `TypeError: 'a' is read-only${MARK}1:3`, `TypeError: 'a' is read-only${MARK}1:3`],
  ])('%s', (script, quickjs, v8) => {
    expect(withAccess(quickjs, script)).toBe(v8)
  })
})

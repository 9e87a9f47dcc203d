import { describe, expect, it } from 'vitest'
import {
  crossLocal,
  crossScope,
  postmanRead,
  postmanText,
  postmanValue,
  substitutionText,
} from './postman-values.ts'
import { VariableContext } from './variables.ts'

// What newman 6.2.2 gave a later script and `{{name}}` for each value (tests/fixtures/
// postman-parity/variables-boundary.postman_collection.json compares it with newman itself).
const fn = () => 1
const CASES: [string, unknown, unknown, string, unknown, string][] = [
  // name, set to, scope's later value, its {{text}}, pm.variables' later value, its {{text}}
  ['undefined', undefined, null, 'null', undefined, ''],
  ['NaN', NaN, null, 'null', null, 'null'],
  ['Infinity', Infinity, null, 'null', null, 'null'],
  ['-Infinity', -Infinity, null, 'null', null, 'null'],
  ['a function', fn, null, 'null', {}, '[object Object]'],
  ['a symbol', Symbol('s'), null, 'null', undefined, ''],
  ['null', null, null, 'null', null, 'null'],
  ['-0', -0, 0, '0', 0, '0'],
  ['a number', 5, 5, '5', 5, '5'],
  ['a boolean', true, true, 'true', true, 'true'],
  [
    'an object',
    { a: 1, b: undefined, c: NaN, d: fn },
    { a: 1, c: null },
    '[object Object]',
    { a: 1, c: null },
    '[object Object]',
  ],
  ['an array', [1, undefined, NaN], [1, null, null], '1,,', [1, null, null], '1,,'],
  [
    'a Date',
    new Date(0),
    '1970-01-01T00:00:00.000Z',
    '1970-01-01T00:00:00.000Z',
    '1970-01-01T00:00:00.000Z',
    '1970-01-01T00:00:00.000Z',
  ],
]

describe("newman's sandbox boundary", () => {
  it.each(CASES)('%s', (_name, value, scope, scopeText, local, localText) => {
    expect(crossScope(value)).toEqual(scope)
    expect(substitutionText(crossScope(value))).toBe(scopeText)
    expect(crossLocal(value)).toEqual(local)
    expect(substitutionText(crossLocal(value))).toBe(localText)
  })

  it('a cycle crosses as null, as JSON cannot say it', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(crossScope(cycle)).toBeNull()
  })

  it('the script that set a value reads it as set; later scripts read it crossed', () => {
    const entry = postmanValue([1, undefined], 'script 1', false)
    expect(postmanRead(entry, 'script 1')).toEqual([1, undefined])
    expect(postmanText(entry, 'script 1')).toBe('1,')
    expect(postmanRead(entry, 'script 2')).toEqual([1, null])
    expect(postmanText(entry, 'script 2')).toBe('1,')
    expect(postmanText(postmanValue(undefined, 'script 1', false), 'script 1')).toBe('')
  })
})

describe('VariableContext with Postman values', () => {
  it('substitutes what newman substitutes and reads back per script', () => {
    const context = new VariableContext()
    context.postmanSet('id', undefined, 'pre')
    context.postmanSet('n', NaN, 'pre')
    expect(context.postmanGet('id', 'pre')).toBeUndefined()
    expect(context.replaceForScript('/booking/{{id}}', 'pre')).toBe('/booking/')
    expect(context.replace('/booking/{{id}}/{{n}}')).toBe('/booking/null/null')
    expect(context.postmanGet('id', 'test')).toBeNull()
    expect(context.postmanSnapshot('test')).toEqual({ id: null, n: null })
    expect(context.scriptHas('id')).toBe(true)
  })

  it('a later set of text forgets the value (spec 4.5 text)', () => {
    const context = new VariableContext()
    context.postmanSet('k', { a: 1 }, 'pre')
    context.scriptSet('k', '[object Object]')
    expect(context.postmanGet('k', 'test')).toBe('[object Object]')
  })

  it('pm.variables: undefined stays undefined after the boundary and substitutes as empty', () => {
    const context = new VariableContext()
    context.postmanLocalSet('u', undefined, 'pre')
    context.postmanLocalSet('f', () => 1, 'pre')
    expect(context.postmanLocalGet('u', 'test')).toBeUndefined()
    expect(context.localHas('u')).toBe(true)
    expect(context.postmanLocalGet('f', 'test')).toEqual({})
    expect(context.replace('[{{u}}] [{{f}}]')).toBe('[] [[object Object]]')
    expect(context.postmanLocalSnapshot('test')).toHaveProperty('u', undefined)
  })
})

import { describe, expect, it } from 'vitest'
import { makeRow } from '../../model/factories.ts'
import { defaultHeaderRows } from '../../model/default-headers.ts'
import type { KeyValueRow } from '../../model/types.ts'
import { editRow, removeRow, rowsToText, textToRows } from './rows.ts'

const fresh = () => makeRow()

describe('table rows', () => {
  it('typing into the empty last row appends a real row; editing a row changes only it', () => {
    const one = editRow([], 0, { key: 'a' }, fresh)
    expect(one.map((r) => r.key)).toEqual(['a'])
    const two = editRow(one, 1, { key: 'b' }, fresh)
    expect(two.map((r) => r.key)).toEqual(['a', 'b'])
    const edited = editRow(two, 0, { value: 'x' }, fresh)
    expect(edited.map((r) => [r.key, r.value])).toEqual([
      ['a', 'x'],
      ['b', ''],
    ])
    expect(edited[1]).toBe(two[1])
  })

  it('removes the row at an index', () => {
    const rows = [makeRow({ key: 'a' }), makeRow({ key: 'b' }), makeRow({ key: 'c' })]
    expect(removeRow(rows, 1).map((r) => r.key)).toEqual(['a', 'c'])
  })

  it('round-trips rows through bulk text, keeping disabled rows and ids', () => {
    const rows = [
      makeRow({ key: 'Accept', value: 'a: b' }),
      makeRow({ key: 'X-Off', value: '1', enabled: false }),
    ]
    const text = rowsToText(rows)
    expect(text).toBe('Accept: a: b\n//X-Off: 1')
    const back = textToRows(text, rows)
    expect(back).toEqual(rows)
    expect(textToRows('A: 1\n\nB\n// C : 3').map((r) => [r.key, r.value, r.enabled])).toEqual([
      ['A', '1', true],
      ['B', '', true],
      ['C', '3', false],
    ])
  })

  it('an enabled User-Agent row replaces the default, a disabled one does not', () => {
    const state = (row: KeyValueRow) => defaultHeaderRows([row])[0]!.state
    expect(state(makeRow({ key: 'user-agent', value: 'x' }))).toBe('overridden')
    expect(state(makeRow({ key: 'User-Agent', value: 'x', enabled: false }))).toBe('sent')
  })
})

import { describe, expect, it } from 'vitest'
import { align } from './align.ts'
import { diffRuns } from './parity-diff.ts'
import type { SideRun, WireRecord } from './parity-sides.ts'

const id = (s: string) => s

describe('align', () => {
  it('pairs equal lists element by element', () => {
    expect(align(['a', 'b', 'c'], ['a', 'b', 'c'], id)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ])
  })

  it('leaves one element out when only one side has it, and pairs the rest by key', () => {
    expect(align(['a', 'a', 'b', 'c'], ['a', 'b', 'c'], id)).toEqual([
      [0, 0],
      [1, null],
      [2, 1],
      [3, 2],
    ])
    expect(align(['x', 'b', 'c'], ['x', 'extra', 'b', 'c'], id)).toEqual([
      [0, 0],
      [null, 1],
      [1, 2],
      [2, 3],
    ])
  })

  it('pairs lists of one length by position where keys differ here and there', () => {
    expect(align(['a', 'b', 'c'], ['a', 'B', 'c'], id)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ])
  })

  it('handles empty sides', () => {
    expect(align([], ['a'], id)).toEqual([[null, 0]])
    expect(align(['a'], [], id)).toEqual([[0, null]])
    expect(align([], [], id)).toEqual([])
  })
})

const request = (url: string, body = ''): WireRecord => ({ method: 'GET', url, headers: [], body })
const run = (wire: WireRecord[]): SideRun => ({ items: [], wire, variables: null })

describe('diffRuns with align', () => {
  it('reports a request only one side sent as one line, and compares the rest with their partners', () => {
    const newman = run([request('http://h/a'), request('http://h/a'), request('http://h/b', 'x')])
    const sendbox = run([request('http://h/a'), request('http://h/b', 'y')])
    expect(diffRuns(newman, sendbox, { align: true })).toEqual([
      'request 2 (GET http://h/a): only in newman',
      'request 3 (GET http://h/b) body: newman "x", sendbox "y"',
    ])
    // By position, every request after the missing one is compared with the wrong one.
    expect(diffRuns(newman, sendbox).length).toBeGreaterThan(2)
  })

  it('pairs tests by name inside an item', () => {
    const item = (names: string[]) => ({
      name: 'i',
      preError: null,
      testError: null,
      tests: names.map((name) => ({ name, passed: true, error: null })),
    })
    const a: SideRun = { items: [item(['one', 'two', 'three'])], wire: [], variables: null }
    const b: SideRun = { items: [item(['one', 'three'])], wire: [], variables: null }
    expect(diffRuns(a, b, { align: true })).toEqual(['item "i" test "two": only in newman'])
  })
})

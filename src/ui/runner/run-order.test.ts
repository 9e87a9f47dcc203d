import { describe, expect, it } from 'vitest'
import { dropIndex, fitOrder, keyMove, moveEntry } from './run-order.ts'

describe('the runner request order', () => {
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 1, ['a', 'b', 'c', 'd']],
    [2, 9, ['a', 'b', 'd', 'c']],
  ])('moves index %i to %i', (from, to, expected) => {
    expect(moveEntry(['a', 'b', 'c', 'd'], from, to)).toEqual(expected)
  })

  it.each([
    // dragging a down, dropped below c: a ends after c
    [0, 2, true, 2],
    [0, 2, false, 1],
    [3, 1, false, 1],
    [3, 1, true, 2],
  ])('drops %i over %i (after: %s) at %i', (from, over, after, expected) => {
    expect(dropIndex(from, over, after)).toBe(expected)
  })

  it('moves with Alt+Arrow keys, Home and End, and ignores other keys', () => {
    expect(keyMove('ArrowUp', true, 2, 4)).toBe(1)
    expect(keyMove('ArrowUp', true, 0, 4)).toBe(0)
    expect(keyMove('ArrowDown', true, 3, 4)).toBe(3)
    expect(keyMove('End', true, 0, 4)).toBe(3)
    expect(keyMove('Home', true, 3, 4)).toBe(0)
    expect(keyMove('ArrowUp', false, 2, 4)).toBeNull()
    expect(keyMove('a', true, 2, 4)).toBeNull()
  })

  it('keeps the chosen order and choices, drops gone requests and appends new ones', () => {
    const previous = [
      { id: 'c', included: false },
      { id: 'a', included: true },
      { id: 'gone', included: true },
    ]
    expect(fitOrder(previous, ['a', 'b', 'c'])).toEqual([
      { id: 'c', included: false },
      { id: 'a', included: true },
      { id: 'b', included: true },
    ])
  })
})

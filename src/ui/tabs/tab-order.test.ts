import { describe, expect, it } from 'vitest'
import { matchesTabSearch, tabDropIndex } from './tab-order.ts'

describe('tabDropIndex', () => {
  it.each([
    // from, over, after, final index
    [0, 2, false, 1],
    [0, 2, true, 2],
    [3, 1, false, 1],
    [3, 1, true, 2],
    [1, 2, false, 1],
    [2, 1, true, 2],
  ])('from %i over %i (after: %s) lands at %i', (from, over, after, expected) => {
    expect(tabDropIndex(from, over, after)).toBe(expected)
  })
})

describe('matchesTabSearch', () => {
  const tab = { name: 'List users', method: 'GET', url: 'https://api.test/users' }
  it('matches every word in name, method or URL, ignoring case', () => {
    expect(matchesTabSearch('users', tab)).toBe(true)
    expect(matchesTabSearch('get api.test', tab)).toBe(true)
    expect(matchesTabSearch('', tab)).toBe(true)
    expect(matchesTabSearch('post', tab)).toBe(false)
    expect(matchesTabSearch('users orders', tab)).toBe(false)
  })
})

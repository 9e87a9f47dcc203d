import { describe, expect, it } from 'vitest'
import { colorFor, initials, PRESENCE_COLORS, readPeers } from './presence.ts'

describe('presence', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'AD'],
    ['  Grace  Brewster Hopper ', 'GH'],
    ['Émile', 'ÉM'],
    ['', '?'],
  ])('initials of %j are %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  it('gives every client a colour from the palette', () => {
    expect(PRESENCE_COLORS).toContain(colorFor(123456789))
    expect(colorFor(-3)).toBe(colorFor(3))
  })

  it('reads only well-formed states of others, sorted by name', () => {
    const states = new Map<number, unknown>([
      [1, { user: { name: 'Me', color: '#000000', requestId: 'r1' } }],
      [2, { user: { name: 'Zoe', color: '#123abc', requestId: 'r2' } }],
      [3, { user: { name: ' Ada ', color: 'red;background:url(x)', requestId: 5 } }],
      [4, { user: { name: '' } }],
      [5, null],
      [6, { cursor: 1 }],
    ])
    expect(readPeers(states, 1)).toEqual([
      { clientId: 3, name: 'Ada', color: '#475569', requestId: null, initials: 'AD' },
      { clientId: 2, name: 'Zoe', color: '#123abc', requestId: 'r2', initials: 'ZO' },
    ])
  })
})

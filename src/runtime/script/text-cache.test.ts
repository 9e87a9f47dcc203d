import { describe, expect, it } from 'vitest'
import { TextCache } from './text-cache.ts'

describe('TextCache', () => {
  it('lets the least recently used text go when full, not the ones read since', () => {
    const cache = new TextCache<number>(3)
    cache.set('shared', 0)
    for (let i = 1; i <= 10; i++) {
      cache.set(`one-off ${i}`, i)
      expect(cache.get('shared')).toBe(0)
    }
    expect(cache.size).toBe(3)
    expect(cache.get('one-off 10')).toBe(10)
    expect(cache.get('one-off 9')).toBe(9)
    expect(cache.get('one-off 8')).toBeUndefined()
  })

  it('a text set again takes its new value and counts once', () => {
    const cache = new TextCache<string>(2)
    cache.set('a', 'one')
    cache.set('a', 'two')
    cache.set('b', 'three')
    expect(cache.get('a')).toBe('two')
    expect(cache.size).toBe(2)
  })
})

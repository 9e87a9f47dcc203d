import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../model/workspace/api.ts'
import { dayLabel, filterHistory, formatDuration, groupByDay, timeOfDay, urlParts } from './history-list.ts'

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime()
let n = 0
const entry = (time: number, method = 'GET', url = 'http://127.0.0.1/x'): HistoryEntry => ({
  id: `h${++n}`,
  time,
  method,
  url,
  outcome: 'done',
})

describe('dayLabel', () => {
  const now = at(2026, 11, 22, 9)
  it('names today, yesterday and older dates', () => {
    expect(dayLabel(at(2026, 11, 22, 0, 1), now)).toBe('Heute')
    expect(dayLabel(at(2026, 11, 21, 23, 59), now)).toBe('Gestern')
    expect(dayLabel(at(2026, 11, 21, 0, 0), now)).toBe('Gestern')
    expect(dayLabel(at(2026, 11, 20, 23, 59), now)).toBe('20.11.2026')
  })
  it('counts yesterday across a month and a year boundary', () => {
    expect(dayLabel(at(2026, 2, 28), at(2026, 3, 1))).toBe('Gestern')
    expect(dayLabel(at(2025, 12, 31), at(2026, 1, 1))).toBe('Gestern')
    expect(dayLabel(at(2025, 12, 30), at(2026, 1, 1))).toBe('30.12.2025')
  })
})

describe('groupByDay', () => {
  it('groups newest-first entries into days in order', () => {
    const now = at(2026, 11, 22, 18)
    const list = [
      entry(at(2026, 11, 22, 17)),
      entry(at(2026, 11, 22, 8)),
      entry(at(2026, 11, 21, 22)),
      entry(at(2026, 11, 19, 10)),
      entry(at(2026, 11, 19, 9)),
    ]
    const groups = groupByDay(list, now)
    expect(groups.map((g) => [g.label, g.entries.length])).toEqual([
      ['Heute', 2],
      ['Gestern', 1],
      ['19.11.2026', 2],
    ])
    expect(groups[2]?.entries.map((e) => e.id)).toEqual([list[3]?.id, list[4]?.id])
  })
  it('gives no groups for no entries', () => {
    expect(groupByDay([], Date.now())).toEqual([])
  })
})

describe('filterHistory', () => {
  const list = [
    entry(1, 'GET', 'http://127.0.0.1:8080/users/1'),
    entry(2, 'POST', 'http://127.0.0.1:8080/users'),
    entry(3, 'DELETE', 'http://127.0.0.1:8080/orders/7'),
  ]
  it('matches the URL case-insensitively', () => {
    expect(filterHistory(list, 'USERS').map((e) => e.time)).toEqual([1, 2])
  })
  it('matches the method', () => {
    expect(filterHistory(list, 'delete').map((e) => e.time)).toEqual([3])
  })
  it('needs every word to match, in method or URL', () => {
    expect(filterHistory(list, 'post users').map((e) => e.time)).toEqual([2])
    expect(filterHistory(list, 'post orders')).toEqual([])
  })
  it('returns everything for a blank query', () => {
    expect(filterHistory(list, '   ')).toHaveLength(3)
  })
})

describe('formatting', () => {
  it('writes the time of day with seconds', () => {
    expect(timeOfDay(at(2026, 1, 2, 7, 5))).toBe('07:05:00')
  })
  it('writes durations', () => {
    expect(formatDuration(85.4)).toBe('85 ms')
    expect(formatDuration(1240)).toBe('1.24 s')
    expect(formatDuration(undefined)).toBe('–')
  })
})

describe('urlParts', () => {
  it.each([
    ['http://127.0.0.1:44123/users/7?x=1', '/users/7?x=1', '127.0.0.1:44123'],
    ['https://api.example.test', '/', 'api.example.test'],
    ['https://api.example.test?q=1', '/?q=1', 'api.example.test'],
    ['{{base}}/users', '/users', '{{base}}'],
    ['api.example.test/a', '/a', 'api.example.test'],
  ])('%s', (url, path, host) => {
    expect(urlParts(url)).toEqual({ path, host })
  })
})

import { describe, expect, it } from 'vitest'
import { makeRow } from './factories.ts'
import {
  encodeQueryComponent,
  encodePath,
  paramsFromUrl,
  parseQuery,
  splitUrl,
  urlFromParams,
} from './url-params.ts'

const pairsOf = (url: string) => paramsFromUrl(url, []).map((row) => [row.key, row.value])

describe('splitUrl', () => {
  it.each([
    ['https://a.test/p?x=1#frag', { base: 'https://a.test/p', query: 'x=1', hash: 'frag' }],
    ['https://a.test/p', { base: 'https://a.test/p', query: null, hash: null }],
    ['https://a.test/p?', { base: 'https://a.test/p', query: '', hash: null }],
    ['{{baseUrl}}/users?id={{id}}', { base: '{{baseUrl}}/users', query: 'id={{id}}', hash: null }],
    ['{{a?b}}/x?y=1', { base: '{{a?b}}/x', query: 'y=1', hash: null }],
    ['{{a#b}}/x#f?g', { base: '{{a#b}}/x', query: null, hash: 'f?g' }],
    ['http://h/p#f?g', { base: 'http://h/p', query: null, hash: 'f?g' }],
  ])('%s', (url, expected) => expect(splitUrl(url)).toEqual(expected))
})

describe('URL → parameters → URL', () => {
  it.each([
    'https://a.test/search?q=hello%20world&lang=de',
    'https://a.test/?tag=a&tag=b&tag=c',
    'https://a.test/?empty=&other=1',
    '{{baseUrl}}/users?id={{userId}}&fields={{fields}}',
    'https://a.test/?q=%E2%9C%93&plus=a+b&eq=a%3Db',
    'https://a.test/p?x=1#section',
    'https://a.test/p',
  ])('round-trips %s', (url) => {
    expect(urlFromParams(url, paramsFromUrl(url, []))).toBe(url)
  })

  it('keeps repeated keys as separate rows in order', () => {
    expect(pairsOf('http://h/?a=1&b=2&a=3')).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
    ])
  })

  it('keeps a bare key and an empty value as empty values', () => {
    expect(parseQuery('flag&empty=')).toEqual([
      ['flag', ''],
      ['empty', ''],
    ])
  })

  it('splits on the first "=" only', () => {
    expect(pairsOf('http://h/?token=abc==')).toEqual([['token', 'abc==']])
  })
})

describe('parameters table → URL', () => {
  it('writes enabled rows only, keeps disabled rows in the table', () => {
    const rows = [makeRow({ key: 'a', value: '1' }), makeRow({ key: 'b', value: '2', enabled: false })]
    const url = urlFromParams('http://h/path?old=1#h', rows)
    expect(url).toBe('http://h/path?a=1#h')
    const back = paramsFromUrl(url, rows)
    expect(back.map((r) => [r.key, r.value, r.enabled])).toEqual([
      ['a', '1', true],
      ['b', '2', false],
    ])
  })

  it('keeps row ids when the URL is edited', () => {
    const rows = paramsFromUrl('http://h/?a=1&b=2', [])
    const edited = paramsFromUrl('http://h/?a=10&b=2&c=3', rows)
    expect(edited[0]!.id).toBe(rows[0]!.id)
    expect(edited[1]!.id).toBe(rows[1]!.id)
    expect(edited[2]!.key).toBe('c')
  })

  it('drops the "?" when no enabled row is left', () => {
    expect(urlFromParams('http://h/p?a=1', [])).toBe('http://h/p')
  })

  it('keeps a key written without "=" that way while its value stays empty', () => {
    const rows = paramsFromUrl('http://h/p?foo1&foo2&e=', [])
    const more = [...rows, makeRow({ key: 'x', value: '1' })]
    expect(urlFromParams('http://h/p?foo1&foo2&e=', more)).toBe('http://h/p?foo1&foo2&e=&x=1')
    const valued = rows.map((row, i) => (i === 0 ? { ...row, value: 'v' } : row))
    expect(urlFromParams('http://h/p?foo1&foo2&e=', valued)).toBe('http://h/p?foo1=v&foo2&e=')
    const typed = [makeRow({ key: 'flag', value: '' })]
    expect(urlFromParams('http://h/p', typed)).toBe('http://h/p?flag=')
    expect(urlFromParams('http://h/p', typed, new Set([typed[0]!.id]))).toBe('http://h/p?flag')
  })
})

describe('encodeQueryComponent', () => {
  it.each([
    ['hello world', 'hello%20world'],
    ['hello%20world', 'hello%20world'],
    ['100%', '100%25'],
    ['a&b=c', 'a%26b%3Dc'],
    ['ü✓', '%C3%BC%E2%9C%93'],
    ['😀', '%F0%9F%98%80'],
    ['a+b', 'a+b'],
    ['x/y:z@w', 'x/y:z@w'],
    // As newman sends them: brackets, braces, pipe, caret and backtick stay; quotes (`'` too) and angles do not.
    ['[1]{x}|^`', '[1]{x}|^`'],
    ['"<t>\'', '%22%3Ct%3E%27'],
  ])('%s → %s', (input, expected) => expect(encodeQueryComponent(input)).toBe(expected))

  it('keeps = in a value, where it cannot split anything', () => {
    expect(encodeQueryComponent('a=b', true)).toBe('a=b')
    expect(encodeQueryComponent('a=b&c', true)).toBe('a=b%26c')
  })

  it('gives what encoding each character on its own gives, for random text', () => {
    // The rule character by character, as written out: valid escapes kept, safe characters kept.
    const safe = /[A-Za-z0-9\-._~!$'()*+,;:@/?[\]{}|^`]/
    const oneByOne = (text: string, isValue: boolean) => {
      let out = ''
      let at = 0
      for (const ch of text) {
        const escape = ch === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(at + 1, at + 3))
        out += escape || safe.test(ch) || (isValue && ch === '=') ? ch : encodeURIComponent(ch)
        at += ch.length
      }
      return out
    }
    const alphabet = [
      'a',
      'Z',
      '0',
      '%',
      '4',
      'f',
      'g',
      '=',
      '&',
      '#',
      ' ',
      '{',
      '}',
      '+',
      'ü',
      '😀',
      '"',
      '~',
    ]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: next() % 8 }, () => alphabet[next() % alphabet.length]).join('')
      expect(encodeQueryComponent(text), text).toBe(oneByOne(text, false))
      expect(encodeQueryComponent(text, true), text).toBe(oneByOne(text, true))
    }
  })
})

describe('encodePath', () => {
  it.each([
    ['/odd chars/ü', '/odd%20chars/%C3%BC'],
    ['/[x]/{y}/a|b/"q"/<t>/^/`', '/[x]/%7By%7D/a|b/%22q%22/%3Ct%3E/^/%60'],
    ['/a%2Fb/100%/c%zz', '/a%2Fb/100%/c%zz'],
  ])('%s → %s (as newman sends it)', (input, expected) => expect(encodePath(input)).toBe(expected))
})

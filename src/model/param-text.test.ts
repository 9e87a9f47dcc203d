import { describe, expect, it } from 'vitest'
import { makeRow } from './factories.ts'
import {
  decodeParam,
  encodeParam,
  formTextFromRows,
  paramRowsForTable,
  paramRowsFromTable,
  rowsFromFormText,
} from './param-text.ts'
import { paramsFromUrl, urlFromParams } from './url-params.ts'

describe('encodeParam', () => {
  it.each([
    ['x y&z', 'x+y%26z'],
    ['a=b', 'a%3Db'],
    ['#frag', '%23frag'],
    ['1+1', '1%2B1'],
    ['100%', '100%25'],
    ['%41', '%2541'],
    ['zoë ☃ 😀', 'zo%C3%AB+%E2%98%83+%F0%9F%98%80'],
    ['a/b?c:d@e,f;g', 'a%2Fb%3Fc%3Ad%40e%2Cf%3Bg'],
    ["!'()~", '%21%27%28%29%7E'],
    ['safe-._*AZaz09', 'safe-._*AZaz09'],
  ])('encodes %j as a browser form would: %j', (text, encoded) => {
    expect(encodeParam(text)).toBe(encoded)
    expect(new URLSearchParams({ k: text }).toString()).toBe(`k=${encoded}`)
    expect(new URLSearchParams(`k=${encoded}`).get('k')).toBe(text)
  })

  it('keeps {{variables}} as written', () => {
    expect(encodeParam('{{token}}')).toBe('{{token}}')
    expect(encodeParam('a {{b c}} d&')).toBe('a+{{b c}}+d%26')
  })
})

describe('decodeParam', () => {
  it.each([
    ['x+y%26z', 'x y&z'],
    ['caf%C3%A9', 'café'],
    ['a%20b', 'a b'],
    ['100%', '100%'],
    ['bad%E9', 'bad%E9'],
    ['%zz', '%zz'],
    ['{{a+b}}+c', '{{a+b}} c'],
  ])('decodes %j to %j', (raw, text) => {
    expect(decodeParam(raw)).toBe(text)
  })

  it('undoes encodeParam for any text', () => {
    for (const text of ['', ' ', '+', '%', '%%41', '&=#?', 'ä ö ü ß', '{{v}}&{{w}}', 'a\nb', '😀']) {
      expect(decodeParam(encodeParam(text))).toBe(text)
    }
  })
})

describe('the table and the URL', () => {
  it('a value typed in the table reaches the URL encoded, and reads back decoded', () => {
    const row = makeRow()
    const edited = paramRowsFromTable([{ ...row, key: 'b', value: 'x y&z' }], [])
    const url = urlFromParams('http://h/p', edited)
    expect(url).toBe('http://h/p?b=x+y%26z')
    expect(paramRowsForTable(paramsFromUrl(url, edited)).map((r) => [r.key, r.value])).toEqual([
      ['b', 'x y&z'],
    ])
  })

  it('keeps the text of cells the user did not edit as it was typed in the URL', () => {
    const raw = paramsFromUrl('http://h/?q=caf%C3%A9&r=a%20b&flag', [])
    const shown = paramRowsForTable(raw)
    expect(shown.map((r) => [r.key, r.value])).toEqual([
      ['q', 'café'],
      ['r', 'a b'],
      ['flag', ''],
    ])
    const edited = shown.map((r) => (r.key === 'flag' ? { ...r, value: 'on' } : r))
    expect(urlFromParams('http://h/', paramRowsFromTable(edited, raw))).toBe(
      'http://h/?q=caf%C3%A9&r=a%20b&flag=on',
    )
  })
})

describe('a form body as text and as rows', () => {
  it('reads a raw -d body into decoded rows and writes rows back as a browser form would', () => {
    const rows = rowsFromFormText('a=1&b=two words&c=x%26y+z&flag')
    expect(rows.map((r) => [r.key, r.value])).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['c', 'x&y z'],
      ['flag', ''],
    ])
    expect(formTextFromRows(rows)).toBe('a=1&b=two+words&c=x%26y+z&flag=')
    expect(formTextFromRows([{ ...rows[0]!, enabled: false }, rows[1]!])).toBe('b=two+words')
    expect(rowsFromFormText('')).toEqual([])
  })
})

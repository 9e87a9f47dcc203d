import { describe, expect, it } from 'vitest'
import { buildWireRequest } from './build-request.ts'
import { makeRequest, makeRow } from './factories.ts'
import {
  applyPathVariables,
  encodePathSegment,
  pathVariableNames,
  syncPathVariables,
  withoutPathVariable,
} from './path-variables.ts'
import { VariableContext } from './variables.ts'

describe('pathVariableNames', () => {
  it.each([
    ['http://h/users/:id', ['id']],
    ['{{baseUrl}}/users/:id/posts/:postId', ['id', 'postId']],
    ['https://h:8080/:a/x/:a', ['a']],
    ['/users/:id.json', ['id']],
    ['h/users/:/x', []],
    ['http://localhost:3000/health', []],
    [':host/users', []],
    ['http://h/p?q=:notPath#:nor', []],
    ['http://h/a:b/c', []],
  ])('%s → %j', (url, names) => expect(pathVariableNames(url)).toEqual(names))
})

describe('syncPathVariables', () => {
  const row = (key: string, value = '', id = key) => ({ id, key, value, enabled: true })
  const keys = (url: string, rows = [row('id', '7')]) =>
    syncPathVariables(url, rows).map((r) => [r.key, r.value, r.id])

  it.each([
    [
      'adds a row for a new segment',
      'http://h/u/:id/:tab',
      [
        ['id', '7', 'id'],
        ['tab', '', undefined],
      ],
    ],
    ['keeps the row of a name still there', 'http://h/x/:id', [['id', '7', 'id']]],
    ['a rename keeps the row and its value', 'http://h/u/:userId', [['userId', '7', 'id']]],
    ['removing the segment removes the row', 'http://h/u/7', []],
  ])('%s', (_, url, expected) => {
    const result = keys(url as string)
    expect(result.map(([key, value]) => [key, value])).toEqual(
      (expected as string[][]).map(([k, v]) => [k, v]),
    )
    expected.forEach((e, i) => {
      if (e[2] !== undefined) expect(result[i]![2]).toBe(e[2])
    })
  })

  it('typing a name character by character keeps one row', () => {
    let rows = syncPathVariables('http://h/users/:', [])
    expect(rows).toEqual([])
    rows = syncPathVariables('http://h/users/:i', rows)
    rows = syncPathVariables('http://h/users/:id', [{ ...rows[0]!, value: '5' }])
    expect(rows.map((r) => [r.key, r.value])).toEqual([['id', '5']])
  })

  it('follows the URL order and keeps descriptions', () => {
    const rows = syncPathVariables('http://h/:b/:a', [
      { ...row('a', '1'), description: 'first' },
      row('b', '2'),
    ])
    expect(rows.map((r) => [r.key, r.value, r.description])).toEqual([
      ['b', '2', undefined],
      ['a', '1', 'first'],
    ])
  })
})

describe('withoutPathVariable (a row removed in the table)', () => {
  it.each([
    ['http://h/users/:id/posts', 'id', 'http://h/users/posts'],
    ['http://h/users/:id?x=:id', 'id', 'http://h/users?x=:id'],
    ['{{base}}/:a/:b/:a', 'a', '{{base}}/:b'],
    ['http://h/:id.json', 'id', 'http://h'],
  ])('%s without %s → %s', (url, key, expected) => expect(withoutPathVariable(url, key)).toBe(expected))
})

describe('sending', () => {
  it.each([
    ['42', '42'],
    ['a b', 'a%20b'],
    ['a/b?c#d', 'a%2Fb%3Fc%23d'],
    ['ü€', '%C3%BC%E2%82%AC'],
    ['already%20encoded', 'already%20encoded'],
    ['100%', '100%25'],
    ["keep:@!$&'()*+,;=-._~", "keep:@!$&'()*+,;=-._~"],
    ['😀', '%F0%9F%98%80'],
  ])('encodes %j as one segment: %s', (value, sent) => expect(encodePathSegment(value)).toBe(sent))

  it('an empty value, or a name without a row, sends :name as written', () => {
    expect(
      applyPathVariables('http://h/:a/:b/:c', [
        makeRow({ key: 'a', value: '' }),
        makeRow({ key: 'b', value: '1' }),
      ]),
    ).toBe('http://h/:a/1/:c')
  })

  it('keeps a suffix after a dot and every repeat of a name', () => {
    expect(applyPathVariables('http://h/:id/x/:id.json', [makeRow({ key: 'id', value: '9' })])).toBe(
      'http://h/9/x/9.json',
    )
  })

  it('substitutes {{variables}} in a value, then encodes it, on the wire', async () => {
    const request = makeRequest({
      url: '{{base}}/users/:id/files/:name?x=:id',
      pathVariables: [makeRow({ key: 'id', value: '{{user}}' }), makeRow({ key: 'name', value: 'a b/c' })],
    })
    const variables = new VariableContext([
      {
        scope: 'environment',
        variables: [
          { key: 'base', value: 'http://h' },
          { key: 'user', value: 'jo+1 x' },
        ],
      },
    ])
    const wire = await buildWireRequest(request, { variables })
    expect(wire.url).toBe('http://h/users/jo+1%20x/files/a%20b%2Fc?x=:id')
  })
})

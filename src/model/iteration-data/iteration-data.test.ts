import { describe, expect, it } from 'vitest'
import {
  castField,
  detectDataFormat,
  IterationDataError,
  parseIterationData,
  rowFor,
  valueText,
} from './index.ts'

function errorOf(run: () => unknown): IterationDataError {
  try {
    run()
  } catch (error) {
    if (error instanceof IterationDataError) return error
    throw error
  }
  throw new Error('expected an IterationDataError')
}

describe('CSV data', () => {
  it.each([
    [
      'plain rows',
      'a,b\n1,x\n2,y\n',
      [
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ],
    ],
    ['quoted fields', 'a,b\n"x, y","say ""hi"""\n', [{ a: 'x, y', b: 'say "hi"' }]],
    ['an embedded newline', 'a,b\n"two\nlines",z\n', [{ a: 'two\nlines', b: 'z' }]],
    ['a byte order mark', '\uFEFFid,name\n7,x\n', [{ id: 7, name: 'x' }]],
    ['CRLF line ends', 'a,b\r\n1,2\r\n', [{ a: 1, b: 2 }]],
    ['a row missing a column', 'a,b\n1\n', [{ a: 1 }]],
    ['a row with an extra field', 'a,b\n1,2,3\n', [{ a: 1, b: 2 }]],
    ['whitespace around fields', 'a , b\n 1 , x \n', [{ a: 1, b: 'x' }]],
    ['a quoted number stays text', 'a\n"42"\n', [{ a: '42' }]],
    ['only a header', 'a,b\n', []],
    ['an empty file', '', []],
  ])('%s', (_name, text, rows) => {
    expect(parseIterationData(text, 'data.csv').rows).toEqual(rows)
  })

  it('keeps the header as names, even when they look like numbers', () => {
    const data = parseIterationData('1,b\nx,y\n', 'data.csv')
    expect(data.columns).toEqual(['1', 'b'])
    expect(data.rows).toEqual([{ '1': 'x', b: 'y' }])
  })

  it.each([
    ['7', 7],
    ['-3', -3],
    ['1.5', 1.5],
    ['007', 7],
    ['1e3', 1000],
    ['0', 0],
    ['abc', 'abc'],
    ['12abc', '12abc'],
    ['', ''],
  ])('casts %j as newman does', (text, value) => {
    expect(castField(text, false)).toBe(value)
  })

  it('names the row and the problem of a quote left open', () => {
    const error = errorOf(() => parseIterationData('a,b\n1,2\n3,"open\n4,5\n', 'users.csv'))
    expect(error.file).toBe('users.csv')
    expect(error.row).toBe(3)
    expect(error.message).toMatch(/^users\.csv, row 3: Quote Not Closed/)
    expect(error.message).not.toMatch(/at line/)
  })

  it('counts the lines of a field with a newline before the row it names', () => {
    const error = errorOf(() => parseIterationData('a,b\n"x\ny",1\n3,"open\n4,5\n', 'users.csv'))
    expect(error.row).toBe(4)
  })

  it('names the row of a character after a closing quote', () => {
    const error = errorOf(() => parseIterationData('a,b\n1,2\n3,"x"y\n', 'users.csv'))
    expect(error.row).toBe(3)
    expect(error.problem).toMatch(/Invalid Closing Quote/)
  })
})

describe('JSON data', () => {
  it('reads an array of objects, with the columns in order of first appearance', () => {
    const data = parseIterationData('[{"a":1,"b":"x"},{"c":true,"a":null}]', 'data.json')
    expect(data.rows).toEqual([
      { a: 1, b: 'x' },
      { c: true, a: null },
    ])
    expect(data.columns).toEqual(['a', 'b', 'c'])
  })

  it('reads a byte order mark', () => {
    expect(parseIterationData('\uFEFF[{"a":1}]', 'data.json').rows).toEqual([{ a: 1 }])
  })

  it.each([
    ['{"a":1}', undefined, 'expected an array of objects, found an object'],
    ['[{"a":1}, 5]', 2, 'expected an object, found a number'],
    ['[{"a":1}, [1]]', 2, 'expected an object, found an array'],
    ['[null]', 1, 'expected an object, found null'],
  ])('refuses %s', (text, row, problem) => {
    const error = errorOf(() => parseIterationData(text, 'data.json'))
    expect(error.row).toBe(row)
    expect(error.problem).toBe(problem)
  })

  it('names invalid JSON', () => {
    const error = errorOf(() => parseIterationData('[{"a":1},]', 'data.json'))
    expect(error.message).toMatch(/^data\.json: not valid JSON: /)
  })
})

describe('format and rows', () => {
  it.each([
    ['x.csv', '[1]', 'csv'],
    ['x.JSON', 'a,b', 'json'],
    ['data', ' \n[{"a":1}]', 'json'],
    ['data', '\uFEFF{"a":1}', 'json'],
    ['data', 'a,b\n1,2', 'csv'],
  ] as const)('%s holding %j is %s', (file, text, format) => {
    expect(detectDataFormat(text, file)).toBe(format)
  })

  it('repeats the last row past the end, and has none without rows', () => {
    const rows = [{ a: 1 }, { a: 2 }]
    expect([0, 1, 2, 5].map((i) => rowFor(rows, i))).toEqual([rows[0], rows[1], rows[1], rows[1]])
    expect(rowFor([], 3)).toEqual({})
  })

  it('gives a value its text', () => {
    expect([valueText('x'), valueText(7), valueText(true), valueText(null), valueText({ a: 1 })]).toEqual([
      'x',
      '7',
      'true',
      'null',
      '{"a":1}',
    ])
  })
})

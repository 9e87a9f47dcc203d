import { describe, expect, it } from 'vitest'
import { utf8 } from '../encoding.ts'
import { ChunkCollector, foldNeedle } from './bytes.ts'
import { makeLineDocument } from './document.ts'
import { detectFormat, formatSize, isBinary, previewKind } from './format.ts'
import { jsonTable } from './json-table.ts'
import { JsonLines } from './json-lines.ts'
import { LINE_LIMIT, type LineDocument } from './lines.ts'
import { formatCss, formatMarkup } from './markup.ts'
import { EventStreamParser } from './sse.ts'
import { hexLine, TextLines } from './text-lines.ts'

function all(doc: LineDocument, budget = 1 << 30): string[] {
  while (!doc.advance(budget));
  return doc.lines(0, doc.count)
}

describe('detectFormat', () => {
  it.each([
    ['application/json; charset=utf-8', '', 'json'],
    ['application/problem+json', '', 'json'],
    ['text/html', '', 'html'],
    ['application/xml', '', 'xml'],
    ['application/atom+xml', '', 'xml'],
    ['application/javascript', '', 'javascript'],
    ['text/javascript', '', 'javascript'],
    ['text/css', '', 'css'],
    ['application/yaml', '', 'yaml'],
    ['text/x-yaml', '', 'yaml'],
    ['text/csv', '', 'text'],
    [undefined, '  {"a":1}', 'json'],
    ['text/plain', '[1,2]', 'json'],
    [undefined, '<!DOCTYPE html><html>', 'html'],
    [undefined, '<?xml version="1.0"?><a/>', 'xml'],
    ['text/plain', 'openapi: 3.0.0\ninfo:', 'yaml'],
    ['text/plain', 'just words', 'text'],
  ] as const)('%s + %j → %s', (type, head, format) => {
    expect(detectFormat(type, utf8(head))).toBe(format)
  })
})

describe('isBinary and previewKind', () => {
  it('treats images, PDFs, octet streams, NUL bytes and invalid UTF-8 as binary', () => {
    expect(isBinary('image/png', new Uint8Array([137, 80]))).toBe(true)
    expect(isBinary('application/pdf', utf8('%PDF'))).toBe(true)
    expect(isBinary('application/octet-stream', new Uint8Array([1, 2]))).toBe(true)
    expect(isBinary(undefined, new Uint8Array([65, 0, 66]))).toBe(true)
    expect(isBinary(undefined, new Uint8Array([0xff, 0xfe, 0x41]))).toBe(true)
  })
  it('keeps text, SVG and a multi-byte character cut at the sample end as text', () => {
    expect(isBinary('application/json', utf8('{"ä":1}'))).toBe(false)
    expect(isBinary('image/svg+xml', utf8('<svg/>'))).toBe(false)
    const cut = utf8('a'.repeat(1023) + 'ä').subarray(0, 1024)
    expect(isBinary('text/plain', cut)).toBe(false)
  })
  it('previews HTML, JSON, images and PDFs', () => {
    expect(previewKind('text/html', 'html')).toBe('html')
    expect(previewKind('application/json', 'json')).toBe('json-table')
    expect(previewKind('image/png', 'text')).toBe('image')
    expect(previewKind('application/pdf', 'text')).toBe('pdf')
    expect(previewKind('text/css', 'css')).toBeNull()
  })
  it('formats sizes', () => {
    expect(formatSize(999)).toBe('999 B')
    expect(formatSize(1536)).toBe('1.54 KB')
    expect(formatSize(104_857_600)).toBe('104.9 MB')
  })
})

const JSON_CASES = [
  '{"a":1,"b":[1,2,{"c":null}],"d":{},"e":[],"f":"x,y:{z}"}',
  '[{"id":0,"name":"item 0","tags":["a","b"],"active":true}]',
  '  {\n "esc": "quote \\" and \\\\ backslash",\n "uni": "grüße ☃", "n": -1.5 } ',
  '"just a string"',
  '42',
  '[[[]],[{}],{"a":{"b":{"c":[1]}}}]',
]

describe('JsonLines', () => {
  it.each(JSON_CASES)('lays out %s like JSON.stringify(…, null, 2)', (text) => {
    const expected = JSON.stringify(JSON.parse(text), null, 2).split('\n')
    expect(all(new JsonLines(utf8(text)))).toEqual(expected)
  })

  it('gives the same lines when indexed a few bytes at a time', () => {
    const text = JSON_CASES.slice(0, 3).join('')
    expect(all(new JsonLines(utf8(text)), 3)).toEqual(all(new JsonLines(utf8(text))))
  })

  it('serves any range across checkpoints', () => {
    const value = Array.from({ length: 500 }, (_, i) => ({
      id: i,
      tags: ['a', 'b'],
      nested: { ok: i % 2 === 0 },
    }))
    const expected = JSON.stringify(value, null, 2).split('\n')
    const doc = new JsonLines(utf8(JSON.stringify(value)))
    while (!doc.advance(1000));
    expect(doc.count).toBe(expected.length)
    for (const from of [0, 63, 64, 65, 1000, expected.length - 3]) {
      expect(doc.lines(from, 5)).toEqual(expected.slice(from, from + 5))
    }
  })

  it('counts only what is indexed so far', () => {
    const doc = new JsonLines(utf8(JSON.stringify(Array.from({ length: 1000 }, (_, i) => i))))
    expect(doc.advance(100)).toBe(false)
    expect(doc.count).toBeGreaterThan(0)
    expect(doc.count).toBeLessThan(1002)
    expect(doc.lines(doc.count, 10)).toEqual([])
  })

  it('keeps numbers as the server wrote them', () => {
    expect(all(new JsonLines(utf8('[1.0e3,-0]')))).toEqual(['[', '  1.0e3,', '  -0', ']'])
  })

  it('keeps going through invalid JSON without losing text', () => {
    const lines = all(new JsonLines(utf8('{"a": tru, ]')))
    expect(lines.join('')).toContain('tru')
  })

  it('finds lines case-insensitively', () => {
    const doc = new JsonLines(utf8('[{"Name":"Ada"},{"name":"Bob"},{"name":"ada"}]'))
    all(doc)
    expect(doc.search(foldNeedle('"name": "ada"'), 10)).toEqual({ lines: [2, 8], total: 2 })
    expect(doc.search(foldNeedle('ada'), 1)).toEqual({ lines: [2], total: 2 })
  })

  it('cuts a very long line for display and says how much is hidden', () => {
    const [line] = all(new JsonLines(utf8(JSON.stringify('x'.repeat(LINE_LIMIT + 50)))))
    expect(line).toHaveLength(LINE_LIMIT + ' … (52 more bytes)'.length)
    expect(line).toMatch(/… \(52 more bytes\)$/)
  })
})

describe('TextLines and hex', () => {
  it('splits on LF and CRLF, without an empty line after a final newline', () => {
    expect(all(new TextLines(utf8('a\r\nb\nc\n')))).toEqual(['a', 'b', 'c'])
    expect(all(new TextLines(utf8('')))).toEqual([''])
    expect(all(new TextLines(utf8('one\n\nthree')), 2)).toEqual(['one', '', 'three'])
  })
  it('searches lines', () => {
    const doc = new TextLines(utf8('alpha\nBeta\ngamma beta'))
    all(doc)
    expect(doc.search(foldNeedle('BETA'), 10)).toEqual({ lines: [1, 2], total: 2 })
  })
  it('writes offset, hex pairs and ASCII', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i + 60)
    expect(hexLine(bytes, 0)).toBe(
      '00000000  3c 3d 3e 3f 40 41 42 43  44 45 46 47 48 49 4a 4b  |<=>?@ABCDEFGHIJK|',
    )
    expect(hexLine(bytes, 1)).toBe(`00000010  4c 4d 4e 4f${' '.repeat(39)}|LMNO|`)
    expect(makeLineDocument(bytes, 'text', 'hex').count).toBe(2)
  })
})

describe('markup and CSS', () => {
  it('indents XML and keeps short elements on one line', () => {
    expect(
      formatMarkup('<?xml version="1.0"?><note><to>Ada</to><body a="x>y">Hello</body><empty/></note>', false),
    ).toBe(
      [
        '<?xml version="1.0"?>',
        '<note>',
        '  <to>Ada</to>',
        '  <body a="x>y">Hello</body>',
        '  <empty/>',
        '</note>',
      ].join('\n'),
    )
  })
  it('indents HTML with void elements and keeps script bodies', () => {
    const html =
      '<!doctype html><html><body><h1>Echo</h1><br><script>\nif (a < b) run()\n</script></body></html>'
    expect(formatMarkup(html, true).split('\n')).toEqual([
      '<!doctype html>',
      '<html>',
      '  <body>',
      '    <h1>Echo</h1>',
      '    <br>',
      '    <script>',
      '      if (a < b) run()',
      '    </script>',
      '  </body>',
      '</html>',
    ])
  })
  it('puts one CSS declaration on a line', () => {
    expect(formatCss('a{color:red;content:"{;}"}b{margin:0}')).toBe(
      ['a {', '  color:red;', '  content:"{;}"', '}', 'b {', '  margin:0', '}'].join('\n'),
    )
  })
})

describe('EventStreamParser', () => {
  it('parses events split anywhere across chunks', () => {
    const text = 'id: 1\nevent: tick\ndata: {"n":1}\n\n: comment\ndata: a\ndata: b\r\n\r\nid: 3\ndata: c\n\n'
    const expected = [
      { id: '1', event: 'tick', data: '{"n":1}' },
      { id: '1', event: 'message', data: 'a\nb' },
      { id: '3', event: 'message', data: 'c' },
    ]
    for (const size of [1, 2, 7, text.length]) {
      const parser = new EventStreamParser()
      const events = []
      for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)))
      expect(events).toEqual(expected)
    }
  })
})

describe('jsonTable', () => {
  it('makes columns from the keys of an array of objects', () => {
    expect(jsonTable([{ a: 1, b: { c: 2 } }, { a: 'x', d: null }, { a: 3 }], 2)).toEqual({
      columns: ['a', 'b', 'd'],
      rows: [
        ['1', '{"c":2}', ''],
        ['x', '', 'null'],
      ],
      totalRows: 3,
    })
  })
  it('shows an object as key and value and an array of scalars by index', () => {
    expect(jsonTable({ k: [1] }, 10)).toEqual({
      columns: ['Key', 'Value'],
      rows: [['k', '[1]']],
      totalRows: 1,
    })
    expect(jsonTable([true, 'a'], 10).rows).toEqual([
      ['0', 'true'],
      ['1', 'a'],
    ])
  })
})

describe('ChunkCollector', () => {
  const chunks = [utf8('ab'), utf8('cde'), utf8('f')]
  const collect = (hint: number, parts = chunks) => {
    const collector = new ChunkCollector(hint)
    for (const part of parts) collector.push(part)
    return new TextDecoder().decode(collector.result())
  }
  /** A body cut into random pieces, each handed over in one reused buffer, as the relay reads them. */
  const fedThroughOneBuffer = (body: Uint8Array, hint: number, seed: number) => {
    let state = seed
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const collector = new ChunkCollector(hint)
    const reused = new Uint8Array(4096)
    for (let at = 0; at < body.length;) {
      const size = Math.min(body.length - at, 1 + Math.floor(next() * (next() < 0.1 ? 4096 : 300)))
      reused.set(body.subarray(at, at + size))
      collector.push(reused.subarray(0, size))
      // The reader fills the same buffer with the next piece: what was pushed must not change.
      reused.fill(0xee)
      at += size
    }
    expect(collector.length).toBe(body.length)
    return collector
  }
  const body = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31 + (i >> 7)) & 0xff)

  it('fills one buffer of the announced length', () => {
    const collector = new ChunkCollector(6)
    for (const part of chunks) collector.push(part)
    const result = collector.result()
    expect(new TextDecoder().decode(result)).toBe('abcdef')
    // The whole buffer, so it can be transferred to a worker.
    expect(result.byteLength).toBe(result.buffer.byteLength)
  })
  it.each([0, 4, 100, -1, Number.NaN, 2 ** 40])('joins the chunks whatever the hint (%s)', (hint) => {
    expect(collect(hint)).toBe('abcdef')
  })
  it('is empty without chunks', () => {
    expect(collect(10, [])).toBe('')
  })
  it.each([
    ['announced exactly', body.length],
    ['not announced', 0],
    ['announced too short (the body runs over)', 150_000],
    ['announced too long (the body ends early)', 250_000],
  ])('%s: the same bytes for any chunking, from pieces in a reused buffer', (_, hint) => {
    for (let seed = 1; seed <= 20; seed++) {
      const result = fedThroughOneBuffer(body, hint, seed).result()
      expect(result.length).toBe(body.length)
      expect(Buffer.from(result).equals(Buffer.from(body)), `seed ${seed}`).toBe(true)
      expect(result.byteOffset).toBe(0)
      expect(result.byteLength).toBe(result.buffer.byteLength)
    }
  })
  it('with the length announced, the body is copied once: the result is the buffer it was copied into', () => {
    const collector = fedThroughOneBuffer(body, body.length, 7)
    const pieces = collector.pieces()
    expect(pieces).toHaveLength(1)
    expect(collector.result().buffer).toBe(pieces[0]!.buffer)
  })
  it('without a length, pieces so far read back in order, in blocks that grow with the body', () => {
    const collector = fedThroughOneBuffer(body, 0, 3)
    const pieces = collector.pieces()
    expect(pieces.length).toBeGreaterThan(1)
    // At most one block beyond the body.
    expect(pieces.length).toBeLessThan(6)
    expect(Buffer.concat(pieces).equals(Buffer.from(body))).toBe(true)
  })
})

describe('JsonLines search', () => {
  const bodies = [
    JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Item ${i}`, tags: ['a', 'b,c'] }))),
    // Whitespace between tokens, nesting, escapes and empty containers.
    '{ "a" : [ 1 , 2 ,{"k":"v \\" x: 12"} ], "B": {}, "c":[ ], "d" : "item 12, item 13" , "e":null }',
    // Malformed: kept as far as it goes.
    '[1 2 "x" , item 3 }, {"n": tru',
  ]
  const needles = ['item 1', '"item 12"', '12', 'b,c', 'v \\"', ': [', '{', 'NULL', 'item', 'x', '3 }', 'zzz']
  it.each(bodies.map((b, i) => [i, b] as const))(
    'finds what formatting every line finds (body %i)',
    (_, text) => {
      const doc = new JsonLines(utf8(text))
      while (!doc.advance(1 << 30));
      const formatted = doc.lines(0, doc.count).map((l) => l.toLowerCase())
      for (const query of needles) {
        const needle = query.toLowerCase()
        const expected = formatted.flatMap((l, n) => (l.includes(needle) ? [n] : []))
        expect(doc.search(foldNeedle(query), 10_000), query).toEqual({
          lines: expected,
          total: expected.length,
        })
        expect(doc.search(foldNeedle(query), 2).lines, query).toEqual(expected.slice(0, 2))
      }
    },
  )
})

describe('TextLines search', () => {
  it.each([
    ['one\r\ntwo Two\n\nTWO three\ntwo', ['two', 'o t', 'e', 'three', 'x', '\n']],
    ['no newline at all, two two', ['two', 'all,']],
    ['trailing\n', ['trailing', 'g']],
  ])('finds what looking in every line finds: %j', (text, queries) => {
    const doc = new TextLines(utf8(text))
    while (!doc.advance(1 << 30));
    const shown = doc.lines(0, doc.count).map((l) => l.toLowerCase())
    for (const query of queries) {
      const expected = shown.flatMap((l, n) => (l.includes(query.toLowerCase()) ? [n] : []))
      expect(doc.search(foldNeedle(query), 100), JSON.stringify(query)).toEqual({
        lines: expected,
        total: expected.length,
      })
    }
  })
})

/**
 * Line documents fed a body in pieces, as the relay delivers it, against the same documents
 * given the whole body at once: the same lines, whatever the cuts.
 */
import { describe, expect, it } from 'vitest'
import { utf8 } from '../encoding.ts'
import { foldNeedle } from './bytes.ts'
import { BodyArrival, expectedLength } from './arrival.ts'
import { makeLineDocument, type LineView } from './document.ts'
import type { BodyFormat } from './format.ts'
import type { LineDocument } from './lines.ts'

/** A small seeded generator, so a failing chunking can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

function whole(body: Uint8Array, format: BodyFormat, view: LineView): LineDocument {
  const doc = makeLineDocument(body, format, view)
  while (!doc.advance(1 << 30));
  return doc
}

/** Feeds `body` in pieces cut at `cuts`, indexing a little after each, and checks nothing shown changes. */
function fed(body: Uint8Array, cuts: number[], format: BodyFormat, view: LineView, budget: number) {
  const doc = makeLineDocument(body.subarray(0, 0), format, view, false)
  const shown: string[] = []
  for (const cut of [...cuts, body.length]) {
    const final = cut === body.length
    // A fresh copy each time, as the worker's growing buffer may move.
    doc.grow(body.slice(0, cut), final)
    // Enough rounds to index every byte that has arrived, in steps of `budget`.
    for (let round = Math.ceil(cut / budget) + 2; round > 0 && !doc.advance(budget); round--);
    expect(doc.complete).toBe(final)
    // What the view showed before this piece is still exactly what it shows now.
    expect(doc.lines(0, shown.length)).toEqual(shown)
    shown.push(...doc.lines(shown.length, doc.count - shown.length))
  }
  return { doc, shown }
}

function cutsFor(length: number, next: () => number, pieces: number): number[] {
  const cuts = Array.from({ length: pieces }, () => Math.floor(next() * length))
  return [...new Set(cuts)].sort((a, b) => a - b)
}

const value = {
  text: 'line\nbreak "quoted" \\ back\tslash \u0001 ctrl',
  unicode: 'äöü €uro 😀 日本語 𝄞',
  escapes: '\u00e9\u20ac\ud83d\ude00',
  numbers: [0, -1.5e-7, 123456789, true, false, null],
  empty: { o: {}, a: [], s: '' },
  nested: [[[{ deep: ['x', { y: [1, [2, [3]]] }] }]]],
  many: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `n${i} ü`, tags: i % 3 ? ['a'] : [] })),
}
const JSON_BODIES = [
  JSON.stringify(value),
  JSON.stringify(value, null, 3),
  // Escapes the server chose to write, not JSON.stringify's own.
  '{"a":"\\u00e9\\n\\"x\\"","b":[ 1 , 2 ,{ } , [ ] ],"c" : "\\\\"}',
  // Invalid: laid out as far as it goes, the same fed or whole.
  '{"a": tru, ] "b": {"c": "unterminated',
  '[1,2,3]   \n\n',
  '"just a string with ü"',
]

describe('line documents fed in pieces', () => {
  it.each(JSON_BODIES.map((text, i) => [i, text] as const))(
    'JSON body %i: formatted lines equal the one-shot formatter on 200 random chunkings',
    (i, text) => {
      const body = utf8(text)
      const expected = whole(body, 'json', 'pretty').lines(0, 1e9)
      for (let seed = 1; seed <= 200; seed++) {
        const next = random(seed * 7919 + i)
        const cuts = cutsFor(body.length, next, 1 + Math.floor(next() * 40))
        const { shown } = fed(body, cuts, 'json', 'pretty', 1 + Math.floor(next() * 64))
        expect(shown, `seed ${seed}, cuts ${cuts.join(',')}`).toEqual(expected)
      }
    },
  )

  it('JSON cut at every single byte: inside escapes, strings and multi-byte characters', () => {
    const body = utf8(JSON.stringify(value))
    const expected = whole(body, 'json', 'pretty').lines(0, 1e9)
    for (let cut = 1; cut < body.length; cut++) {
      expect(fed(body, [cut], 'json', 'pretty', 1 << 20).shown, `cut at ${cut}`).toEqual(expected)
    }
  })

  it('cuts inside a UTF-8 sequence and inside a \\u escape are among those tested', () => {
    const body = utf8(JSON.stringify(value))
    const euro = body.indexOf(0xe2)
    expect(body[euro + 1]! & 0xc0).toBe(0x80)
    expect(new TextDecoder().decode(body).includes('\\u0001')).toBe(true)
  })

  it.each([
    ['text', 'raw', 'a\r\nb\n\nlast without newline ü'],
    ['text', 'raw', 'ends with newline\n'],
    ['yaml', 'pretty', 'a: 1\nb:\n  - ü\n'],
    ['json', 'hex', JSON.stringify(value)],
  ] as const)('%s %s: lines equal the one-shot document on random chunkings', (format, view, text) => {
    const body = utf8(text)
    const expected = whole(body, format, view).lines(0, 1e9)
    for (let seed = 1; seed <= 100; seed++) {
      const next = random(seed)
      const { shown } = fed(body, cutsFor(body.length, next, 1 + Math.floor(next() * 10)), format, view, 7)
      expect(shown).toEqual(expected)
    }
  })

  it('search over a fed body, once complete, answers as over the whole body', () => {
    const body = utf8(JSON.stringify(value))
    const { doc } = fed(body, [10, 200, 201, 500], 'json', 'pretty', 50)
    const needle = foldNeedle('"name": "n3')
    expect(doc.search(needle, 100)).toEqual(whole(body, 'json', 'pretty').search(needle, 100))
  })

  it('XML, HTML and CSS formatted views refuse a body that is still arriving', () => {
    expect(() => makeLineDocument(utf8('<a>'), 'xml', 'pretty', false)).toThrow()
    expect(makeLineDocument(utf8('<a>'), 'xml', 'raw', false).complete).toBe(false)
  })
})

describe('BodyArrival', () => {
  const listener = () => {
    const got = { pieces: [] as number[][], ended: [] as boolean[] }
    return {
      got,
      listener: {
        chunk: (b: Uint8Array) => void got.pieces.push([...b]),
        end: (f: boolean) => void got.ended.push(f),
      },
    }
  }

  it('replays what arrived before a listener came, then passes pieces on, then the end', () => {
    const arrival = new BodyArrival(5)
    arrival.push(utf8('ab'))
    const { got, listener: l } = listener()
    arrival.listen(l)
    arrival.push(utf8('cde'))
    expect(got.pieces).toEqual([
      [97, 98],
      [99, 100, 101],
    ])
    expect(arrival.excerpt(3)).toEqual(utf8('abc'))
    const body = arrival.finish()
    expect(body).toEqual(utf8('abcde'))
    expect(arrival.body).toBe(body)
    expect(got.ended).toEqual([false])
  })

  it('once finished, holds only the joined body: a late listener gets it whole, the excerpt reads it', () => {
    const arrival = new BodyArrival(null)
    arrival.push(utf8('ab'))
    arrival.push(utf8('cd'))
    const body = arrival.finish()
    const { got, listener: l } = listener()
    arrival.listen(l)
    expect(got).toEqual({ pieces: [[...body]], ended: [false] })
    expect(arrival.excerpt(3)).toEqual(utf8('abc'))
  })

  it('a failed body ends its listener as failed; a stopped listener hears nothing more', () => {
    const arrival = new BodyArrival(null)
    const first = listener()
    const stop = arrival.listen(first.listener)
    stop()
    arrival.push(utf8('x'))
    expect(first.got.pieces).toEqual([])
    const second = listener()
    arrival.listen(second.listener)
    arrival.fail()
    expect(second.got).toEqual({ pieces: [[120]], ended: [true] })
  })

  it.each([
    ['100', undefined, 100],
    ['100', 'identity', 100],
    ['100', 'gzip', null],
    [undefined, undefined, null],
    ['x', undefined, null],
  ] as const)('Content-Length %s with Content-Encoding %s → %s', (length, encoding, expected) => {
    expect(expectedLength(length, encoding)).toBe(expected)
  })
})

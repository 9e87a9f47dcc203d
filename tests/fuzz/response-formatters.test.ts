/**
 * The response viewer's formatters and decoders, fuzzed: JSON, XML/HTML and CSS pretty printers,
 * raw and hex lines, the event-stream parser, the JSON table and format detection. Whatever the
 * body (a server may send anything), none throws or hangs; what they show keeps the body's content,
 * and a body indexed as it arrives, in pieces, reads the same as the whole.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeLineDocument, type LineView } from '../../src/model/response/document.ts'
import { detectFormat, isBinary, previewKind, type BodyFormat } from '../../src/model/response/format.ts'
import { jsonTable } from '../../src/model/response/json-table.ts'
import type { LineDocument } from '../../src/model/response/lines.ts'
import { formatCss, formatMarkup } from '../../src/model/response/markup.ts'
import { EventStreamParser } from '../../src/model/response/sse.ts'
import { fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

const encode = (text: string) => new TextEncoder().encode(text)

/** Text made mostly of the characters that matter to a format, with anything else mixed in. */
function textOf(...pieces: string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...pieces) },
        fc.string({ maxLength: 3, unit: 'binary' }),
      ),
      {
        maxLength: 30,
      },
    )
    .map((parts) => parts.join(''))
}
const markup = textOf(
  '<a>',
  '</a>',
  '<b x="1">',
  '</b>',
  '<br/>',
  '<!-- c -->',
  '<![CDATA[ x ]]>',
  '<?xml v?>',
  '<script>',
  '</script>',
  '<pre>',
  '</pre>',
  'text',
  ' ',
  '\n',
  '"',
  "'",
  '<',
  '>',
  '=',
)
const css = textOf(
  'a',
  '{',
  '}',
  ';',
  ':',
  ' ',
  '\n',
  '/*',
  '*/',
  '"',
  "'",
  '\\',
  '@media x',
  'color: red',
  ',',
)
const jsonish = textOf('{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', 'true', '1.5e3', '"k"', 'null')

/** Indexes a document fully and reads every line. */
function readAll(doc: LineDocument): string[] {
  let guard = 0
  while (!doc.advance(64)) if (++guard > 1_000_000) throw new Error('advance never completes')
  return doc.lines(0, doc.count)
}

/** The same body arriving in pieces cut at `cuts`. */
function readGrowing(body: Uint8Array, format: BodyFormat, view: LineView, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b)
  const doc = makeLineDocument(body.subarray(0, points[0] ?? body.length), format, view, points.length === 0)
  for (let i = 0; i < points.length; i++) {
    doc.advance(16)
    const last = i === points.length - 1
    doc.grow(body.subarray(0, last ? body.length : points[i + 1]!), last)
  }
  return readAll(doc)
}

const squeeze = (text: string) => text.replace(/\s+/g, '')

describe('fuzz: response formatters', () => {
  it(
    'JSON: valid JSON pretty-prints to the same value; any bytes show without throwing, whole or arriving',
    () => {
      const body = fc.oneof(
        fc.json({ maxDepth: 4 }).map(encode),
        jsonish.map(encode),
        fc.uint8Array({ maxLength: 40 }),
      )
      fc.assert(
        fc.property(body, fc.array(fc.nat(), { maxLength: 3 }), (bytes, cuts) => {
          const whole = timed(() => readAll(makeLineDocument(bytes, 'json', 'pretty')))
          const text = new TextDecoder().decode(bytes)
          let value: unknown
          let valid = true
          try {
            value = JSON.parse(text)
          } catch {
            valid = false
          }
          if (valid) expect(JSON.parse(whole.join('\n'))).toEqual(value)
          expect(timed(() => readGrowing(bytes, 'json', 'pretty', cuts))).toEqual(whole)
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'XML and HTML: formatting keeps every non-space character',
    () => {
      fc.assert(
        fc.property(markup, fc.boolean(), (src, html) => {
          const out = timed(() => formatMarkup(src, html))
          expect(squeeze(out)).toBe(squeeze(src))
          timed(() => readAll(makeLineDocument(encode(src), html ? 'html' : 'xml', 'pretty')))
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'CSS: formatting keeps every non-space character',
    () => {
      fc.assert(
        fc.property(css, (src) => {
          const out = timed(() => formatCss(src))
          expect(squeeze(out)).toBe(squeeze(src))
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'raw and hex lines: any bytes, whole or arriving, read the same',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 80 }),
            textOf('a', '\n', '\r\n', '\r', 'ä', '\u2028').map(encode),
          ),
          fc.constantFrom<LineView>('raw', 'hex'),
          fc.array(fc.nat(), { maxLength: 3 }),
          (bytes, view, cuts) => {
            const whole = timed(() => readAll(makeLineDocument(bytes, 'text', view)))
            if (view === 'hex') expect(whole).toHaveLength(Math.ceil(bytes.length / 16))
            expect(timed(() => readGrowing(bytes, 'text', view, cuts))).toEqual(whole)
          },
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'event streams: the same events however the text is cut',
    () => {
      const stream = textOf(
        'data: x',
        'data:',
        'event: e',
        'id: 1',
        'id',
        'retry: 5',
        ': c',
        '\n',
        '\r\n',
        '\r',
        '\n\n',
        'y',
      )
      fc.assert(
        fc.property(stream, fc.array(fc.nat(), { maxLength: 4 }), (text, cuts) => {
          const whole = timed(() => new EventStreamParser().push(text))
          const parser = new EventStreamParser()
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b)
          const events = []
          let from = 0
          for (const to of [...points, text.length]) {
            events.push(...parser.push(text.slice(from, to)))
            from = to
          }
          expect(events).toEqual(whole)
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'JSON table and format detection take any value',
    () => {
      fc.assert(
        fc.property(
          fc.jsonValue({ maxDepth: 3 }),
          fc.nat(5),
          fc.option(fc.string({ maxLength: 30 })),
          fc.uint8Array({ maxLength: 32 }),
          (value, limit, contentType, head) => {
            const table = timed(() => jsonTable(value, limit))
            expect(table.rows.length).toBeLessThanOrEqual(Math.max(limit, table.totalRows))
            for (const row of table.rows) expect(row).toHaveLength(table.columns.length)
            const type = contentType ?? undefined
            const format = detectFormat(type, head)
            isBinary(type, head)
            previewKind(type, format)
          },
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})

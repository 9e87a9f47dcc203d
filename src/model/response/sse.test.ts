import { describe, expect, it } from 'vitest'
import { EventStreamParser, type StreamEvent } from './sse.ts'

function parse(text: string, parser = new EventStreamParser()): StreamEvent[] {
  return parser.push(text)
}

describe('EventStreamParser (WHATWG event stream interpretation)', () => {
  it('ignores comment lines and joins multi-line data with LF', () => {
    expect(parse(': hello\n:\ndata: a\n: between\ndata:b\ndata\n\n')).toEqual([
      { id: '', event: 'message', data: 'a\nb\n' },
    ])
  })

  it('ends lines at CR, LF and CRLF alike, even when CRLF is split across chunks', () => {
    for (const eol of ['\r', '\n', '\r\n']) {
      const text = `event: e${eol}data: x${eol}data: y${eol}${eol}`
      // A CR at the very end might be half a CRLF: the next byte (here a comment) settles it.
      expect(parse(`${text}:`), JSON.stringify(eol)).toEqual([{ id: '', event: 'e', data: 'x\ny' }])
    }
    const parser = new EventStreamParser()
    expect(parser.push('data: a\r')).toEqual([])
    expect(parser.push('\n\r')).toEqual([])
    expect(parser.push('\n')).toEqual([{ id: '', event: 'message', data: 'a' }])
  })

  it('ignores an id containing NUL and keeps the last valid id for later events', () => {
    const parser = new EventStreamParser()
    expect(parse('id: 7\ndata: a\n\nid: 8\0x\ndata: b\n\n', parser)).toEqual([
      { id: '7', event: 'message', data: 'a' },
      { id: '7', event: 'message', data: 'b' },
    ])
    expect(parser.lastEventId).toBe('7')
  })

  it('sets the last event id on a blank line even without data, and an empty id clears it', () => {
    const parser = new EventStreamParser()
    parse('id: 3\n\n', parser)
    expect(parser.lastEventId).toBe('3')
    expect(parse('id\ndata: z\n\n', parser)).toEqual([{ id: '', event: 'message', data: 'z' }])
    expect(parser.lastEventId).toBe('')
  })

  it('takes retry only when it is all ASCII digits', () => {
    const parser = new EventStreamParser()
    parse('retry: 1500\n\n', parser)
    expect(parser.retry).toBe(1500)
    for (const bad of ['retry: 15s', 'retry: -1', 'retry: 1.5', 'retry: ', 'retry: ١٢']) {
      parse(`${bad}\n\n`, parser)
      expect(parser.retry, bad).toBe(1500)
    }
    parse('retry:0\n', parser)
    expect(parser.retry).toBe(0)
  })

  it('ignores one leading byte order mark, and only at the start of the stream', () => {
    expect(parse('\uFEFFdata: a\n\n')).toEqual([{ id: '', event: 'message', data: 'a' }])
    const parser = new EventStreamParser()
    parse('\uFEFF', parser)
    // A second BOM is part of the first line's field name, which is then unknown.
    expect(parse('\uFEFFdata: a\n\ndata: b\n\n', parser)).toEqual([{ id: '', event: 'message', data: 'b' }])
  })

  it('drops an event without its blank line, and unknown fields; a field without colon has an empty value', () => {
    expect(parse('foo: bar\ndata\n\ndata: cut')).toEqual([{ id: '', event: 'message', data: '' }])
    expect(parse('data:  two spaces\n\n')).toEqual([{ id: '', event: 'message', data: ' two spaces' }])
  })

  it('reset() drops a half-read event of the old connection and keeps the last event id', () => {
    const parser = new EventStreamParser()
    parse('id: 4\ndata: a\n\nid: 5\ndata: half', parser)
    parser.reset()
    expect(parser.lastEventId).toBe('4')
    expect(parse('data: b\n\n', parser)).toEqual([{ id: '4', event: 'message', data: 'b' }])
    expect(new EventStreamParser('9').push('data: c\n\n')).toEqual([{ id: '9', event: 'message', data: 'c' }])
  })
})

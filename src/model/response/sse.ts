/** An incremental `text/event-stream` parser (WHATWG HTML "event stream interpretation"). */

export interface StreamEvent {
  id: string
  event: string
  data: string
}

export class EventStreamParser {
  private buffer = ''
  private data: string[] = []
  private event = ''
  private lastId = ''

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): StreamEvent[] {
    this.buffer += text
    const events: StreamEvent[] = []
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer)
      // A lone `\r` at the end may be the first half of `\r\n`: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break
      const line = this.buffer.slice(0, match.index)
      this.buffer = this.buffer.slice(match.index + match[0].length)
      const event = this.line(line)
      if (event) events.push(event)
    }
    return events
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = ''
        return null
      }
      const event = { id: this.lastId, event: this.event || 'message', data: this.data.join('\n') }
      this.data = []
      this.event = ''
      return event
    }
    if (line.startsWith(':')) return null
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') this.data.push(value)
    else if (field === 'event') this.event = value
    else if (field === 'id' && !value.includes('\0')) this.lastId = value
    return null
  }
}

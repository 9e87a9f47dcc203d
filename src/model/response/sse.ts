/**
 * An incremental `text/event-stream` parser (WHATWG HTML "event stream interpretation"), shared
 * by the response viewer's event-stream display and Server-Sent Events requests.
 */

export interface StreamEvent {
  id: string
  event: string
  data: string
}

export class EventStreamParser {
  private buffer = ''
  private data: string[] = []
  private event = ''
  private idBuffer = ''
  private started = false
  /**
   * The last event ID string: set at each blank line from the last valid `id:` field (it stays
   * until the server sends another one), and sent back as `Last-Event-ID` when reconnecting.
   */
  lastEventId = ''
  /** The reconnection time the server asked for with `retry:` (milliseconds), if it did. */
  retry: number | null = null

  /** `lastEventId`: what a reconnecting stream continues from (the spec keeps it across connections). */
  constructor(lastEventId = '') {
    this.lastEventId = lastEventId
    this.idBuffer = lastEventId
  }

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): StreamEvent[] {
    if (!this.started && text !== '') {
      this.started = true
      // One leading byte order mark is ignored.
      if (text.startsWith('\uFEFF')) text = text.slice(1)
    }
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

  /**
   * Starts a new connection's stream: a half-read line or event of the old one is dropped (the
   * spec discards an incomplete event at the end of a stream); the last event ID stays.
   */
  reset(): void {
    this.buffer = ''
    this.data = []
    this.event = ''
    this.idBuffer = this.lastEventId
    this.started = false
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      this.lastEventId = this.idBuffer
      if (this.data.length === 0) {
        this.event = ''
        return null
      }
      const event = { id: this.lastEventId, event: this.event || 'message', data: this.data.join('\n') }
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
    else if (field === 'id' && !value.includes('\0')) this.idBuffer = value
    else if (field === 'retry' && /^[0-9]+$/.test(value)) this.retry = Number(value)
    return null
  }
}

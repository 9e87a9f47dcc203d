/**
 * Writes the relay's response frames. On loopback every write is a system call that also
 * delivers the bytes to the reader, so frames written in the same turn of the event loop leave
 * together: a small response (head, body, end) is one write, and a running event stream is
 * flushed as soon as the turn ends, never held back waiting for more.
 */
import type { ServerResponse } from 'node:http'
import { FRAME_BODY, FRAME_HEADER_BYTES } from '../src/runtime/transport/relay-protocol.ts'

/** Small frames come from Node's buffer pool and the JSON is written in place: no second copy. */
function jsonFrame(type: number, value: unknown): Buffer {
  const json = JSON.stringify(value)
  const length = Buffer.byteLength(json)
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length)
  frame[0] = type
  frame.writeUInt32BE(length, 1)
  frame.write(json, FRAME_HEADER_BYTES, 'utf8')
  return frame
}

/** Body frames up to this size are copied into one buffer; larger ones are written as they are. */
const COPY_BELOW = 16 * 1024

export class FrameWriter {
  private flushScheduled = false

  constructor(private readonly res: ServerResponse) {}

  /** False when the reader is behind: call `drain()` before writing more. */
  json(type: number, value: unknown): boolean {
    this.batch()
    return this.res.write(jsonFrame(type, value))
  }

  /** One BODY frame carrying `chunks`, as they came from upstream. */
  body(chunks: Uint8Array[], length: number): boolean {
    this.batch()
    if (length <= COPY_BELOW) {
      // Small: one pooled buffer, so the reader gets one piece, not a separate 5-byte one.
      const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length)
      frame[0] = FRAME_BODY
      frame.writeUInt32BE(length, 1)
      let at = FRAME_HEADER_BYTES
      for (const chunk of chunks) {
        frame.set(chunk, at)
        at += chunk.length
      }
      return this.res.write(frame)
    }
    // Large: the header, then the upstream chunks themselves. Copying them cost the relay more
    // than the whole pass-through otherwise (a fresh 64 KB allocation each, and the GC after it).
    const header = Buffer.allocUnsafe(FRAME_HEADER_BYTES)
    header[0] = FRAME_BODY
    header.writeUInt32BE(length, 1)
    this.res.write(header)
    let writable = true
    for (const chunk of chunks) writable = this.res.write(chunk)
    return writable
  }

  end(type: number, value: unknown) {
    this.res.end(jsonFrame(type, value))
  }

  /** Sends what is batched and waits until the reader has taken it (or left). */
  drain(): Promise<void> {
    this.flush()
    return drained(this.res)
  }

  private batch() {
    if (!this.res.writableCorked) this.res.cork()
    if (this.flushScheduled) return
    this.flushScheduled = true
    setImmediate(() => this.flush())
  }

  private flush() {
    this.flushScheduled = false
    while (this.res.writableCorked) this.res.uncork()
  }
}

/** Resolves once `res` has taken what it buffered (at once if nothing waits), or has closed. */
export function drained(res: ServerResponse): Promise<void> {
  if (!res.writableNeedDrain) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

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

export class FrameWriter {
  private flushScheduled = false

  constructor(private readonly res: ServerResponse) {}

  /** False when the reader is behind: call `drain()` before writing more. */
  json(type: number, value: unknown): boolean {
    this.batch()
    return this.res.write(jsonFrame(type, value))
  }

  body(bytes: Uint8Array): boolean {
    this.batch()
    // One buffer per frame: a separate 5-byte write would become its own HTTP chunk, which costs
    // the reader far more than copying the bytes once here.
    const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + bytes.length)
    frame[0] = FRAME_BODY
    frame.writeUInt32BE(bytes.length, 1)
    frame.set(bytes, FRAME_HEADER_BYTES)
    return this.res.write(frame)
  }

  end(type: number, value: unknown) {
    this.res.end(jsonFrame(type, value))
  }

  /** Sends what is batched and waits until the reader has taken it (or left). */
  drain(): Promise<void> {
    this.flush()
    if (!this.res.writableNeedDrain) return Promise.resolve()
    const res = this.res
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

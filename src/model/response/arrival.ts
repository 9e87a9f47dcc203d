/**
 * A response body while it arrives. The transport pushes its pieces (copied once into the body
 * the scripts, tests and history need); the viewer listens and shows the first lines long before
 * the last byte is in. One listener at a time: the viewer of that response.
 */
import { ChunkCollector } from './bytes.ts'

export interface ArrivalListener {
  /**
   * A piece as it came. Valid only during the call (it may be a view of a buffer the transport
   * reads the next piece into, or of its own copy): a listener copies what it keeps.
   */
  chunk(bytes: Uint8Array): void
  /** The whole body is in (`failed`: it never will be). */
  end(failed: boolean): void
}

export class BodyArrival {
  received = 0
  /** The whole body, once `done` (the response's `body` then). */
  body: Uint8Array | null = null
  done = false
  failed = false
  /** Until `finish`: then the body is the one copy (blocks joined are not kept beside it). */
  private collector: ChunkCollector | null
  private listener: ArrivalListener | null = null

  /** `expected`: the body's length when the response says so reliably (Content-Length, no encoding). */
  constructor(readonly expected: number | null) {
    this.collector = new ChunkCollector(expected ?? 0)
  }

  push(bytes: Uint8Array): void {
    this.collector?.push(bytes)
    this.received += bytes.length
    this.listener?.chunk(bytes)
  }

  /** The whole body, collected. */
  finish(): Uint8Array {
    this.done = true
    const body = this.collector?.result() ?? new Uint8Array(0)
    this.body = body
    this.collector = null
    this.listener?.end(false)
    this.listener = null
    return body
  }

  fail(): void {
    if (this.done) return
    this.done = this.failed = true
    this.listener?.end(true)
    this.listener = null
  }

  /** A copy of the first `limit` bytes that have arrived. */
  excerpt(limit: number): Uint8Array {
    const out = new Uint8Array(Math.min(limit, this.received))
    let at = 0
    for (const piece of this.pieces()) {
      if (at >= out.length) break
      const take = piece.subarray(0, out.length - at)
      out.set(take, at)
      at += take.length
    }
    return out
  }

  private pieces(): Uint8Array[] {
    return this.body ? [this.body] : (this.collector?.pieces() ?? [])
  }

  /** Replays what has arrived so far, then passes on what follows. Returns a way to stop listening. */
  listen(listener: ArrivalListener): () => void {
    for (const piece of this.pieces()) if (piece.length > 0) listener.chunk(piece)
    if (this.done) listener.end(this.failed)
    else this.listener = listener
    return () => {
      if (this.listener === listener) this.listener = null
    }
  }
}

/** The length a response's headers promise for its decoded body, or null when they cannot tell. */
export function expectedLength(contentLength: string | undefined, contentEncoding: string | undefined) {
  if (contentEncoding && contentEncoding.trim().toLowerCase() !== 'identity') return null
  const length = Number(contentLength)
  return contentLength !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : null
}

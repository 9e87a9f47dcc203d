/**
 * The body as the viewer's worker holds it: whole, or still arriving in pieces appended to one
 * buffer (sized by Content-Length when known, else doubled as needed), so the line documents read
 * one contiguous view that only ever grows. Views of it are taken again after each change (a
 * growth or the final shrink moves it).
 */
export class GrowingBody {
  private buffer: Uint8Array = new Uint8Array(0)
  private length = 0
  whole = true

  /** What has arrived so far (the whole body once `whole`). */
  get bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length)
  }

  replace(body: Uint8Array): void {
    this.buffer = body
    this.length = body.length
    this.whole = true
  }

  begin(expected: number | null): void {
    this.buffer = new Uint8Array(expected ?? 1024 * 1024)
    this.length = 0
    this.whole = false
  }

  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) {
      const next = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes.length))
      next.set(this.bytes)
      this.buffer = next
    }
    this.buffer.set(bytes, this.length)
    this.length += bytes.length
  }

  /** Nothing more comes (a failed body keeps what arrived); the buffer shrinks to the body. */
  end(): void {
    this.whole = true
    // A buffer `begin` made (never shared), so `transfer` applies.
    const own = this.buffer.buffer as ArrayBuffer
    if (this.buffer.length > this.length) this.buffer = new Uint8Array(own.transfer(this.length))
  }
}

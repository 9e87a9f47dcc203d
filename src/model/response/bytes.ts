/** Byte buffers for the line indexes: they hold 100 MB bodies, so no per-line strings. */
import { concatBytes } from '../encoding.ts'

/** A growable Uint32Array: line offsets of a 100 MB body without a JS array of numbers. */
export class U32List {
  private data = new Uint32Array(1024)
  length = 0
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.data[this.length++] = value
  }
  get(index: number): number {
    return this.data[index]!
  }
}

/** Collects one line's bytes, stopping at `limit` so a 10 MB single-line body renders quickly. */
export class ByteSink {
  private data = new Uint8Array(256)
  length = 0
  truncated = 0
  constructor(readonly limit: number) {}
  reset(): void {
    this.length = 0
    this.truncated = 0
  }
  push(byte: number): void {
    if (this.length >= this.limit) {
      this.truncated++
      return
    }
    if (this.length === this.data.length) this.grow()
    this.data[this.length++] = byte
  }
  pushRange(src: Uint8Array, start: number, end: number): void {
    const room = Math.max(0, this.limit - this.length)
    const take = Math.min(room, end - start)
    while (this.length + take > this.data.length) this.grow()
    this.data.set(src.subarray(start, start + take), this.length)
    this.length += take
    this.truncated += end - start - take
  }
  bytes(): Uint8Array {
    return this.data.subarray(0, this.length)
  }
  private grow(): void {
    const next = new Uint8Array(this.data.length * 2)
    next.set(this.data)
    this.data = next
  }
}

/** The needle must be lower case ASCII where it is ASCII; matching folds A–Z only. */
export function matchesAt(hay: Uint8Array, at: number, needle: Uint8Array): boolean {
  if (at + needle.length > hay.length) return false
  for (let j = 0; j < needle.length; j++) {
    let byte = hay[at + j]!
    if (byte >= 65 && byte <= 90) byte += 32
    if (byte !== needle[j]) return false
  }
  return true
}

export function containsFolded(hay: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0]
  if (first === undefined) return false
  const upper = first >= 97 && first <= 122 ? first - 32 : first
  for (let i = 0; i + needle.length <= hay.length; i++) {
    const byte = hay[i]
    if ((byte === first || byte === upper) && matchesAt(hay, i, needle)) return true
  }
  return false
}

export function foldNeedle(query: string): Uint8Array {
  const bytes = new TextEncoder().encode(query)
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 65 && bytes[i]! <= 90) bytes[i]! += 32
  return bytes
}

/** Content-Length values above this are not trusted enough to allocate for. */
const MAX_HINT = 1 << 30

/**
 * Joins a body's chunks as they arrive. Given the length the head announced, each chunk is
 * copied once into a buffer of that size as it comes, so a 100 MB body is neither held twice
 * nor copied in one long task at its end. Without a length, or when it was wrong, the chunks are
 * joined at the end.
 */
export class ChunkCollector {
  private buffer: Uint8Array | null = null
  private filled = 0
  private readonly chunks: Uint8Array[] = []
  private readonly hint: number

  constructor(lengthHint: number) {
    this.hint = Number.isSafeInteger(lengthHint) && lengthHint > 0 && lengthHint <= MAX_HINT ? lengthHint : 0
  }

  push(chunk: Uint8Array): void {
    if (this.chunks.length === 0 && this.filled + chunk.length <= this.hint) {
      this.buffer ??= new Uint8Array(this.hint)
      this.buffer.set(chunk, this.filled)
      this.filled += chunk.length
      return
    }
    if (this.buffer) {
      this.chunks.push(this.buffer.subarray(0, this.filled))
      this.buffer = null
    }
    this.chunks.push(chunk)
  }

  /** What has been pushed so far, in order, as views (no copy). */
  pieces(): Uint8Array[] {
    if (this.chunks.length > 0) return [...this.chunks]
    return this.buffer ? [this.buffer.subarray(0, this.filled)] : []
  }

  result(): Uint8Array {
    if (this.chunks.length > 0) return this.chunks.length === 1 ? this.chunks[0]! : concatBytes(this.chunks)
    if (!this.buffer) return new Uint8Array(0)
    return this.filled === this.buffer.length ? this.buffer : this.buffer.slice(0, this.filled)
  }
}

/** Bytes that never occur inside one JSON token's verbatim text run (see `longestAtom`). */
function breaksAtom(byte: number): boolean {
  return (
    byte === 32 ||
    byte === 9 ||
    byte === 10 ||
    byte === 13 ||
    byte === 34 ||
    byte === 44 ||
    byte === 58 ||
    byte === 91 ||
    byte === 93 ||
    byte === 123 ||
    byte === 125
  )
}

/**
 * The longest run of the needle free of whitespace, quotes and JSON punctuation. Any formatted
 * JSON line that contains the needle contains this run inside one token, and tokens are copied
 * from the body byte for byte: so the run's places in the raw body point at every line that can
 * match. Empty when the needle has no such run.
 */
export function longestAtom(needle: Uint8Array): Uint8Array {
  let best: [number, number] = [0, 0]
  let start = 0
  for (let i = 0; i <= needle.length; i++) {
    if (i === needle.length || breaksAtom(needle[i]!)) {
      if (i - start > best[1] - best[0]) best = [start, i]
      start = i + 1
    }
  }
  return needle.subarray(best[0], best[1])
}

/** Where the (lower-case) `needle` next occurs in `hay` from `from`, A–Z folded; -1 if nowhere. */
export function indexOfFolded(hay: Uint8Array, needle: Uint8Array, from: number): number {
  // Anchor on a byte without case, when there is one: the native search is far faster.
  let anchor = 0
  while (anchor < needle.length && needle[anchor]! >= 97 && needle[anchor]! <= 122) anchor++
  if (anchor < needle.length) {
    const byte = needle[anchor]!
    for (let at = hay.indexOf(byte, from + anchor); at !== -1; at = hay.indexOf(byte, at + 1)) {
      if (matchesAt(hay, at - anchor, needle)) return at - anchor
    }
    return -1
  }
  const first = needle[0]!
  const upper = first - 32
  for (let i = from; i + needle.length <= hay.length; i++) {
    const byte = hay[i]
    if ((byte === first || byte === upper) && matchesAt(hay, i, needle)) return i
  }
  return -1
}

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
/** Blocks of a body of unknown length: the first this small, then as large as the body so far… */
const MIN_BLOCK = 64 * 1024
/** …but not larger than this, so little is allocated beyond the body. */
const MAX_BLOCK = 16 * 1024 * 1024

/**
 * Copies a body's chunks, as they arrive, into memory of its own: a chunk may be a view of a
 * buffer its reader reuses for the next one. Given the length the head announced, the first
 * buffer is exactly that long, so a 100 MB body is copied once and never joined (the result is
 * that buffer). Without a length, and for bytes beyond it, they go into blocks that grow with the
 * body, joined once by `result`; a body shorter than announced is cut to what came.
 */
export class ChunkCollector {
  /** Full blocks, in order. */
  private readonly blocks: Uint8Array[] = []
  private block: Uint8Array | null = null
  private filled = 0
  /** Bytes pushed so far. */
  length = 0
  private readonly hint: number

  constructor(lengthHint: number) {
    this.hint = Number.isSafeInteger(lengthHint) && lengthHint > 0 && lengthHint <= MAX_HINT ? lengthHint : 0
  }

  push(chunk: Uint8Array): void {
    for (let at = 0; at < chunk.length;) {
      if (!this.block || this.filled === this.block.length) this.nextBlock()
      const take = Math.min(chunk.length - at, this.block!.length - this.filled)
      this.block!.set(chunk.subarray(at, at + take), this.filled)
      this.filled += take
      at += take
    }
    this.length += chunk.length
  }

  private nextBlock(): void {
    if (this.block) this.blocks.push(this.block)
    const size =
      this.length === 0 && this.hint > 0 ? this.hint : Math.min(MAX_BLOCK, Math.max(MIN_BLOCK, this.length))
    this.block = new Uint8Array(size)
    this.filled = 0
  }

  /** What has been pushed so far, in order, as views (no copy). */
  pieces(): Uint8Array[] {
    const last = this.block?.subarray(0, this.filled)
    return last && last.length > 0 ? [...this.blocks, last] : [...this.blocks]
  }

  /** The whole body in one buffer of exactly its length (so it can be transferred). */
  result(): Uint8Array {
    const pieces = this.pieces()
    if (pieces.length === 1 && this.filled === this.block!.length) return this.block!
    return pieces.length === 1 ? pieces[0]!.slice() : concatBytes(pieces)
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

/**
 * JSON pretty-printed as `JSON.stringify(value, null, 2)` would, without parsing it: a byte
 * scanner walks the body one output line at a time. A line's start is fully described by
 * (byte offset, depth), so the index keeps only every `CHECKPOINT`th start and re-scans from
 * there to serve any range: a 100 MB body costs a few hundred KB of index, not a copy of its text.
 * Invalid JSON is laid out the same way as far as it goes; nothing is dropped.
 *
 * The body may still be arriving (`grow`): a line is indexed only once a byte after it decides
 * where it ends, so the lines of a body fed in pieces, cut anywhere (inside a string, an escape
 * or a UTF-8 sequence), are exactly those of the whole body.
 */
import { ByteSink, containsFolded, indexOfFolded, longestAtom, U32List } from './bytes.ts'
import { LINE_LIMIT, truncatedMarker, type LineDocument } from './lines.ts'

const CHECKPOINT = 64
const SPACE = 32
const QUOTE = 34
const COMMA = 44
const COLON = 58
const BACKSLASH = 92

function isSpace(byte: number): boolean {
  return byte === 32 || byte === 10 || byte === 13 || byte === 9
}
function isOpen(byte: number): boolean {
  return byte === 123 || byte === 91
}
function isClose(byte: number): boolean {
  return byte === 125 || byte === 93
}
function isScalarByte(byte: number): boolean {
  return (
    !isSpace(byte) && !isOpen(byte) && !isClose(byte) && byte !== COMMA && byte !== COLON && byte !== QUOTE
  )
}

/** Scans lines of a JSON body. `offset`/`depth` describe where the next line starts. */
export class JsonScanner {
  offset: number
  depth: number
  constructor(
    private readonly src: Uint8Array,
    offset = 0,
    depth = 0,
  ) {
    this.offset = offset
    this.depth = depth
  }

  private skipSpace(at: number): number {
    const src = this.src
    while (at < src.length && isSpace(src[at]!)) at++
    return at
  }

  /** Emits the next line into `sink` (when given); false at the end of the body. */
  next(sink: ByteSink | null): boolean {
    const src = this.src
    let at = this.skipSpace(this.offset)
    if (at >= src.length) {
      this.offset = at
      return false
    }
    const depth = this.depth
    if (sink) for (let i = 0; i < depth * 2; i++) sink.push(SPACE)
    for (;;) {
      const byte = src[at]!
      if (isOpen(byte)) {
        const after = this.skipSpace(at + 1)
        if (after < src.length && isClose(src[after]!)) {
          sink?.push(byte)
          sink?.push(src[after]!)
          at = after + 1
        } else {
          sink?.push(byte)
          this.offset = after
          this.depth = depth + 1
          return true
        }
      } else if (byte === QUOTE) {
        let end = at + 1
        while (end < src.length) {
          const c = src[end]!
          if (c === BACKSLASH) end += 2
          else if (c === QUOTE) break
          else end++
        }
        end = Math.min(end + 1, src.length)
        sink?.pushRange(src, at, end)
        at = end
      } else if (isClose(byte) || byte === COMMA || byte === COLON) {
        // Only reached for a closer that starts a line, or for malformed input: keep it and go on.
        sink?.push(byte)
        at++
      } else {
        let end = at
        while (end < src.length && isScalarByte(src[end]!)) end++
        sink?.pushRange(src, at, end)
        at = end
      }
      // After a value: a colon keeps the line going, a comma ends it, a closer starts the next one.
      const next = this.skipSpace(at)
      if (next >= src.length) {
        this.offset = next
        this.depth = depth
        return true
      }
      const c = src[next]!
      if (c === COLON) {
        sink?.push(COLON)
        sink?.push(SPACE)
        at = this.skipSpace(next + 1)
        if (at >= src.length) {
          this.offset = at
          return true
        }
        continue
      }
      if (c === COMMA) {
        sink?.push(COMMA)
        this.offset = next + 1
        this.depth = depth
        return true
      }
      this.offset = next
      this.depth = isClose(c) ? Math.max(0, depth - 1) : depth
      return true
    }
  }
}

export class JsonLines implements LineDocument {
  count = 0
  complete = false
  private readonly offsets = new U32List()
  private readonly depths = new U32List()
  private scanner: JsonScanner
  private readonly decoder = new TextDecoder()

  /** `final`: `src` is the whole body; otherwise more follows through `grow`. */
  constructor(
    private src: Uint8Array,
    private final = true,
  ) {
    this.scanner = new JsonScanner(src)
  }

  grow(src: Uint8Array, final: boolean): void {
    this.src = src
    this.final = final
    this.scanner = new JsonScanner(src, this.scanner.offset, this.scanner.depth)
  }

  advance(budget: number): boolean {
    if (this.complete) return true
    const stop = this.scanner.offset + budget
    const scanner = this.scanner
    while (scanner.offset < stop) {
      const offset = scanner.offset
      const depth = scanner.depth
      if (!scanner.next(null)) {
        this.complete = this.final
        break
      }
      // A line that runs to the end of what has arrived may go on (`{` then `}`, `"a` then `b"`).
      if (!this.final && scanner.offset >= this.src.length) {
        scanner.offset = offset
        scanner.depth = depth
        break
      }
      if (this.count % CHECKPOINT === 0) {
        this.offsets.push(offset)
        this.depths.push(depth)
      }
      this.count++
    }
    return this.complete
  }

  lines(from: number, count: number): string[] {
    const end = Math.min(from + count, this.count)
    if (from >= end) return []
    const checkpoint = Math.floor(from / CHECKPOINT)
    const scanner = new JsonScanner(this.src, this.offsets.get(checkpoint), this.depths.get(checkpoint))
    for (let skip = checkpoint * CHECKPOINT; skip < from; skip++) scanner.next(null)
    const sink = new ByteSink(LINE_LIMIT)
    const out: string[] = []
    for (let line = from; line < end; line++) {
      sink.reset()
      scanner.next(sink)
      const text = this.decoder.decode(sink.bytes())
      out.push(sink.truncated > 0 ? text + truncatedMarker(sink.truncated) : text)
    }
    return out
  }

  search(needle: Uint8Array, max: number): { lines: number[]; total: number } {
    const atom = longestAtom(needle)
    return atom.length > 0 && this.complete ? this.searchNear(atom, needle, max) : this.searchAll(needle, max)
  }

  /** Formats every line and looks in each. */
  private searchAll(needle: Uint8Array, max: number): { lines: number[]; total: number } {
    const scanner = new JsonScanner(this.src)
    // The whole line, not a display cut: a match past LINE_LIMIT still counts.
    const sink = new ByteSink(Number.MAX_SAFE_INTEGER)
    const lines: number[] = []
    let total = 0
    for (let line = 0; ; line++) {
      sink.reset()
      if (!scanner.next(sink)) break
      if (containsFolded(sink.bytes(), needle)) {
        total++
        if (lines.length < max) lines.push(line)
      }
    }
    return { lines, total }
  }

  /**
   * Formats only the lines where `atom` occurs in the raw body (see `longestAtom`): from the
   * checkpoint before each place, or on from the line before when that is nearer. The same
   * answer as `searchAll`, without formatting the whole body for a rare term.
   */
  private searchNear(atom: Uint8Array, needle: Uint8Array, max: number): { lines: number[]; total: number } {
    const sink = new ByteSink(Number.MAX_SAFE_INTEGER)
    const lines: number[] = []
    let total = 0
    let scanner: JsonScanner | null = null
    /** The next line `scanner` emits. */
    let line = 0
    for (let at = indexOfFolded(this.src, atom, 0); at !== -1;) {
      const checkpoint = this.checkpointBefore(at)
      if (!scanner || checkpoint * CHECKPOINT > line) {
        scanner = new JsonScanner(this.src, this.offsets.get(checkpoint), this.depths.get(checkpoint))
        line = checkpoint * CHECKPOINT
      }
      // Lines cover the body without gaps: the one that ends past `at` holds it.
      do {
        sink.reset()
        if (!scanner.next(sink)) return { lines, total }
        line++
      } while (scanner.offset <= at)
      if (containsFolded(sink.bytes(), needle)) {
        total++
        if (lines.length < max) lines.push(line - 1)
      }
      at = indexOfFolded(this.src, atom, scanner.offset)
    }
    return { lines, total }
  }

  /** The last checkpoint whose line starts at or before `offset`. */
  private checkpointBefore(offset: number): number {
    let low = 0
    let high = this.offsets.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (this.offsets.get(mid) <= offset) low = mid
      else high = mid - 1
    }
    return low
  }
}

/** A body as it is, line by line (Raw, Text and formats Sendbox does not re-indent). */
import { containsFolded, indexOfFolded, U32List } from './bytes.ts'
import { LINE_LIMIT, truncatedMarker, type LineDocument } from './lines.ts'

const NEWLINE = 10

export class TextLines implements LineDocument {
  count = 0
  complete = false
  /** Start offset of every line found so far. */
  private readonly starts = new U32List()
  private scanned = 0
  private readonly decoder = new TextDecoder()

  /** `final`: `src` is the whole body; otherwise more follows through `grow`. */
  constructor(
    private src: Uint8Array,
    private final = true,
  ) {
    this.starts.push(0)
  }

  grow(src: Uint8Array, final: boolean): void {
    this.src = src
    this.final = final
  }

  advance(budget: number): boolean {
    if (this.complete) return true
    const src = this.src
    const stop = Math.min(src.length, this.scanned + budget)
    let at = this.scanned
    while (at < stop) {
      const found = src.indexOf(NEWLINE, at)
      if (found === -1 || found >= stop) {
        at = stop
        break
      }
      this.starts.push(found + 1)
      at = found + 1
    }
    this.scanned = at
    if (at >= src.length && this.final) {
      this.complete = true
      // A final newline does not open an empty last line, except for an empty body.
      const last = this.starts.get(this.starts.length - 1)
      this.count = last >= src.length && this.starts.length > 1 ? this.starts.length - 1 : this.starts.length
    } else {
      this.count = this.starts.length - 1
    }
    return this.complete
  }

  private range(line: number): [number, number] {
    const start = this.starts.get(line)
    let end = line + 1 < this.starts.length ? this.starts.get(line + 1) - 1 : this.src.length
    if (end > start && this.src[end - 1] === 13) end--
    return [start, Math.max(start, end)]
  }

  lines(from: number, count: number): string[] {
    const out: string[] = []
    for (let line = from; line < Math.min(from + count, this.count); line++) {
      const [start, end] = this.range(line)
      const shown = Math.min(end, start + LINE_LIMIT)
      const text = this.decoder.decode(this.src.subarray(start, shown))
      out.push(shown < end ? text + truncatedMarker(end - shown) : text)
    }
    return out
  }

  search(needle: Uint8Array, max: number): { lines: number[]; total: number } {
    const lines: number[] = []
    let total = 0
    // One pass of the native byte search over the body; a hit names its line, then the search
    // goes on from the next line. A needle from the search box has no line break.
    const oneLine = !needle.includes(NEWLINE) && !needle.includes(13)
    for (let at = oneLine ? indexOfFolded(this.src, needle, 0) : -1; at !== -1;) {
      const line = this.lineAt(at)
      if (line >= this.count) break
      const [, end] = this.range(line)
      if (at + needle.length <= end) {
        total++
        if (lines.length < max) lines.push(line)
      }
      if (line + 1 >= this.count) break
      at = indexOfFolded(this.src, needle, this.starts.get(line + 1))
    }
    if (oneLine) return { lines, total }
    for (let line = 0; line < this.count; line++) {
      const [start, end] = this.range(line)
      if (containsFolded(this.src.subarray(start, end), needle)) {
        total++
        if (lines.length < max) lines.push(line)
      }
    }
    return { lines, total }
  }

  /** The line whose start is the last at or before `offset`. */
  private lineAt(offset: number): number {
    let low = 0
    let high = this.starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (this.starts.get(mid) <= offset) low = mid
      else high = mid - 1
    }
    return low
  }
}

/** 16 bytes a line: offset, hex pairs, printable ASCII. */
export class HexLines implements LineDocument {
  count = 0
  complete = false
  constructor(
    private src: Uint8Array,
    final = true,
  ) {
    this.grow(src, final)
  }
  grow(src: Uint8Array, final: boolean): void {
    this.src = src
    this.complete = final
    // A line of fewer than 16 bytes is the last one only when nothing more comes.
    this.count = final ? Math.ceil(src.length / 16) : Math.floor(src.length / 16)
  }
  advance(): boolean {
    return this.complete
  }
  lines(from: number, count: number): string[] {
    const out: string[] = []
    for (let line = from; line < Math.min(from + count, this.count); line++) out.push(hexLine(this.src, line))
    return out
  }
  search(needle: Uint8Array, max: number): { lines: number[]; total: number } {
    const lines: number[] = []
    let total = 0
    for (let line = 0; line < this.count; line++) {
      if (containsFolded(new TextEncoder().encode(hexLine(this.src, line)), needle)) {
        total++
        if (lines.length < max) lines.push(line)
      }
    }
    return { lines, total }
  }
}

export function hexLine(src: Uint8Array, line: number): string {
  const start = line * 16
  const bytes = src.subarray(start, start + 16)
  let hex = ''
  let ascii = ''
  for (let i = 0; i < 16; i++) {
    const byte = bytes[i]
    hex += byte === undefined ? '   ' : byte.toString(16).padStart(2, '0') + ' '
    if (i === 7) hex += ' '
    if (byte !== undefined) ascii += byte >= 32 && byte < 127 ? String.fromCharCode(byte) : '.'
  }
  return `${start.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`
}

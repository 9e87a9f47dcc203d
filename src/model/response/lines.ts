/**
 * What the body view reads from: a document of numbered lines, built incrementally so the first
 * screen shows while a 100 MB body is still being indexed (ARCHITECTURE: heavy work runs in the
 * viewer's worker; these classes are pure and run there or in Node tests).
 */

export interface LineDocument {
  /** Lines indexed so far. */
  readonly count: number
  /** True once the whole body has been indexed. */
  readonly complete: boolean
  /**
   * The body has grown: `src` starts with the bytes seen so far; `final` when it is the whole
   * body. Lines already counted never change.
   */
  grow(src: Uint8Array, final: boolean): void
  /** Indexes about `budget` more bytes; returns `complete` (never before the final `grow`). */
  advance(budget: number): boolean
  /** Lines [from, from + count) as display text; long lines are cut (see `LINE_LIMIT`). */
  lines(from: number, count: number): string[]
  /** Line numbers whose text contains `needle` (lower-cased with `foldNeedle`), at most `max`. */
  search(needle: Uint8Array, max: number): { lines: number[]; total: number }
}

/** Characters shown of one line; the rest is counted in a marker so the view never stalls. */
export const LINE_LIMIT = 10_000

export const truncatedMarker = (hidden: number): string => ` … (${hidden} more bytes)`

/**
 * Applying a typed change to a Y.Text as the smallest edit, so that concurrent edits of one field
 * merge character by character instead of one whole value replacing the other.
 *
 * A change is one hunk: the common prefix and suffix stay, the middle is replaced. With the text
 * a draft started from (`base`), `mergeText` applies the draft's hunk on top of what the document
 * holds now: the other person's changes since `base` stay, and both people's characters survive
 * even when their hunks overlap (the draft's inserted text goes right beside theirs).
 */
import type * as Y from 'yjs'

export interface Hunk {
  /** Where the change starts, in the old text. */
  start: number
  /** Where it ends, in the old text (exclusive). */
  end: number
  /** What replaces `old.slice(start, end)`. */
  insert: string
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff

/** The single hunk turning `from` into `to` (prefix and suffix kept; never splits a surrogate pair). */
export function hunk(from: string, to: string): Hunk {
  const max = Math.min(from.length, to.length)
  let prefix = 0
  while (prefix < max && from.charCodeAt(prefix) === to.charCodeAt(prefix)) prefix++
  if (prefix > 0 && isHigh(from.charCodeAt(prefix - 1))) prefix--
  let suffix = 0
  while (
    suffix < max - prefix &&
    from.charCodeAt(from.length - 1 - suffix) === to.charCodeAt(to.length - 1 - suffix)
  )
    suffix++
  if (suffix > 0 && isLow(from.charCodeAt(from.length - suffix))) suffix--
  return { start: prefix, end: from.length - suffix, insert: to.slice(prefix, to.length - suffix) }
}

function apply(text: Y.Text, at: number, remove: number, insert: string): void {
  if (remove > 0) text.delete(at, remove)
  if (insert) text.insert(at, insert)
}

/** Makes `text` read `to` with the smallest edit. */
export function setText(text: Y.Text, to: string): void {
  const current = text.toString()
  if (current === to) return
  const change = hunk(current, to)
  apply(text, change.start, change.end - change.start, change.insert)
}

/**
 * A 3-way merge: `mine` was edited from `base`; the Y.Text may have moved on from `base` since.
 * The result keeps the changes of both (see the file comment for overlapping ones).
 */
export function mergeText(text: Y.Text, base: string, mine: string): void {
  if (mine === base) return
  const theirs = text.toString()
  if (theirs === base || theirs === mine) return setText(text, mine)
  const m = hunk(base, mine)
  const t = hunk(base, theirs)
  if (m.start === t.start && m.end === t.end && m.insert === t.insert) return
  const shift = t.insert.length - (t.end - t.start)
  if (m.end <= t.start) {
    // Entirely before their change.
    apply(text, m.start, m.end - m.start, m.insert)
  } else if (m.start >= t.end) {
    // Entirely after it.
    apply(text, m.start + shift, m.end - m.start, m.insert)
  } else {
    // Overlapping: delete what I deleted that is still there, put my text beside theirs.
    if (m.end > t.end) text.delete(t.end + shift, m.end - t.end)
    if (m.start < t.start) apply(text, m.start, t.start - m.start, m.insert)
    else if (m.insert) text.insert(t.start + t.insert.length, m.insert)
  }
}

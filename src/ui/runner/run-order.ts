/**
 * The runner's request list: which requests run and in which order. Pure, so the drag-and-drop
 * and keyboard moves are unit-tested without a browser.
 */
import type { Id } from '../../model/types.ts'

export interface OrderEntry {
  id: Id
  included: boolean
}

/** Moves the entry at `from` so that it ends at index `to` (clamped to the list). */
export function moveEntry<T>(entries: readonly T[], from: number, to: number): T[] {
  const next = entries.slice()
  if (from < 0 || from >= next.length) return next
  const [moving] = next.splice(from, 1)
  const at = Math.max(0, Math.min(next.length, to))
  next.splice(at, 0, moving!)
  return next
}

/** Where a dragged row lands when dropped on `over`, above (false) or below (true) its middle. */
export function dropIndex(from: number, over: number, after: boolean): number {
  const target = after ? over + 1 : over
  return target > from ? target - 1 : target
}

/** The index a key moves the focused row to (Alt+Arrow keys, Alt+Home/End), or null for another key. */
export function keyMove(key: string, alt: boolean, index: number, length: number): number | null {
  if (!alt) return null
  if (key === 'ArrowUp') return Math.max(0, index - 1)
  if (key === 'ArrowDown') return Math.min(length - 1, index + 1)
  if (key === 'Home') return 0
  if (key === 'End') return length - 1
  return null
}

/**
 * The order kept from earlier choices, fitted to the requests the collection holds now: gone ones
 * dropped, new ones appended (included) in the collection's order.
 */
export function fitOrder(previous: readonly OrderEntry[], current: readonly Id[]): OrderEntry[] {
  const present = new Set(current)
  const kept = previous.filter((entry) => present.has(entry.id))
  const known = new Set(kept.map((entry) => entry.id))
  return [...kept, ...current.filter((id) => !known.has(id)).map((id) => ({ id, included: true }))]
}

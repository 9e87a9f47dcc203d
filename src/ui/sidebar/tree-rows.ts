/**
 * Plain logic of the sidebar tree over the data layer's flat rows: the window of rows to render,
 * and turning a drag-and-drop gesture into a move. No DOM; unit-tested.
 */
import type { ItemType, MoveTarget, TreeRow } from '../../model/workspace/api.ts'

/** Each row's position among its siblings (rows of one parent are listed in order). */
export function siblingIndexes(rows: readonly TreeRow[]): number[] {
  const counters = new Map<string, number>()
  return rows.map((row) => {
    const key = row.parentId ?? ''
    const index = counters.get(key) ?? 0
    counters.set(key, index + 1)
    return index
  })
}

/** Whether the row at `pos` lies in the subtree of the row at `ancestorPos` (or is it). */
export function inSubtree(rows: readonly TreeRow[], ancestorPos: number, pos: number): boolean {
  if (pos < ancestorPos) return false
  const depth = rows[ancestorPos]?.depth ?? 0
  for (let i = ancestorPos + 1; i <= pos; i++) if ((rows[i]?.depth ?? 0) <= depth) return false
  return true
}

/**
 * Rows rendered beyond each edge: every one is work (script, layout, paint) in a frame that scrolls
 * past the whole pool, which a fast wheel does every frame; one row keeps the next row for the
 * keyboard in the DOM.
 */
export const OVERSCAN = 1

/** The window of rows to render for a scroll position, with overscan on both sides. */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan = OVERSCAN,
): { start: number; end: number } {
  const first = Math.floor(scrollTop / rowHeight)
  const count = Math.ceil(viewportHeight / rowHeight)
  return { start: Math.max(0, first - overscan), end: Math.min(total, first + count + overscan) }
}

/** How many row elements the sidebar keeps: the longest window `visibleRange` returns. */
export function poolSize(viewportHeight: number, rowHeight: number, overscan = OVERSCAN): number {
  return Math.ceil(viewportHeight / rowHeight) + 2 * overscan
}

/**
 * The row position a pooled element shows, or -1 when the window needs fewer elements. Each
 * element keeps the positions congruent to it modulo the pool size, so scrolling by d rows
 * gives new rows to d elements only; the others keep their row and their place in the list,
 * and the browser scrolls them without repainting.
 */
export function slotPosition(slot: number, range: { start: number; end: number }, pool: number): number {
  const pos = range.start + ((((slot - range.start) % pool) + pool) % pool)
  return pos < range.end ? pos : -1
}

/** Where a pointer over a row drops: before it, after it, or inside (containers only). */
export type DropPosition = 'before' | 'after' | 'inside'

export function dropPositionAt(offsetY: number, rowHeight: number, type: ItemType): DropPosition {
  const ratio = offsetY / rowHeight
  if (type === 'request') return ratio < 0.5 ? 'before' : 'after'
  if (ratio < 0.25) return 'before'
  if (ratio > 0.75) return 'after'
  return 'inside'
}

/**
 * The move a drop makes, or null when it is not allowed. Collections reorder only among
 * collections; nothing moves into itself or below itself. `index` counts positions in the parent
 * after the dragged item has left it; without an index the item goes last.
 */
export function dropTarget(
  rows: readonly TreeRow[],
  fromPos: number,
  overPos: number,
  position: DropPosition,
): MoveTarget | null {
  const dragged = rows[fromPos]
  const over = rows[overPos]
  if (!dragged || !over || fromPos === overPos) return null
  const indexes = siblingIndexes(rows)
  const overIndex = indexes[overPos] ?? 0
  const fromIndex = indexes[fromPos] ?? 0
  const place = (parentId: string | null) => {
    let index = position === 'before' ? overIndex : overIndex + 1
    if (dragged.parentId === parentId && fromIndex < index) index -= 1
    return index
  }
  if (dragged.type === 'collection') {
    if (over.type !== 'collection' || position === 'inside') return null
    return { parentId: '', index: place(null) }
  }
  if (inSubtree(rows, fromPos, overPos)) return null
  if (position === 'inside') return over.type === 'request' ? null : { parentId: over.id }
  // Next to a collection means into it: first when above its row, last when below.
  if (over.parentId === null)
    return position === 'before' ? { parentId: over.id, index: 0 } : { parentId: over.id }
  return { parentId: over.parentId, index: place(over.parentId) }
}

import { describe, expect, it } from 'vitest'
import type { TreeRow } from '../../model/workspace/api.ts'
import {
  dropPositionAt,
  dropTarget,
  inSubtree,
  poolSize,
  siblingIndexes,
  slotPosition,
  visibleRange,
} from './tree-rows.ts'

const row = (id: string, type: TreeRow['type'], depth: number, parentId: string | null): TreeRow => ({
  id,
  type,
  name: id,
  depth,
  parentId,
  hasChildren: type !== 'request',
  expanded: type !== 'request',
})
// c1 { f1 { r1, r2 }, r3, r4 }, c2 {}
const rows: TreeRow[] = [
  row('c1', 'collection', 0, null),
  row('f1', 'folder', 1, 'c1'),
  row('r1', 'request', 2, 'f1'),
  row('r2', 'request', 2, 'f1'),
  row('r3', 'request', 1, 'c1'),
  row('r4', 'request', 1, 'c1'),
  row('c2', 'collection', 0, null),
]
const at = (id: string) => rows.findIndex((r) => r.id === id)
const drop = (from: string, over: string, position: 'before' | 'after' | 'inside') =>
  dropTarget(rows, at(from), at(over), position)

describe('rows', () => {
  it('numbers siblings per parent', () => {
    expect(siblingIndexes(rows)).toEqual([0, 0, 0, 1, 1, 2, 1])
  })
  it('knows subtrees from depth', () => {
    expect(inSubtree(rows, at('f1'), at('r2'))).toBe(true)
    expect(inSubtree(rows, at('f1'), at('r3'))).toBe(false)
    expect(inSubtree(rows, at('c1'), at('r4'))).toBe(true)
    expect(inSubtree(rows, at('c1'), at('c2'))).toBe(false)
    expect(inSubtree(rows, at('r3'), at('r1'))).toBe(false)
  })
})

describe('visibleRange', () => {
  it('covers the viewport plus overscan, clamped to the list', () => {
    expect(visibleRange(0, 100, 20, 1000, 2)).toEqual({ start: 0, end: 7 })
    expect(visibleRange(2000, 100, 20, 1000, 2)).toEqual({ start: 98, end: 107 })
    expect(visibleRange(19_990, 100, 20, 1000, 2)).toEqual({ start: 997, end: 1000 })
  })
})

describe('dropPositionAt', () => {
  it('splits requests in halves and containers in before/inside/after bands', () => {
    expect(dropPositionAt(5, 40, 'request')).toBe('before')
    expect(dropPositionAt(30, 40, 'request')).toBe('after')
    expect(dropPositionAt(5, 40, 'folder')).toBe('before')
    expect(dropPositionAt(20, 40, 'folder')).toBe('inside')
    expect(dropPositionAt(35, 40, 'collection')).toBe('after')
  })
})

describe('dropTarget', () => {
  it('reorders within the same parent, counting without the dragged item', () => {
    expect(drop('r3', 'r4', 'after')).toEqual({ parentId: 'c1', index: 2 })
    expect(drop('r4', 'f1', 'before')).toEqual({ parentId: 'c1', index: 0 })
    expect(drop('r1', 'r2', 'after')).toEqual({ parentId: 'f1', index: 1 })
    expect(drop('r4', 'r3', 'before')).toEqual({ parentId: 'c1', index: 1 })
  })
  it('moves into another parent', () => {
    expect(drop('r3', 'r1', 'after')).toEqual({ parentId: 'f1', index: 1 })
    expect(drop('r3', 'f1', 'inside')).toEqual({ parentId: 'f1' })
    expect(drop('r1', 'c2', 'inside')).toEqual({ parentId: 'c2' })
  })
  it('drops next to a collection into that collection', () => {
    expect(drop('r1', 'c2', 'before')).toEqual({ parentId: 'c2', index: 0 })
    expect(drop('r1', 'c2', 'after')).toEqual({ parentId: 'c2' })
  })
  it('refuses moves into itself, below itself or into a request', () => {
    expect(drop('f1', 'r1', 'after')).toBeNull()
    expect(drop('f1', 'f1', 'inside')).toBeNull()
    expect(drop('r3', 'r4', 'inside')).toBeNull()
  })
  it('reorders collections only among collections', () => {
    expect(drop('c2', 'c1', 'before')).toEqual({ parentId: '', index: 0 })
    expect(drop('c1', 'c2', 'after')).toEqual({ parentId: '', index: 1 })
    expect(drop('c1', 'f1', 'before')).toBeNull()
    expect(drop('c1', 'c2', 'inside')).toBeNull()
  })
})

describe('row pool', () => {
  const pool = poolSize(800, 40)
  const positions = (scrollTop: number) => {
    const range = visibleRange(scrollTop, 800, 40, 10_000)
    return { range, slots: Array.from({ length: pool }, (_, slot) => slotPosition(slot, range, pool)) }
  }

  it('shows every row of the window in exactly one element', () => {
    for (const scrollTop of [0, 20, 400, 1234, 399_000, 400_000]) {
      const { range, slots } = positions(scrollTop)
      const shown = slots.filter((pos) => pos >= 0).sort((a, b) => a - b)
      expect(shown).toEqual(Array.from({ length: range.end - range.start }, (_, i) => range.start + i))
    }
  })

  it('gives new rows only to as many elements as rows scrolled by', () => {
    for (const rowsScrolled of [1, 3, 10]) {
      const before = positions(4000).slots
      const after = positions(4000 + rowsScrolled * 40).slots
      expect(before.filter((pos, slot) => after[slot] !== pos)).toHaveLength(rowsScrolled)
    }
  })
})

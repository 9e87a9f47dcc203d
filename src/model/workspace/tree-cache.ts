/**
 * One `TreeIndex` per doc, kept up to date transaction by transaction: creating, moving or
 * deleting a request patches it in O(1), so the sidebar re-reads rows after each action without
 * rescanning the 10,000 items of a large workspace (see `TreeIndex.patch`).
 */
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import { TreeIndex } from './tree-index.ts'
import { DELETED_KEY, roots } from './workspace-doc.ts'

const cached = new WeakMap<Y.Doc, TreeIndex>()

const STRUCTURE_KEYS = new Set(['parentId', 'collectionId', DELETED_KEY])

/**
 * The doc's index. Patched before any observer runs, so a `subscribe` callback reads the new
 * tree. Inside a transaction that has already changed something the state moves under the
 * reader, so it gets a fresh index; before the first write the kept one is still exact.
 */
export function treeIndex(doc: Y.Doc): TreeIndex {
  const transaction = doc._transaction
  if (transaction !== null && (transaction.changed.size > 0 || transaction.deleteSet.clients.size > 0)) {
    return new TreeIndex(doc)
  }
  let index = cached.get(doc)
  if (!index) {
    index = new TreeIndex(doc)
    cached.set(doc, index)
    doc.on('beforeObserverCalls', (done: Y.Transaction) => {
      if (done.changed.size > 0) patchIndex(doc, index!, done)
    })
  }
  return index
}

function patchIndex(doc: Y.Doc, index: TreeIndex, transaction: Y.Transaction): void {
  const r = roots(doc)
  const [collections, folders, requests]: unknown[] = [r.collections, r.folders, r.requests]
  const items = new Set<Id>()
  let containersChanged = false
  for (const [type, keys] of transaction.changed) {
    if (type === collections) {
      containersChanged = true
    } else if (type === folders || type === requests) {
      if (type === folders) containersChanged = true
      for (const key of keys) if (key !== null) items.add(key)
    } else if (type instanceof Y.Map) {
      const item = type._item
      const parent = item?.parent
      if (item && parent === collections && keys.has(DELETED_KEY)) containersChanged = true
      if (!item || (parent !== folders && parent !== requests)) continue
      if (![...keys].some((key) => key !== null && STRUCTURE_KEYS.has(key))) continue
      if (parent === folders) containersChanged = true
      items.add(item.parentSub!)
    }
  }
  if (items.size > 0 || containersChanged) index.patch(items, containersChanged)
}

/**
 * The tree as every peer agrees to read it, whatever concurrent moves left behind:
 * - an item's parent is its `parentId`, when that parent exists;
 * - a parent's children are its `children` array filtered to items that name it as parent,
 *   without duplicates, followed by items that name it but are missing from the array (by id);
 * - a folder cycle (two peers moved two folders into each other) is broken at the folder with
 *   the smallest id, which goes to the root of its `collectionId`;
 * - an item whose parent was deleted while another peer moved it there or created it there
 *   goes to the root of its `collectionId` rather than vanish; gone with its collection.
 * The rules read only converged state, so two docs with the same state show the same tree.
 */
import type * as Y from 'yjs'
import type { Id } from '../types.ts'
import { describeChange } from './observe.ts'
import { childrenArray, roots, type WorkspaceRoots } from './workspace-doc.ts'

const cached = new WeakMap<Y.Doc, TreeIndex>()
const watched = new WeakSet<Y.Doc>()

/**
 * The doc's index, kept until a transaction changes the tree's shape: edits of names, URLs or
 * bodies leave it valid, so the sidebar re-reads rows without rescanning every item. Dropped
 * before any observer runs, so a `subscribe` callback reads the new tree. Inside a transaction
 * the state moves under the reader, so it gets a fresh index.
 */
export function treeIndex(doc: Y.Doc): TreeIndex {
  if (doc._transaction !== null) return new TreeIndex(doc)
  if (!watched.has(doc)) {
    watched.add(doc)
    doc.on('beforeObserverCalls', (transaction: Y.Transaction) => {
      if (transaction.changed.size > 0 && describeChange(doc, transaction).structure) cached.delete(doc)
    })
  }
  let index = cached.get(doc)
  if (!index) {
    index = new TreeIndex(doc)
    cached.set(doc, index)
  }
  return index
}

export class TreeIndex {
  private readonly r: WorkspaceRoots
  private readonly parents = new Map<Id, Id | null>()
  private grouped: Map<Id, Id[]> | undefined

  constructor(doc: Y.Doc) {
    this.r = roots(doc)
  }

  isContainer(id: Id): boolean {
    return this.r.collections.has(id) || this.r.folders.has(id)
  }

  /** The effective parent of a folder or request; null when it has none in the tree. */
  parentOf(id: Id): Id | null {
    const cached = this.parents.get(id)
    if (cached !== undefined) return cached
    const parent = this.resolveParent(id)
    this.parents.set(id, parent)
    return parent
  }

  private resolveParent(id: Id): Id | null {
    const entity = this.r.requests.get(id) ?? this.r.folders.get(id)
    if (!entity) return null
    const parentId = entity.get('parentId') as Id
    const home = entity.get('collectionId') as Id | undefined
    const fallback = home !== undefined && this.r.collections.has(home) ? home : null
    if (this.r.collections.has(parentId)) return parentId
    if (!this.r.folders.has(parentId)) return fallback
    if (this.r.requests.has(id)) return parentId
    const cycle = this.cycleThrough(id)
    if (cycle && id === cycle.reduce((a, b) => (b < a ? b : a))) return fallback
    return parentId
  }

  /** The folders of the cycle through `id` by raw parentId, or undefined when there is none. */
  private cycleThrough(id: Id): Id[] | undefined {
    const path: Id[] = []
    const seen = new Set<Id>()
    let current: Id | undefined = id
    while (current !== undefined && this.r.folders.has(current)) {
      if (seen.has(current)) return current === id ? path : undefined
      seen.add(current)
      path.push(current)
      current = this.r.folders.get(current)!.get('parentId') as Id
    }
    return undefined
  }

  /** The collection an item belongs to, or undefined when it is unreachable. */
  collectionOf(id: Id): Id | undefined {
    if (this.r.collections.has(id)) return id
    let current: Id | null = this.parentOf(id)
    for (let guard = 0; current !== null; guard++) {
      if (this.r.collections.has(current)) return current
      if (guard > this.r.folders.size) return undefined
      current = this.parentOf(current)
    }
    return undefined
  }

  /** Folder ids from the item's parent up to (not including) its collection. */
  folderChain(id: Id): Id[] {
    const chain: Id[] = []
    let current = this.parentOf(id)
    while (current !== null && this.r.folders.has(current) && chain.length <= this.r.folders.size) {
      chain.push(current)
      current = this.parentOf(current)
    }
    return chain
  }

  /** Whether `id` is `ancestorId` or lies below it. */
  isWithin(id: Id, ancestorId: Id): boolean {
    if (id === ancestorId) return true
    return this.folderChain(id).includes(ancestorId) || this.parentOf(id) === ancestorId
  }

  /**
   * The children listed in the parent's array, as read: cheap, since it skips the scan for
   * items missing from the array (which only concurrent moves leave, and which read last).
   */
  listedChildrenOf(parentId: Id): Id[] {
    const entity = this.r.collections.get(parentId) ?? this.r.folders.get(parentId)
    const listed: Id[] = []
    const placed = new Set<Id>()
    for (const childId of entity ? (childrenArray(entity)?.toArray() ?? []) : []) {
      if (!placed.has(childId) && this.parentOf(childId) === parentId) {
        placed.add(childId)
        listed.push(childId)
      }
    }
    return listed
  }

  childrenOf(parentId: Id): Id[] {
    const claimed = this.group().get(parentId)
    if (!claimed || claimed.length === 0) return []
    const claimedSet = new Set(claimed)
    const entity = this.r.collections.get(parentId) ?? this.r.folders.get(parentId)
    const ordered: Id[] = []
    const placed = new Set<Id>()
    for (const childId of entity ? (childrenArray(entity)?.toArray() ?? []) : []) {
      if (claimedSet.has(childId) && !placed.has(childId)) {
        placed.add(childId)
        ordered.push(childId)
      }
    }
    if (placed.size < claimed.length) {
      ordered.push(...claimed.filter((childId) => !placed.has(childId)).sort())
    }
    return ordered
  }

  /** Every folder and request grouped by effective parent: one pass over the doc. */
  private group(): Map<Id, Id[]> {
    if (this.grouped) return this.grouped
    const grouped = new Map<Id, Id[]>()
    const add = (id: Id, parent: Id | null) => {
      if (parent === null) return
      const list = grouped.get(parent)
      if (list) list.push(id)
      else grouped.set(parent, [id])
    }
    this.r.folders.forEach((_folder, id) => add(id, this.parentOf(id)))
    // The hot loop at 10k requests: resolve inline, without a second lookup or the cache.
    const { collections, folders } = this.r
    this.r.requests.forEach((request, id) => {
      const parentId = request.get('parentId') as Id
      if (folders.has(parentId) || collections.has(parentId)) add(id, parentId)
      else add(id, this.parentOf(id))
    })
    this.grouped = grouped
    return grouped
  }

  /**
   * Folders whose effective parent is not their stored one (a broken cycle, a vanished
   * parent), with the parent they are shown under.
   */
  displacedFolders(): [Id, Id][] {
    const displaced: [Id, Id][] = []
    for (const [id, folder] of this.r.folders) {
      const parent = this.parentOf(id)
      if (parent !== null && parent !== folder.get('parentId')) displaced.push([id, parent])
    }
    return displaced
  }

  /** Every descendant of a container (folders and requests), depth first. */
  descendantsOf(parentId: Id): Id[] {
    const result: Id[] = []
    const seen = new Set<Id>([parentId])
    const visit = (id: Id) => {
      for (const childId of this.childrenOf(id)) {
        if (seen.has(childId)) continue
        seen.add(childId)
        result.push(childId)
        if (this.r.folders.has(childId)) visit(childId)
      }
    }
    visit(parentId)
    return result
  }
}

/** Ids of an order array that still exist, without duplicates, then the missing ones by id. */
export function orderedIds(
  order: Y.Array<Id>,
  existing: { has(id: Id): boolean; keys(): Iterable<Id>; size: number },
): Id[] {
  const ordered: Id[] = []
  const placed = new Set<Id>()
  for (const id of order.toArray()) {
    if (existing.has(id) && !placed.has(id)) {
      placed.add(id)
      ordered.push(id)
    }
  }
  if (placed.size < existing.size) {
    ordered.push(...[...existing.keys()].filter((id) => !placed.has(id)).sort())
  }
  return ordered
}

/**
 * The tree as every peer agrees to read it, whatever concurrent moves left behind:
 * - an item's parent is its `parentId`, when that parent exists;
 * - a parent's children are its `children` array filtered to items that name it as parent,
 *   without duplicates, followed by items that name it but are missing from the array (by id);
 * - a folder cycle (two peers moved two folders into each other) is broken at the folder with
 *   the smallest id, which goes to the root of its `collectionId`;
 * - an item whose parent was deleted while another peer moved it there or created it there
 *   goes to the root of its `collectionId` rather than vanish; gone with its collection.
 * - a soft-deleted item (`deleted` marker) is read as absent.
 * The rules read only converged state, so two docs with the same state show the same tree.
 */
import type * as Y from 'yjs'
import type { Id } from '../types.ts'
import { childrenArray, isLive, live, roots, type WorkspaceRoots } from './workspace-doc.ts'

/** How often an index listed every folder and request of a doc; read by tests and benchmarks. */
export const indexStats = { fullScans: 0 }

interface RawIndex {
  parentOf: Map<Id, Id>
  kids: Map<Id, Set<Id>>
}

export class TreeIndex {
  private readonly r: WorkspaceRoots
  /** Effective parents, resolved on demand. */
  private readonly parents = new Map<Id, Id | null>()
  /** Stored `parentId` of every folder and request, and the reverse: built once, then patched. */
  private raw: RawIndex | undefined
  /** Items shown under a parent other than their stored one (vanished parent, broken cycle). */
  private displaced: Map<Id, Id[]> | undefined

  constructor(doc: Y.Doc) {
    this.r = roots(doc)
  }

  isContainer(id: Id): boolean {
    return isLive(this.r.collections, id) || isLive(this.r.folders, id)
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
    const entity = live(this.r.requests.get(id)) ?? live(this.r.folders.get(id))
    if (!entity) return null
    const parentId = entity.get('parentId') as Id
    const home = entity.get('collectionId') as Id | undefined
    const fallback = home !== undefined && isLive(this.r.collections, home) ? home : null
    if (isLive(this.r.collections, parentId)) return parentId
    if (!isLive(this.r.folders, parentId)) return fallback
    if (isLive(this.r.requests, id)) return parentId
    const cycle = this.cycleThrough(id)
    if (cycle && id === cycle.reduce((a, b) => (b < a ? b : a))) return fallback
    return parentId
  }

  /** The folders of the cycle through `id` by raw parentId, or undefined when there is none. */
  private cycleThrough(id: Id): Id[] | undefined {
    const path: Id[] = []
    const seen = new Set<Id>()
    let current: Id | undefined = id
    while (current !== undefined && isLive(this.r.folders, current)) {
      if (seen.has(current)) return current === id ? path : undefined
      seen.add(current)
      path.push(current)
      current = this.r.folders.get(current)!.get('parentId') as Id
    }
    return undefined
  }

  /** The collection an item belongs to, or undefined when it is unreachable. */
  collectionOf(id: Id): Id | undefined {
    if (isLive(this.r.collections, id)) return id
    let current: Id | null = this.parentOf(id)
    for (let guard = 0; current !== null; guard++) {
      if (isLive(this.r.collections, current)) return current
      if (guard > this.r.folders.size) return undefined
      current = this.parentOf(current)
    }
    return undefined
  }

  /** Folder ids from the item's parent up to (not including) its collection. */
  folderChain(id: Id): Id[] {
    const chain: Id[] = []
    let current = this.parentOf(id)
    while (current !== null && isLive(this.r.folders, current) && chain.length <= this.r.folders.size) {
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

  /**
   * Whether the container shows any child. A child listed in its array that reads as its child
   * answers without the full scan `childrenOf` makes, so a sidebar of collapsed collections opens
   * without indexing every request; only a container without such a child is scanned.
   */
  hasChildren(parentId: Id): boolean {
    const entity = this.r.collections.get(parentId) ?? this.r.folders.get(parentId)
    const listed = entity ? childrenArray(entity) : undefined
    if (listed) for (const childId of listed) if (this.parentOf(childId) === parentId) return true
    return this.childrenOf(parentId).length > 0
  }

  childrenOf(parentId: Id): Id[] {
    const claimed: Id[] = []
    for (const childId of this.rawIndex().kids.get(parentId) ?? []) {
      if (this.parentOf(childId) === parentId) claimed.push(childId)
    }
    const moved = this.displacedGroups().get(parentId)
    if (moved) claimed.push(...moved)
    if (claimed.length === 0) return []
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
    if (placed.size < claimedSet.size) {
      ordered.push(...[...claimedSet].filter((childId) => !placed.has(childId)).sort())
    }
    return ordered
  }

  /** Folders and requests whose stored `parentId` is this id, wherever they show. */
  storedChildrenOf(parentId: Id): Id[] {
    return [...(this.rawIndex().kids.get(parentId) ?? [])]
  }

  /** Items by stored parent: one pass over the doc, the only one an index makes. */
  private rawIndex(): RawIndex {
    if (this.raw) return this.raw
    indexStats.fullScans++
    const raw: RawIndex = { parentOf: new Map(), kids: new Map() }
    for (const map of [this.r.folders, this.r.requests]) {
      map.forEach((entity, id) => {
        if (live(entity)) linkRaw(raw, id, entity.get('parentId') as Id | undefined)
      })
    }
    this.raw = raw
    return raw
  }

  /** Few in a healthy tree: items of vanished parents, and folders taken out of a cycle. */
  private displacedGroups(): Map<Id, Id[]> {
    if (this.displaced) return this.displaced
    const groups = new Map<Id, Id[]>()
    const add = (id: Id, stored: Id) => {
      const parent = this.parentOf(id)
      if (parent === null || parent === stored) return
      const list = groups.get(parent)
      if (list) list.push(id)
      else groups.set(parent, [id])
    }
    for (const [parentId, kids] of this.rawIndex().kids) {
      if (!this.isContainer(parentId)) for (const id of kids) add(id, parentId)
    }
    for (const [id, folder] of this.r.folders) {
      const stored = folder.get('parentId') as Id
      if (live(folder) && this.isContainer(stored)) add(id, stored)
    }
    this.displaced = groups
    return groups
  }

  /**
   * Brings the index up to date after a transaction, given the folders and requests whose
   * stored parent may have changed (added, deleted, moved) and whether any collection or folder
   * came, went or moved. A request costs O(1); a container change drops the resolved parents
   * (resolved again on demand) and the displaced items (O(folders) to find again).
   */
  patch(items: Iterable<Id>, containersChanged: boolean): void {
    const raw = this.raw
    let displacedStale = containersChanged
    for (const id of items) {
      this.parents.delete(id)
      if (!raw) continue
      const entity = live(this.r.requests.get(id)) ?? live(this.r.folders.get(id))
      const stored = entity?.get('parentId') as Id | undefined
      const before = raw.parentOf.get(id)
      if (before !== stored) {
        unlinkRaw(raw, id, before)
        linkRaw(raw, id, stored)
      }
      const orphan = (parentId: Id | undefined) => parentId !== undefined && !this.isContainer(parentId)
      if (orphan(before) || orphan(stored)) displacedStale = true
    }
    if (containersChanged) this.parents.clear()
    if (displacedStale) this.displaced = undefined
  }

  /**
   * Folders whose effective parent is not their stored one (a broken cycle, a vanished
   * parent), with the parent they are shown under.
   */
  displacedFolders(): [Id, Id][] {
    const displaced: [Id, Id][] = []
    for (const [id, folder] of this.r.folders) {
      if (!live(folder)) continue
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
        if (isLive(this.r.folders, childId)) visit(childId)
      }
    }
    visit(parentId)
    return result
  }
}

function linkRaw(raw: RawIndex, id: Id, parentId: Id | undefined): void {
  if (parentId === undefined) return
  raw.parentOf.set(id, parentId)
  const kids = raw.kids.get(parentId)
  if (kids) kids.add(id)
  else raw.kids.set(parentId, new Set([id]))
}

function unlinkRaw(raw: RawIndex, id: Id, parentId: Id | undefined): void {
  if (parentId === undefined) return
  raw.parentOf.delete(id)
  const kids = raw.kids.get(parentId)
  kids?.delete(id)
  if (kids?.size === 0) raw.kids.delete(parentId)
}

/** Ids of an order array that still exist, without duplicates, then the missing ones by id. */
export function orderedIds(
  order: { toArray(): Id[] },
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

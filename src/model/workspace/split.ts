/**
 * Splitting a one-doc workspace (schema 6 and before) into a root and one doc per collection
 * (docs/collection-docs.md, section 4). Two steps, so the app can store the collection docs
 * durably in between: `copyIntoCollectionDocs` (idempotent; the root keeps everything) and
 * `finishSplit` (removes the entities from the root and stamps the split schema).
 */
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import { migrate, SchemaTooNewError, schemaVersion, WORKSPACE_MIGRATIONS } from './migrations/index.ts'
import { initWorkspace } from './init.ts'
import { SCOPE_NAMES, scopeTable } from './scope-variables.ts'
import { isSplit, SPLIT_SCHEMA_VERSION, writeIndexEntry } from './collection-index.ts'
import { LOCAL_ORIGIN, roots, type EntityMap } from './workspace-doc.ts'

export interface SplitPlan {
  /** Per collection id: its folders and requests (soft-deleted ones too). */
  members: Map<Id, Id[]>
  /** Items no `parentId` chain or `collectionId` leads to a collection from: shown nowhere. */
  unreachable: Id[]
}

/**
 * Which collection each folder and request goes to: the one its `parentId` chain reaches
 * (through soft-deleted folders too); where the chain breaks (a missing parent, a cycle), the
 * item's own `collectionId`.
 */
export function planSplit(root: Y.Doc): SplitPlan {
  const { collections, folders, requests } = roots(root)
  const members = new Map<Id, Id[]>([...collections.keys()].map((id) => [id, []]))
  const home = new Map<Id, Id | null>()
  const resolve = (id: Id): Id | null => {
    const known = home.get(id)
    if (known !== undefined) return known
    const seen: Id[] = []
    let current: Id | undefined = id
    let found: Id | null = null
    while (current !== undefined) {
      if (collections.has(current)) {
        found = current
        break
      }
      const entity: EntityMap | undefined = folders.get(current) ?? requests.get(current)
      const cached = home.get(current)
      if (cached !== undefined) {
        found = cached
        break
      }
      if (!entity || seen.includes(current)) {
        // A broken chain: the item where it broke says which collection it was in.
        const origin = seen.at(-1) ?? id
        const own = (folders.get(origin) ?? requests.get(origin))?.get('collectionId') as Id | undefined
        found = own !== undefined && collections.has(own) ? own : null
        break
      }
      seen.push(current)
      current = entity.get('parentId') as Id | undefined
    }
    for (const visited of seen) home.set(visited, found)
    home.set(id, found)
    return found
  }
  const unreachable: Id[] = []
  for (const id of [...folders.keys(), ...requests.keys()]) {
    const collectionId = resolve(id)
    if (collectionId === null) unreachable.push(id)
    else members.get(collectionId)!.push(id)
  }
  return { members, unreachable }
}

/** A copy of an entity map: nested types cloned, `children` kept to the ids in `keep`. */
export function copyEntity(entity: EntityMap, keep?: ReadonlySet<Id>): EntityMap {
  const copy = new Y.Map<unknown>()
  entity.forEach((value, key) => {
    if (key === 'children' && value instanceof Y.Array) {
      const children = new Y.Array<Id>()
      const ids = (value as Y.Array<Id>).toArray().filter((id) => keep === undefined || keep.has(id))
      children.push([...new Set(ids)])
      copy.set(key, children)
    } else copy.set(key, value instanceof Y.AbstractType ? value.clone() : value)
  })
  return copy
}

/** Makes a doc a collection doc's shape: the entity schema's version stamped (migrations 1–6). */
export function initCollectionDoc(doc: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  migrate(doc, WORKSPACE_MIGRATIONS, origin)
}

/**
 * Copies every collection of a one-doc root into its collection doc (`docFor`), ids and fields
 * unchanged, and writes `collectionIndex`. An entity already in its doc is not copied again, so
 * a split interrupted before `finishSplit` runs again on the next open. Returns the collection ids.
 */
export function copyIntoCollectionDocs(
  root: Y.Doc,
  docFor: (collectionId: Id) => Y.Doc,
  origin: unknown = LOCAL_ORIGIN,
): Id[] {
  migrateRoot(root, origin)
  if (isSplit(root)) return []
  return copyMembers(root, docFor, origin)
}

/**
 * Collections that landed in a root already split (an import is applied to the root in one
 * transaction, as before): copied into docs of their own like a split's; `removeFromRoot` after.
 */
export function copyLandedCollections(
  root: Y.Doc,
  docFor: (collectionId: Id) => Y.Doc,
  origin: unknown = LOCAL_ORIGIN,
): Id[] {
  return isSplit(root) ? copyMembers(root, docFor, origin) : []
}

/**
 * The `meta` key of a collection doc holding the snapshot (`Y.encodeSnapshot`) of the root its
 * entities were copied from: what a device that split the same root offline compares its own
 * edits against (offline-replay.ts).
 */
export const SPLIT_BASE_KEY = 'splitBase'

function copyMembers(root: Y.Doc, docFor: (collectionId: Id) => Y.Doc, origin: unknown): Id[] {
  const r = roots(root)
  const { members } = planSplit(root)
  const base = Y.encodeSnapshot(Y.snapshot(root))
  for (const [collectionId, ids] of members) {
    const doc = docFor(collectionId)
    initCollectionDoc(doc, origin)
    const keep = new Set(ids)
    const target = roots(doc)
    doc.transact(() => {
      if (!target.collections.has(collectionId)) target.meta.set(SPLIT_BASE_KEY, base)
      if (!target.collections.has(collectionId))
        target.collections.set(collectionId, copyEntity(r.collections.get(collectionId)!, keep))
      for (const id of ids) {
        const folder = r.folders.get(id)
        const map = folder ? target.folders : target.requests
        if (!map.has(id)) map.set(id, copyEntity(folder ?? r.requests.get(id)!, keep))
      }
    }, origin)
  }
  root.transact(() => {
    for (const collectionId of members.keys())
      writeIndexEntry(root, collectionId, r.collections.get(collectionId)!)
  }, origin)
  return [...members.keys()]
}

/**
 * Removes the collections, folders and requests from the root and stamps the split schema. Call
 * once the collection docs `copyIntoCollectionDocs` wrote are stored.
 */
export function finishSplit(root: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  if (isSplit(root)) return
  root.transact(() => {
    removeFromRoot(root, origin)
    root.getMap('meta').set('schemaVersion', SPLIT_SCHEMA_VERSION)
  }, origin)
}

/** Removes every collection, folder and request the root holds (once they are in their docs). */
export function removeFromRoot(root: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  const r = roots(root)
  root.transact(() => {
    for (const map of [r.collections, r.folders, r.requests]) for (const id of [...map.keys()]) map.delete(id)
  }, origin)
}

/**
 * Removes from a split root the collections `copyLandedCollections` copied, with their folders
 * and requests; an item no collection of the root leads to stays (it may belong to a collection
 * whose doc holds it already, written by a peer that still keeps one doc).
 */
export function removeLanded(root: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  const r = roots(root)
  const { members } = planSplit(root)
  root.transact(() => {
    for (const [collectionId, ids] of members) {
      for (const id of ids) {
        r.folders.delete(id)
        r.requests.delete(id)
      }
      r.collections.delete(collectionId)
    }
  }, origin)
}

/** Both steps at once, for a holder that stores every doc together (the sync-server, tests). */
export function splitWorkspace(
  root: Y.Doc,
  docFor: (collectionId: Id) => Y.Doc,
  origin: unknown = LOCAL_ORIGIN,
): Id[] {
  const ids = copyIntoCollectionDocs(root, docFor, origin)
  finishSplit(root, origin)
  return ids
}

/**
 * Brings a root to the newest one-doc schema (6) if it is not split yet; a split root (7) is left
 * as it is, and one from a newer Sendbox is refused (`SchemaTooNewError`).
 */
export function migrateRoot(root: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  const version = schemaVersion(root)
  if (version > SPLIT_SCHEMA_VERSION) throw new SchemaTooNewError(version, SPLIT_SCHEMA_VERSION)
  if (version < SPLIT_SCHEMA_VERSION) initWorkspace(root, origin)
  else for (const scope of SCOPE_NAMES) scopeTable(root, scope)
}

/** Opens a root that holds no collection (a new workspace): stamped split at once. */
export function initRoot(root: Y.Doc, origin: unknown = LOCAL_ORIGIN): void {
  migrateRoot(root, origin)
  if (!isSplit(root) && roots(root).collections.size === 0) finishSplit(root, origin)
}

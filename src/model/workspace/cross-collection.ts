/**
 * Moving and copying between two collections' docs (docs/collection-docs.md, section 7). A move
 * copies the item with everything below it (soft-deleted descendants too, ids and fields
 * unchanged) into the target doc, then removes it from the source doc; the two steps are apart
 * so the app can store the target durably before the source loses the item. A copy
 * (`duplicateAcross`) is written with new ids, like `duplicateItem`.
 */
import type * as Y from 'yjs'
import { newId } from '../ids.ts'
import type { Id } from '../types.ts'
import type { Duplicated, MoveTarget } from './types.ts'
import { insertChild, removeFromArray, TreeError, writeItem } from './actions.ts'
import { reId } from './codec.ts'
import { readFolder, readRequest } from './read.ts'
import { treeIndex } from './tree-cache.ts'
import { copyEntity } from './split.ts'
import { childrenArray, isLive, LOCAL_ORIGIN, roots, type EntityMap } from './workspace-doc.ts'

/** The item and every folder and request whose stored `parentId` chain leads to it. */
export function storedSubtree(doc: Y.Doc, id: Id): Id[] {
  const { folders, requests } = roots(doc)
  const kids = new Map<Id, Id[]>()
  for (const map of [folders, requests])
    map.forEach((entity, childId) => {
      const parent = entity.get('parentId') as Id
      kids.set(parent, [...(kids.get(parent) ?? []), childId])
    })
  const found = [id]
  const seen = new Set(found)
  for (let i = 0; i < found.length; i++)
    for (const child of kids.get(found[i]!) ?? [])
      if (!seen.has(child)) {
        seen.add(child)
        found.push(child)
      }
  return found
}

function collectionOfTarget(target: Y.Doc, parentId: Id): Id {
  const collectionId = treeIndex(target).collectionOf(parentId)
  if (collectionId === undefined) throw new TreeError(`No collection or folder with id ${parentId}`)
  return collectionId
}

/** Step 1 of a move: the item and its subtree written into `target` under `to.parentId`. */
export function copyMovedInto(
  source: Y.Doc,
  target: Y.Doc,
  id: Id,
  to: MoveTarget,
  origin: unknown = LOCAL_ORIGIN,
): Id[] {
  const from = roots(source)
  const kind = isLive(from.folders, id) ? 'folders' : isLive(from.requests, id) ? 'requests' : undefined
  if (!kind) throw new TreeError(`Nothing to move with id ${id}`)
  const collectionId = collectionOfTarget(target, to.parentId)
  const ids = storedSubtree(source, id)
  const keep = new Set(ids)
  const into = roots(target)
  target.transact(() => {
    for (const itemId of ids) {
      const entity: EntityMap | undefined = from.folders.get(itemId) ?? from.requests.get(itemId)
      if (!entity) continue
      const copy = copyEntity(entity, keep)
      copy.set('collectionId', collectionId)
      if (itemId === id) copy.set('parentId', to.parentId)
      ;(from.folders.has(itemId) ? into.folders : into.requests).set(itemId, copy)
    }
    insertChild(target, to.parentId, id, to.index)
  }, origin)
  return ids
}

/** Step 2 of a move: the item and its subtree removed from `source` (they live on in the target). */
export function removeMoved(source: Y.Doc, id: Id, origin: unknown = LOCAL_ORIGIN): void {
  const from = roots(source)
  const ids = storedSubtree(source, id)
  source.transact(() => {
    const parentId = (from.folders.get(id) ?? from.requests.get(id))?.get('parentId') as Id | undefined
    for (const parent of new Set([parentId, treeIndex(source).parentOf(id)])) {
      const entity = parent ? (from.collections.get(parent) ?? from.folders.get(parent)) : undefined
      if (entity) removeFromArray(childrenArray(entity), id)
    }
    for (const itemId of ids) {
      from.folders.delete(itemId)
      from.requests.delete(itemId)
    }
  }, origin)
}

/** Both steps of a move at once (a holder storing both docs together: the sync-server, tests). */
export function moveAcross(source: Y.Doc, target: Y.Doc, id: Id, to: MoveTarget, origin?: unknown): void {
  copyMovedInto(source, target, id, to, origin)
  removeMoved(source, id, origin)
}

/** A copy of a folder or request of `source` in `target`, with new ids (`idMap` as `duplicateItem`). */
export function duplicateAcross(
  source: Y.Doc,
  target: Y.Doc,
  id: Id,
  to: MoveTarget,
  origin: unknown = LOCAL_ORIGIN,
): Duplicated {
  const original = readRequest(source, id) ?? readFolder(source, id)
  if (!original) throw new TreeError(`No folder or request with id ${id}`)
  const collectionId = collectionOfTarget(target, to.parentId)
  const idMap = new Map<Id, Id>()
  const copy = reId(original, idMap, newId)
  target.transact(() => {
    writeItem(target, copy, to.parentId, collectionId)
    insertChild(target, to.parentId, copy.id, to.index)
  }, origin)
  return { id: copy.id, idMap }
}

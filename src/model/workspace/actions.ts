/** Writes to the tree: each action is one transaction, so observers and undo see one step. */
import * as Y from 'yjs'
import { newId } from '../ids.ts'
import { makeCollection, makeFolder, makeRequest } from '../factories.ts'
import type { Auth, Collection, Folder, Id, Scripts, TreeItem } from '../types.ts'
import type { Deleted, Duplicated, MoveTarget, RequestFields } from './types.ts'
import { clone } from './clone.ts'
import { stampTime } from './clock.ts'
import { containerFields, reId, requestEntity, writeRequestFields } from './codec.ts'
import { readField, writeField } from './text-fields.ts'
import { readCollection, readFolder, readRequest } from './read.ts'
import { treeIndex } from './tree-cache.ts'
import { orderedIds, TreeIndex } from './tree-index.ts'
import { readTable } from './variable-store.ts'
import {
  childrenArray,
  DELETED_KEY,
  deletedMark,
  entityKindOf,
  isLive,
  live,
  liveView,
  makeEntity,
  roots,
  transact,
  type DeletedMark,
  type EntityMap,
} from './workspace-doc.ts'

export class TreeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TreeError'
  }
}

function container(doc: Y.Doc, id: Id): EntityMap {
  const { collections, folders } = roots(doc)
  const entity = live(collections.get(id)) ?? live(folders.get(id))
  if (!entity) throw new TreeError(`No collection or folder with id ${id}`)
  return entity
}

/** Inserts `id` so that it ends up at `position` among the parent's children as read. */
export function insertChild(doc: Y.Doc, parentId: Id, id: Id, position: number | undefined): void {
  const parent = container(doc, parentId)
  let array = childrenArray(parent)
  if (!array) {
    array = new Y.Array<Id>()
    parent.set('children', array)
  }
  if (position === undefined) {
    array.push([id])
    return
  }
  const siblings = new TreeIndex(doc).listedChildrenOf(parentId).filter((childId) => childId !== id)
  const before = siblings[Math.max(0, position)]
  const raw = before === undefined ? -1 : array.toArray().indexOf(before)
  if (raw < 0) array.push([id])
  else array.insert(raw, [id])
}

export function removeFromArray(array: Y.Array<Id> | undefined, id: Id): void {
  if (!array) return
  const items = array.toArray()
  for (let i = items.length - 1; i >= 0; i--) if (items[i] === id) array.delete(i, 1)
}

export function insertInOrder(
  order: Y.Array<Id>,
  existing: Parameters<typeof orderedIds>[1],
  id: Id,
  position?: number,
): void {
  const siblings = orderedIds(order, existing).filter((other) => other !== id)
  const before = position === undefined ? undefined : siblings[Math.max(0, position)]
  const raw = before === undefined ? -1 : order.toArray().indexOf(before)
  if (raw < 0) order.push([id])
  else order.insert(raw, [id])
}

/** Writes a plain item and everything below it under `parentId`. */
export function writeItem(doc: Y.Doc, item: TreeItem, parentId: Id, collectionId: Id): void {
  const { folders, requests } = roots(doc)
  if (item.type === 'request') {
    requests.set(item.id, requestEntity(item, parentId, collectionId))
    return
  }
  const fields = { parentId, collectionId, ...containerFields(item) }
  folders.set(
    item.id,
    makeEntity(
      fields,
      item.children.map((child) => child.id),
    ),
  )
  for (const child of item.children) writeItem(doc, child, item.id, collectionId)
}

export function writeCollection(doc: Y.Doc, collection: Collection, position?: number): void {
  const { collections, collectionOrder } = roots(doc)
  const entity = makeEntity(
    containerFields(collection),
    collection.children.map((child) => child.id),
  )
  collections.set(collection.id, entity)
  for (const child of collection.children) writeItem(doc, child, collection.id, collection.id)
  insertInOrder(collectionOrder, liveView(collections), collection.id, position)
}

export function createCollection(doc: Y.Doc, fields: Partial<Collection> = {}, origin?: unknown): Id {
  const collection = makeCollection(fields)
  transact(doc, origin, () => writeCollection(doc, collection))
  return collection.id
}

/** Adds a plain collection (an import) with fresh ids; returns its id. */
export function importCollection(doc: Y.Doc, collection: Collection, origin?: unknown): Id {
  const copy = reId(collection, new Map(), newId)
  transact(doc, origin, () => writeCollection(doc, copy))
  return copy.id
}

export function createFolder(
  doc: Y.Doc,
  target: MoveTarget,
  fields: Partial<Folder> = {},
  origin?: unknown,
): Id {
  const folder = makeFolder(fields)
  transact(doc, origin, () => {
    const collectionId = treeIndex(doc).collectionOf(target.parentId)
    if (collectionId === undefined) throw new TreeError(`No collection or folder with id ${target.parentId}`)
    writeItem(doc, folder, target.parentId, collectionId)
    insertChild(doc, target.parentId, folder.id, target.index)
  })
  return folder.id
}

export function createRequest(
  doc: Y.Doc,
  target: MoveTarget,
  fields: Partial<RequestFields> = {},
  origin?: unknown,
): Id {
  const spec = makeRequest(fields)
  transact(doc, origin, () => {
    const collectionId = treeIndex(doc).collectionOf(target.parentId)
    if (collectionId === undefined) throw new TreeError(`No collection or folder with id ${target.parentId}`)
    writeItem(doc, spec, target.parentId, collectionId)
    insertChild(doc, target.parentId, spec.id, target.index)
  })
  return spec.id
}

function entity(doc: Y.Doc, id: Id): EntityMap {
  const kind = entityKindOf(doc, id)
  if (!kind) throw new TreeError(`Nothing with id ${id}`)
  return roots(doc)[kind].get(id)!
}

/** A new name as the smallest edit of the name's text, so a concurrent rename's characters stay. */
export function renameItem(doc: Y.Doc, id: Id, name: string, origin?: unknown): void {
  transact(doc, origin, () =>
    writeField(entity(doc, id), 'name', name, { fallback: '', isDefault: () => false }),
  )
}

/**
 * Writes the fields given, each only where it changes: a save passes every field of the draft,
 * and rewriting an unchanged one would override another peer's concurrent edit of it. Text is
 * edited in place (text-fields.ts). `base`, the saved request the draft started from, makes it a
 * 3-way merge: fields the draft did not change are left as others made them, and text the draft
 * changed is merged into what others typed meanwhile.
 */
export function updateRequest(
  doc: Y.Doc,
  id: Id,
  patch: Partial<RequestFields>,
  origin?: unknown,
  base?: Partial<RequestFields>,
): void {
  const request = live(roots(doc).requests.get(id))
  if (!request) throw new TreeError(`No request with id ${id}`)
  transact(doc, origin, () => writeRequestFields(request, patch, base))
}

/** Auth of a collection, folder or request. */
export function setAuth(doc: Y.Doc, id: Id, auth: Auth, origin?: unknown): void {
  transact(doc, origin, () => {
    const target = entityKindOf(doc, id) === 'requests' ? roots(doc).requests.get(id)! : container(doc, id)
    target.set('auth', clone(auth))
  })
}

/** Scripts of a collection, folder or request; fields not given stay. */
export function setScripts(doc: Y.Doc, id: Id, scripts: Partial<Scripts>, origin?: unknown): void {
  transact(doc, origin, () => {
    const target = entityKindOf(doc, id) === 'requests' ? roots(doc).requests.get(id)! : container(doc, id)
    const fallback = { preRequest: '', postResponse: '' }
    const current = readField(target, 'scripts', fallback) as Scripts
    writeField(
      target,
      'scripts',
      { ...current, ...scripts },
      {
        fallback,
        isDefault: (shape) => JSON.stringify(shape) === JSON.stringify(fallback),
      },
    )
  })
}

/** A collection's, folder's or request's description; blank text removes it. */
export function setDescription(doc: Y.Doc, id: Id, text: string, origin?: unknown): void {
  transact(doc, origin, () => {
    const target = entityKindOf(doc, id) === 'requests' ? roots(doc).requests.get(id)! : container(doc, id)
    if (text.trim()) target.set('description', text)
    else target.delete('description')
  })
}

/** `Name Copy`, or `Name Copy 2`, `Name Copy 3`… when a sibling already has that name. */
export function copyName(name: string, siblingNames: readonly string[]): string {
  const taken = new Set(siblingNames)
  const base = `${name} Copy`
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base} ${n}`)) n++
  return `${base} ${n}`
}

export function duplicateItem(doc: Y.Doc, id: Id, origin?: unknown): Duplicated {
  const idMap = new Map<Id, Id>()
  const copyId = transact(doc, origin, () => {
    const r = roots(doc)
    if (isLive(r.collections, id)) {
      const copy = reId(readCollection(doc, id)!, idMap, newId)
      const live = liveView(r.collections)
      copy.name = copyName(
        copy.name,
        live.keys().map((key) => String(r.collections.get(key)!.get('name'))),
      )
      const position = orderedIds(r.collectionOrder, live).indexOf(id) + 1
      writeCollection(doc, copy, position)
      return copy.id
    }
    const index = treeIndex(doc)
    const parentId = index.parentOf(id)
    const original = isLive(r.requests, id) ? readRequest(doc, id) : readFolder(doc, id, index)
    if (!original || parentId === null) throw new TreeError(`No item in a collection with id ${id}`)
    const copy = reId(original, idMap, newId)
    const siblings = index
      .childrenOf(parentId)
      .map((child) => (r.requests.get(child) ?? r.folders.get(child))?.get('name'))
    copy.name = copyName(copy.name, siblings.map(String))
    writeItem(doc, copy, parentId, index.collectionOf(parentId)!)
    insertChild(doc, parentId, copy.id, index.childrenOf(parentId).indexOf(id) + 1)
    return copy.id
  })
  return { id: copyId, idMap }
}

/** Everything below `id`: by the tree as read, and by stored `parentId` (hidden leftovers too). */
function subtree(doc: Y.Doc, id: Id): Id[] {
  const index = treeIndex(doc)
  const found = new Set(index.descendantsOf(id))
  const queue = [id, ...found]
  while (queue.length > 0) {
    for (const childId of index.storedChildrenOf(queue.pop()!)) {
      if (childId !== id && !found.has(childId)) {
        found.add(childId)
        queue.push(childId)
      }
    }
  }
  return [...found]
}

/**
 * Deletes a collection, folder or request with everything below it, softly: each gets the
 * `deleted` marker (see workspace-doc.ts) and stays where it was, so edits other people make to it
 * meanwhile land in it and `restoreItem` brings it back with them.
 */
export function deleteItem(doc: Y.Doc, id: Id, origin?: unknown): Deleted {
  return transact(doc, origin, () => {
    const r = roots(doc)
    const kind = entityKindOf(doc, id)
    if (kind === undefined || kind === 'environments')
      throw new TreeError(`No collection, folder or request ${id}`)
    const ids = [id, ...subtree(doc, id)]
    const variableIds: Id[] = []
    const mark: DeletedMark = { at: stampTime(), root: id }
    for (const itemId of ids) {
      const item =
        live(r.collections.get(itemId)) ?? live(r.folders.get(itemId)) ?? live(r.requests.get(itemId))
      for (const variable of readTable(item?.get('variables'))) variableIds.push(variable.id)
      item?.set(DELETED_KEY, { ...mark })
    }
    return { ids, variableIds }
  })
}

/**
 * Takes the `deleted` marker off an item and off everything its deletion took along (the items
 * marked with it as `root`), with every edit they received while deleted. An item that went
 * with a larger deletion comes back alone. Returns the restored ids.
 */
export function restoreItem(doc: Y.Doc, id: Id, origin?: unknown): Id[] {
  return transact(doc, origin, () => {
    const r = roots(doc)
    const maps = [r.collections, r.folders, r.requests]
    const mark = deletedMark(maps.map((map) => map.get(id)).find((entity) => entity !== undefined))
    if (!mark) throw new TreeError(`Nothing deleted with id ${id}`)
    const restored: Id[] = []
    for (const map of maps) {
      map.forEach((entity, itemId) => {
        const other = deletedMark(entity)
        if (itemId === id || (mark.root === id && other?.root === id)) {
          entity.delete(DELETED_KEY)
          restored.push(itemId)
        }
      })
    }
    if (r.collections.has(id) && !r.collectionOrder.toArray().includes(id)) r.collectionOrder.push([id])
    return restored
  })
}

/**
 * Reorders an item among its siblings or moves it to another collection or folder; a
 * collection moves among collections. Refuses to put a folder into itself or below itself.
 */
export function moveItem(doc: Y.Doc, id: Id, target: MoveTarget, origin?: unknown): void {
  transact(doc, origin, () => {
    const r = roots(doc)
    if (isLive(r.collections, id)) {
      removeFromArray(r.collectionOrder, id)
      insertInOrder(r.collectionOrder, liveView(r.collections), id, target.index)
      return
    }
    const kind = isLive(r.folders, id) ? 'folders' : isLive(r.requests, id) ? 'requests' : undefined
    if (!kind) throw new TreeError(`Nothing to move with id ${id}`)
    container(doc, target.parentId)
    settleDisplacedFolders(doc)
    const index = treeIndex(doc)
    if (kind === 'folders' && index.isWithin(target.parentId, id)) {
      throw new TreeError('A folder cannot be moved into itself or one of its subfolders')
    }
    const item = r[kind].get(id)!
    const moved = [id, ...(kind === 'folders' ? index.descendantsOf(id) : [])]
    const collectionId = index.collectionOf(target.parentId)
    for (const parent of new Set([index.parentOf(id), item.get('parentId') as Id])) {
      const parentEntity = parent === null ? undefined : (r.collections.get(parent) ?? r.folders.get(parent))
      if (parentEntity) removeFromArray(childrenArray(parentEntity), id)
    }
    item.set('parentId', target.parentId)
    for (const movedId of collectionId === undefined ? [] : moved) {
      const entity = r.folders.get(movedId) ?? r.requests.get(movedId)
      if (entity && entity.get('collectionId') !== collectionId) entity.set('collectionId', collectionId)
    }
    insertChild(doc, target.parentId, id, target.index)
  })
}

/**
 * Writes where displaced folders are shown as where they are, before a move changes the
 * stored parents the reading rules were applied to: otherwise moving the inner folder of a
 * broken cycle out would pull the outer one in after it.
 */
function settleDisplacedFolders(doc: Y.Doc): void {
  const { folders } = roots(doc)
  for (const [id, parent] of treeIndex(doc).displacedFolders()) folders.get(id)!.set('parentId', parent)
}

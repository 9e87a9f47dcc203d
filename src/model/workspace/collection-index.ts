/**
 * The root doc's `collectionIndex` (docs/collection-docs.md): per collection id, the name and the
 * soft-delete marker the sidebar's top level shows without opening the collection's doc. Whoever
 * writes a collection's name or marker in its doc writes the entry here too.
 */
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import { textOf } from './text-fields.ts'
import { orderedIds } from './tree-index.ts'
import { deletedMark, liveView, roots, type DeletedMark } from './workspace-doc.ts'

/** The root's schema once it is split (a root below it still holds every collection). */
export const SPLIT_SCHEMA_VERSION = 7

export interface IndexEntry {
  id: Id
  name: string
  deleted?: DeletedMark
}

export function collectionIndex(root: Y.Doc): Y.Map<Y.Map<unknown>> {
  return root.getMap<Y.Map<unknown>>('collectionIndex')
}

/** The sync room of a collection's doc, given the workspace's room. */
export const collectionRoom = (room: string, collectionId: Id): string => `${room}/c/${collectionId}`
/** The IndexedDB name of a collection's doc, given the root's. */
export const collectionDbName = (rootDb: string, collectionId: Id): string => `${rootDb}/c/${collectionId}`

export function isSplit(root: Y.Doc): boolean {
  const version = root.getMap('meta').get('schemaVersion')
  return typeof version === 'number' && version >= SPLIT_SCHEMA_VERSION
}

export function readIndexEntry(root: Y.Doc, id: Id): IndexEntry | undefined {
  const entry = collectionIndex(root).get(id)
  if (!entry) return undefined
  const deleted = entry.get('deleted') as DeletedMark | undefined
  return { id, name: (entry.get('name') as string | undefined) ?? '', ...(deleted ? { deleted } : {}) }
}

/** Every collection in the index, live ones in `collectionOrder`'s order (then the rest by id). */
export function listIndex(root: Y.Doc, includeDeleted = false): IndexEntry[] {
  const index = collectionIndex(root)
  const { collectionOrder } = roots(root)
  const live = orderedIds(collectionOrder, liveView(index))
  const entries = live.map((id) => readIndexEntry(root, id)!)
  if (!includeDeleted) return entries
  const deleted = [...index.keys()].filter((id) => index.get(id)!.has('deleted')).sort()
  return [...entries, ...deleted.map((id) => readIndexEntry(root, id)!)]
}

/**
 * Writes a collection's entry as its doc reads it (name, marker); writes only what changed, so a
 * peer writing the same entry at once changes nothing. Call inside the root's transaction.
 */
export function writeIndexEntry(root: Y.Doc, id: Id, collection: Y.Map<unknown>): void {
  const index = collectionIndex(root)
  let entry = index.get(id)
  if (!entry) {
    entry = new Y.Map<unknown>()
    index.set(id, entry)
  }
  const name = textOf(collection.get('name')) ?? ''
  if (entry.get('name') !== name) entry.set('name', name)
  const mark = deletedMark(collection)
  const stored = entry.get('deleted') as DeletedMark | undefined
  if (!mark && stored) entry.delete('deleted')
  if (mark && (stored?.at !== mark.at || stored.root !== mark.root)) entry.set('deleted', { ...mark })
}

/** Removes a purged collection from the index and the order. Call inside the root's transaction. */
export function removeIndexEntry(root: Y.Doc, id: Id): void {
  collectionIndex(root).delete(id)
  const order = roots(root).collectionOrder
  for (let i = order.length - 1; i >= 0; i--) if (order.get(i) === id) order.delete(i, 1)
}

/**
 * `Recently deleted`: the items people deleted (each deletion once, by the item that was chosen),
 * newest first, for `restoreItem`. An item that went along with a larger deletion is not listed
 * on its own; neither is one whose collection is deleted too (restoring it would show nothing):
 * it is listed again once its collection is restored.
 *
 * Purging removes a deletion for good: `Delete permanently`, or `purgeExpired` once it is older
 * than `DELETED_RETENTION_MS` (30 days from the delete; the app purges when it opens a workspace,
 * by the time `purgeTime` gives).
 */
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import type { DeletedItem, ItemType } from './types.ts'
import { textOf } from './text-fields.ts'
import { readTable } from './variable-store.ts'
import { childrenArray, deletedMark, isLive, roots, transact, type EntityMap } from './workspace-doc.ts'

/** How long a deleted item stays restorable: 30 days from its deletion. */
export const DELETED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

export function listDeleted(doc: Y.Doc): DeletedItem[] {
  const r = roots(doc)
  const found: DeletedItem[] = []
  const kinds: [Y.Map<Y.Map<unknown>>, ItemType][] = [
    [r.collections, 'collection'],
    [r.folders, 'folder'],
    [r.requests, 'request'],
  ]
  for (const [map, type] of kinds) {
    map.forEach((entity, id) => {
      const mark = deletedMark(entity)
      if (!mark || mark.root !== id) return
      const collectionId = entity.get('collectionId') as Id | undefined
      if (type !== 'collection' && (collectionId === undefined || !isLive(r.collections, collectionId)))
        return
      found.push({
        id,
        type,
        name: textOf(entity.get('name')) ?? '',
        deletedAt: mark.at,
        collectionName:
          collectionId === undefined
            ? undefined
            : (textOf(r.collections.get(collectionId)!.get('name')) ?? ''),
      })
    })
  }
  return found.sort((a, b) => b.deletedAt - a.deletedAt || (a.id < b.id ? -1 : 1))
}

/** Whether the item exists but is soft-deleted. */
export function isDeleted(doc: Y.Doc, id: Id): boolean {
  const r = roots(doc)
  return [r.collections, r.folders, r.requests].some((map) => deletedMark(map.get(id)) !== undefined)
}

/** What a purge removed: item ids, and the variable ids whose secret values the device can drop. */
export interface Purged {
  ids: Id[]
  variableIds: Id[]
}

function purgeIn(doc: Y.Doc, roots_: Set<Id>, purged: Purged): void {
  const r = roots(doc)
  const maps = [r.collections, r.folders, r.requests]
  const gone = new Set<Id>()
  for (const map of maps) {
    map.forEach((entity, id) => {
      const mark = deletedMark(entity)
      // The deletion's own items, and deleted ones left in a purged collection (never listed again).
      const collectionId = entity.get('collectionId') as Id | undefined
      if (mark && (roots_.has(mark.root) || (collectionId !== undefined && roots_.has(collectionId))))
        gone.add(id)
    })
  }
  for (const map of maps) {
    for (const id of gone) {
      const entity = map.get(id)
      if (!entity) continue
      for (const variable of readTable(entity.get('variables'))) purged.variableIds.push(variable.id)
      map.delete(id)
      purged.ids.push(id)
    }
  }
  const prune = (array: Y.Array<Id> | undefined) => {
    if (!array) return
    const ids = array.toArray()
    for (let i = ids.length - 1; i >= 0; i--) if (gone.has(ids[i]!)) array.delete(i, 1)
  }
  prune(r.collectionOrder)
  for (const map of [r.collections, r.folders])
    map.forEach((entity: EntityMap) => prune(childrenArray(entity)))
}

/**
 * `Delete permanently`: removes a deletion listed in `Recently deleted` (the item and everything
 * its deletion took along) from the document. It cannot be restored afterwards, and an edit
 * someone makes to it offline meanwhile is dropped when they reconnect.
 */
export function purgeItem(doc: Y.Doc, id: Id, origin?: unknown): Purged {
  const r = roots(doc)
  const mark = deletedMark(r.collections.get(id) ?? r.folders.get(id) ?? r.requests.get(id))
  if (!mark || mark.root !== id) throw new Error(`Nothing deleted with id ${id}`)
  const purged: Purged = { ids: [], variableIds: [] }
  transact(doc, origin, () => purgeIn(doc, new Set([id]), purged))
  return purged
}

/**
 * The time a device may purge by, or `null`: not yet. A device clock far ahead would purge
 * deletions early, taking away the 30 days in which a restore (or another person's offline edit)
 * can still bring them back. So a workspace that syncs purges only once the app has read its
 * sync-server's clock (`GET /sync/time`), and then by the earlier of the two clocks: neither a
 * device nor a server that runs ahead makes a deletion go before its time; one that runs behind
 * only keeps it longer. A workspace that never syncs (no server, no one to share it with) goes by
 * this device's clock.
 */
export function purgeTime(local: number, server: number | undefined, syncs: boolean): number | null {
  if (server === undefined || !Number.isFinite(server)) return syncs ? null : local
  return Math.min(local, server)
}

/** Purges every deletion made at least `retentionMs` before `now`; one transaction, none if nothing is due. */
export function purgeExpired(
  doc: Y.Doc,
  now: number,
  retentionMs = DELETED_RETENTION_MS,
  origin?: unknown,
): Purged {
  const r = roots(doc)
  const due = new Set<Id>()
  for (const map of [r.collections, r.folders, r.requests]) {
    map.forEach((entity) => {
      const mark = deletedMark(entity)
      if (mark && mark.at + retentionMs <= now) due.add(mark.root)
    })
  }
  const purged: Purged = { ids: [], variableIds: [] }
  if (due.size > 0) transact(doc, origin, () => purgeIn(doc, due, purged))
  return purged
}

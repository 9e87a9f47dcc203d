/**
 * `Recently deleted`: the items people deleted (each deletion once, by the item that was chosen),
 * newest first, for `restoreItem`. An item that went along with a larger deletion is not listed
 * on its own; neither is one whose collection is deleted too (restoring it would show nothing):
 * it is listed again once its collection is restored.
 */
import type * as Y from 'yjs'
import type { Id } from '../types.ts'
import type { DeletedItem, ItemType } from './types.ts'
import { textOf } from './text-fields.ts'
import { deletedMark, isLive, roots } from './workspace-doc.ts'

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

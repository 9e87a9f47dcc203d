/**
 * A workspace room held in the old one-doc shape is split when it is first loaded, before anyone
 * joins it (the load is not over until the split is): the git mirror, the mock server and every
 * joiner see the new shape. The collection docs are written before anything leaves the root.
 */
import type { RoomStore } from './persistence.ts'
import { copyToCollections, legacyCollectionIds, removeFromRoot, SPLIT_ORIGIN } from './legacy-split.ts'
import { collectionRoom, isCollectionRoom } from './rooms.ts'
import type { RoomHold } from './sync.ts'

export function splittingRooms(inner: RoomStore, holdRoom: (room: string) => Promise<RoomHold>): RoomStore {
  return {
    async bind(room, doc) {
      await inner.bind(room, doc)
      if (isCollectionRoom(room)) return
      const ids = legacyCollectionIds(doc)
      if (ids.length === 0) return
      const held = await Promise.all(ids.map((id) => holdRoom(collectionRoom(room, id))))
      try {
        copyToCollections(doc, new Map(ids.map((id, at) => [id, held[at]!.doc])), SPLIT_ORIGIN)
        await Promise.all(held.map((hold) => inner.flushed(hold.doc)))
        removeFromRoot(doc, ids, SPLIT_ORIGIN)
      } finally {
        for (const hold of held) hold.release()
      }
    },
    flushed: (doc) => inner.flushed(doc),
    release: (room, doc) => inner.release(room, doc),
    close: () => inner.close(),
  }
}

/**
 * A workspace room held in the old one-doc shape is split when it is first loaded, before anyone
 * joins it (the load is not over until the split is), with the model's own split
 * (src/model/workspace/split.ts, docs/collection-docs.md section 4): the git mirror, the mock
 * server and every joiner see the new shape. The collection docs are written before anything
 * leaves the root, so a kill mid-way splits again on the next load.
 */
import * as Y from 'yjs'
import { copyIntoCollectionDocs, finishSplit, isSplit, planSplit } from '../src/model/workspace/api.ts'
import type { RoomStore } from './persistence.ts'
import { collectionRoom, isCollectionRoom } from './rooms.ts'
import type { RoomHold } from './sync.ts'

/** Transaction origin of the split's writes. */
export const SPLIT_ORIGIN = 'sendbox-split'

/**
 * A root that still holds collections itself, and is not stamped split. An empty root (a new
 * room) is left alone: stamping it could win over an old-shape peer's version when they meet.
 */
export function needsSplit(root: Y.Doc): boolean {
  if (isSplit(root)) return false
  return [...root.getMap<unknown>('collections').values()].some((entity) => entity instanceof Y.Map)
}

export function splittingRooms(inner: RoomStore, holdRoom: (room: string) => Promise<RoomHold>): RoomStore {
  async function split(room: string, root: Y.Doc) {
    const ids = [...planSplit(root).members.keys()]
    const opened = await Promise.allSettled(ids.map((id) => holdRoom(collectionRoom(room, id))))
    const held = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    try {
      const failed = opened.find((result) => result.status === 'rejected')
      if (failed) throw failed.reason
      const docs = new Map(ids.map((id, at) => [id, held[at]!.doc]))
      try {
        copyIntoCollectionDocs(root, (id) => docs.get(id)!, SPLIT_ORIGIN)
      } catch (error) {
        // Data the split cannot read: the room stays as it is (the app splits it, or says why).
        console.error(`sendbox: room ${room} could not be split:`, error)
        return
      }
      await Promise.all(held.map((hold) => inner.flushed(hold.doc)))
      finishSplit(root, SPLIT_ORIGIN)
    } finally {
      for (const hold of held) hold.release()
    }
  }

  return {
    async bind(room, doc) {
      await inner.bind(room, doc)
      if (!isCollectionRoom(room) && needsSplit(doc)) await split(room, doc)
    },
    flushed: (doc) => inner.flushed(doc),
    release: (room, doc) => inner.release(room, doc),
    close: () => inner.close(),
  }
}

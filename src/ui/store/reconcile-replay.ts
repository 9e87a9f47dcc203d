/**
 * The replay of `offline-reconcile.ts` as updates in and out, so it can run off the page: the
 * archive (a Y.Doc, kept across collections), this device's collection doc and the server's, as
 * updates; out comes what the replay wrote onto the server's doc, an update to apply to it.
 */
import * as Y from 'yjs'
import { replayOfflineEdits } from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'

/** What the page asks `reconcile-worker.ts`: one collection's replay. */
export interface ToReconcileWorker {
  rootDb: string
  collectionId: Id
  local: Uint8Array
  server: Uint8Array
}
export type FromReconcileWorker = { update: Uint8Array } | { error: string }

export function replayAsUpdate(
  archive: Y.Doc,
  collectionId: Id,
  local: Uint8Array,
  server: Uint8Array,
): Uint8Array {
  const theirs = new Y.Doc()
  Y.applyUpdate(theirs, server)
  const before = Y.encodeStateVector(theirs)
  const mine = new Y.Doc()
  Y.applyUpdate(mine, local)
  replayOfflineEdits(theirs, collectionId, { archive, local: mine })
  const written = Y.encodeStateAsUpdate(theirs, before)
  theirs.destroy()
  mine.destroy()
  return written
}

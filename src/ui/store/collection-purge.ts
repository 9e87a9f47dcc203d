/**
 * Deletions past their retention, in a workspace of one doc per collection (docs/collection-docs.md):
 * purged in every collection doc loaded now and in each one loaded later; the collections whose
 * own deletion expired are loaded for it, and a purged collection leaves the root's index. The
 * secret values of purged variables go from the device doc. Returns the stop for later loads.
 */
import type * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'

export function purgeCollections(collections: data.WorkspaceDocs, device: Y.Doc, now: number): () => void {
  const purgeOne = (collectionId: Id) =>
    data.forgetSecrets(device, collections.purgeExpiredIn(collectionId, now).variableIds)
  for (const [collectionId] of collections.loadedDocs()) purgeOne(collectionId)
  const stop = collections.onLoad((collectionId) => purgeOne(collectionId))
  for (const collectionId of collections.expiredCollections(now))
    void collections.load(collectionId).catch(console.warn)
  return stop
}

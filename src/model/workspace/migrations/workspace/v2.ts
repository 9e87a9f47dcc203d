/**
 * 1 → 2. Requests stop storing fields that hold their default value (an empty table, no body,
 * inherited auth, empty scripts, `http`, `GET`): a missing key reads as the default, and every
 * stored key is one more Yjs item to decode when the workspace opens. Nothing a request reads as
 * changes. Deleting the same keys is idempotent, so two peers migrating at once agree, and a
 * concurrent edit of such a field by a peer still on version 1 sets a new value that the deletes
 * here do not touch.
 */
import type * as Y from 'yjs'
import { isDefaultField, REQUEST_FIELDS } from '../../codec.ts'

export function upWorkspace2(doc: Y.Doc): void {
  for (const request of doc.getMap<Y.Map<unknown>>('requests').values()) {
    for (const key of REQUEST_FIELDS) {
      if (request.has(key) && isDefaultField(key, request.get(key))) request.delete(key)
    }
  }
}

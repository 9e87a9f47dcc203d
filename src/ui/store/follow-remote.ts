/**
 * An open tab holds a copy of its saved request (its draft, in the device doc). When someone else
 * changes that request, a tab without unsaved edits of its own follows at once; a tab with edits
 * keeps them (saving writes only the fields that differ, so the other person's other fields stay).
 *
 * When someone else deletes it (also while this person edited it offline: the delete wins in the
 * tree), the tab keeps its copy and turns unsaved, so the edit is not lost: Ctrl+S restores the
 * request where it was and saves the edit. Anyone can also restore it from `Recently deleted`
 * (the delete is soft; the edits made offline are in the restored item).
 */
import * as data from '../../model/workspace/api.ts'
import type { RequestSpec } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'

export function followRemoteEdits(docs: OpenDocs): () => void {
  const { workspace, device, collections } = docs
  const follow = (change: data.WorkspaceChange) => {
    if (change.local) return
    for (const tab of data.listTabs(device)) {
      const savedId = tab.savedRequestId
      if (!savedId || !change.ids.has(savedId)) continue
      const saved = data.readRequest(itemDoc(docs, savedId), savedId)
      if (tab.dirty) {
        // Back to what the tab holds (a restored delete, the same edit made by the other): clean.
        if (saved && sameFields(saved, tab.draft)) data.markTabSaved(device, tab.id, savedId)
        continue
      }
      if (!saved) {
        data.updateDraft(device, tab.id, {})
        continue
      }
      const { type: _type, id: _id, ...fields } = saved
      data.updateDraft(device, tab.id, fields)
      data.markTabSaved(device, tab.id, savedId)
    }
  }
  return collections ? collections.subscribe(follow) : data.subscribe(workspace, follow)
}

/** A draft never holds the examples (they are edited on the saved request itself). */
function sameFields(a: RequestSpec, b: RequestSpec): boolean {
  const { type: _a, id: _aId, examples: _aExamples, ...left } = a
  const { type: _b, id: _bId, examples: _bExamples, ...right } = b
  return JSON.stringify(left) === JSON.stringify(right)
}

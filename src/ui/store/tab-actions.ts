/** Tab, draft and save actions. Drafts live in the device doc, so they survive a reload or crash. */
import * as data from '../../model/workspace/api.ts'
import { makeRequest } from '../../model/factories.ts'
import type { Id, RequestKind, RequestSpec } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'
import { nameFromUrl } from './request-name.ts'
import { writeAction } from './view-only.ts'

/** `view-only`: a `Can view` workspace refuses the save (view-only.ts); the draft stays. */
export type SaveOutcome = 'saved' | 'needs-destination' | 'view-only'

function fieldsOf(draft: RequestSpec): data.RequestFields {
  const { type: _type, id: _id, ...fields } = draft
  return fields
}

/**
 * `activate` shows a tab in this window (`window-tab.ts`); `trackSave` keeps a saved tab's dot
 * until its save is on the disk (`saving-state.ts`).
 */
export function makeTabActions(
  docs: OpenDocs,
  reveal: (id: Id) => void,
  activate: (id: Id) => void,
  trackSave: (id: Id) => void = () => {},
) {
  const { device } = docs
  const tab = (id: Id) => data.listTabs(device).find((t) => t.id === id)

  const actions = {
    newTab(kind: RequestKind = 'http'): Id {
      return data.openTab(device, makeRequest({ kind }))
    },
    activateTab(id: Id) {
      activate(id)
    },
    duplicateTab(id: Id): Id {
      return data.duplicateTab(device, id)
    },
    moveTab(id: Id, toIndex: number) {
      data.moveTab(device, id, toIndex)
    },
    editDraft(id: Id, patch: Partial<data.RequestFields>) {
      data.updateDraft(device, id, patch)
    },
    /** Ctrl+S: in place when the tab's request is in a collection, else the caller asks where. */
    save: writeAction((id: Id): SaveOutcome => {
      const current = tab(id)
      if (!current) return 'saved'
      const savedId = current.savedRequestId
      if (!savedId) return 'needs-destination'
      const { collections } = docs
      if (collections && !collections.docOf(savedId)) {
        // Its collection's doc is not loaded yet: saved once it is (the tab keeps its dot till then).
        const hint = data.tabHomes(device).find((home) => home.tabId === id)?.collectionId ?? undefined
        const done = collections.locate(savedId, hint).then((found) => {
          if (found === undefined || !collections.docOf(savedId)) return
          actions.save(id)
          trackSave(id)
        })
        docs.durability.hold(done)
        done.catch(console.warn)
        return 'saved'
      }
      const workspace = itemDoc(docs, savedId)
      // Someone deleted it meanwhile: saving the edits restores it where it was.
      if (!data.readRequest(workspace, savedId) && data.isDeleted(workspace, savedId)) {
        data.restoreItem(workspace, savedId)
      }
      if (!data.readRequest(workspace, savedId) || !data.findAncestors(workspace, savedId)) {
        return 'needs-destination'
      }
      const fields = fieldsOf(current.draft)
      if (!fields.name.trim()) fields.name = nameFromUrl(fields.url)
      // Merged with what others saved since this draft started (3-way: text keeps both people's
      // characters, fields this draft did not change keep theirs); the tab then shows the result.
      data.updateRequest(workspace, savedId, fields, undefined, current.base)
      const merged = data.readRequest(workspace, savedId)
      if (merged && JSON.stringify(fieldsOf(merged)) !== JSON.stringify(fieldsOf(current.draft)))
        data.updateDraft(device, id, fieldsOf(merged))
      data.markTabSaved(device, id, savedId)
      return 'saved'
    }, 'view-only'),
    /** `Hier speichern` of the save dialog: a new request in the chosen collection or folder. */
    saveAs: writeAction((id: Id, name: string, parentId: Id): Id | undefined => {
      const { collections } = docs
      if (collections && !collections.docOf(parentId)) {
        // A collapsed collection, or one just made: saved once its doc is open.
        const done = collections.locate(parentId).then((found) => {
          if (found !== undefined) actions.saveAs(id, name, parentId)
        })
        docs.durability.hold(done)
        done.catch(console.warn)
        return undefined
      }
      const current = tab(id)
      if (!current) return undefined
      const fields = { ...fieldsOf(current.draft), name: name.trim() || nameFromUrl(current.draft.url) }
      const requestId = data.createRequest(itemDoc(docs, parentId), { parentId }, fields)
      data.updateDraft(device, id, { name: fields.name })
      data.markTabSaved(device, id, requestId)
      reveal(requestId)
      trackSave(id)
      return requestId
    }),
    /** Rename from the request header (click, F2, Ctrl+E): a saved request is renamed at once. */
    renameTab: writeAction((id: Id, name: string) => {
      const current = tab(id)
      const trimmed = name.trim()
      if (!current || !trimmed) return
      data.updateDraft(device, id, { name: trimmed })
      const savedId = current.savedRequestId
      const workspace = itemDoc(docs, savedId)
      if (savedId && data.readRequest(workspace, savedId)) {
        data.renameItem(workspace, savedId, trimmed)
        if (!current.dirty) data.markTabSaved(device, id, savedId)
      }
    }),
    /** Ctrl+D: duplicates the saved request of the tab and opens the copy. */
    duplicateSavedRequest: writeAction((id: Id): Id | undefined => {
      const savedId = tab(id)?.savedRequestId
      const workspace = itemDoc(docs, savedId)
      if (!savedId || !data.readRequest(workspace, savedId)) return undefined
      const copy = data.duplicateItem(workspace, savedId)
      data.copySecrets(device, copy.idMap)
      reveal(copy.id)
      const request = data.readRequest(workspace, copy.id)
      if (request) data.openTab(device, request, { savedRequestId: copy.id })
      return copy.id
    }),
  }
  return actions
}

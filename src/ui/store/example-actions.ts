/**
 * Saved responses (examples) of saved requests: read, saved, edited and deleted on the request
 * in the workspace doc itself (a tab's draft never holds them), and which one a tab shows in
 * place of its response (view state, not stored).
 */
import { createSignal, type Accessor } from 'solid-js'
import * as data from '../../model/workspace/api.ts'
import type { Id, SavedResponse } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'
import { writeAction } from './view-only.ts'

export function makeExampleActions(docs: OpenDocs, workspaceVersion: Accessor<number>) {
  const [shown, setShown] = createSignal<ReadonlyMap<Id, Id>>(new Map())
  const examplesOf = (requestId: Id | null): SavedResponse[] => {
    workspaceVersion()
    return requestId ? (data.readRequest(itemDoc(docs, requestId), requestId)?.examples ?? []) : []
  }
  return {
    examplesOf,
    saveExample: writeAction((requestId: Id, example: SavedResponse) => {
      data.saveExample(itemDoc(docs, requestId), requestId, example)
    }),
    deleteExample: writeAction((requestId: Id, exampleId: Id) => {
      data.deleteExample(itemDoc(docs, requestId), requestId, exampleId)
    }),
    /** The example a tab shows in place of its response, while it is still there. */
    shownExample(tabId: Id, requestId: Id | null): SavedResponse | undefined {
      const id = shown().get(tabId)
      return id ? examplesOf(requestId).find((example) => example.id === id) : undefined
    },
    showExample(tabId: Id, exampleId: Id | null) {
      const next = new Map(shown())
      if (exampleId) next.set(tabId, exampleId)
      else next.delete(tabId)
      setShown(next)
    },
  }
}

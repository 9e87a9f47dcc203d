/**
 * Closing tabs without losing work: one tab, `Close Others`, `Close All Tabs` and `Alle schließen`
 * close at once when nothing is unsaved, and otherwise ask first (`Save`, `Don't save`, `Cancel`).
 * `Save` saves each tab in place; a request not yet in a collection asks where (`Anfrage
 * speichern`), and closing goes on once it is saved. Cancelling either dialog closes nothing.
 * In a `Can view` workspace the caller passes the guarded tab actions (view-only.ts): `Save`
 * is refused with `ui.saveRefused` and closes nothing, so no draft is lost.
 */
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'
import type { SaveOutcome } from './tab-actions.ts'
import type { CloseIntent } from './types.ts'
import type { UiState } from './ui-state.ts'

export type { CloseIntent } from './types.ts'

export function tabsClosedBy(intent: CloseIntent, tabs: readonly { id: Id }[]): Id[] {
  switch (intent.kind) {
    case 'one':
      return tabs.some((t) => t.id === intent.id) ? [intent.id] : []
    case 'others':
      return tabs.filter((t) => t.id !== intent.keep).map((t) => t.id)
    case 'all':
      return tabs.map((t) => t.id)
  }
}

export function makeCloseActions(
  docs: OpenDocs,
  ui: UiState,
  tabActions: { save(id: Id): SaveOutcome; newTab(): Id },
  /** Keeps a tab's dot after `Save` until the save is on the disk (`saving-state.ts`). */
  trackSave: (id: Id) => void = () => {},
) {
  const { device } = docs
  const unsaved = (intent: CloseIntent) => {
    const tabs = data.listTabs(device)
    const closing = new Set(tabsClosedBy(intent, tabs))
    return tabs.filter((t) => closing.has(t.id) && t.dirty)
  }
  const finish = (intent: CloseIntent) => {
    switch (intent.kind) {
      case 'one':
        if (data.listTabs(device).some((t) => t.id === intent.id)) data.closeTab(device, intent.id)
        break
      case 'others':
        data.closeOtherTabs(device, intent.keep)
        break
      case 'all':
        data.closeAllTabs(device)
        if (intent.fresh) tabActions.newTab()
        break
    }
  }

  const actions = {
    /** Closes at once, or asks `Save` / `Don't save` / `Cancel` when a closing tab has unsaved changes. */
    requestClose(intent: CloseIntent) {
      if (unsaved(intent).length === 0) finish(intent)
      else ui.openDialog({ kind: 'unsaved', intent })
    },
    closeTab: (id: Id) => actions.requestClose({ kind: 'one', id }),
    closeOtherTabs: (keep: Id) => actions.requestClose({ kind: 'others', keep }),
    closeAllTabs: () => actions.requestClose({ kind: 'all', fresh: false }),
    /** `Alle schließen`: closes every tab and opens a fresh request. */
    closeAllAndOpenFresh: () => actions.requestClose({ kind: 'all', fresh: true }),
    /** `Don't save`: the drafts are dropped with their tabs. */
    discardAndClose(intent: CloseIntent) {
      ui.closeDialog()
      finish(intent)
    },
    /** `Save`: saves the unsaved tabs one after another, then closes. */
    saveAndClose(intent: CloseIntent) {
      for (const tab of unsaved(intent)) {
        const outcome = tabActions.save(tab.id)
        if (outcome === 'view-only') {
          ui.closeDialog()
          ui.setSaveRefused(tab.id)
          return
        }
        if (outcome === 'needs-destination') {
          ui.openDialog({ kind: 'save', tabId: tab.id, then: intent })
          return
        }
      }
      ui.closeDialog()
      finish(intent)
    },
    /** The `Save` button and Ctrl+S: in place, or the save dialog for a new request. */
    saveTab(id: Id) {
      const outcome = tabActions.save(id)
      if (outcome === 'view-only') ui.setSaveRefused(id)
      else if (outcome === 'needs-destination') ui.openDialog({ kind: 'save', tabId: id })
      trackSave(id)
    },
  }
  return actions
}

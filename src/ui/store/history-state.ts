/**
 * History as the app uses it: the list (newest first), clearing it, opening an entry (into the
 * current tab when that is empty, otherwise a new tab), and per tab which earlier run of its
 * saved request is being looked at instead of the current response.
 */
import { createMemo, createSignal, type Accessor } from 'solid-js'
import { makeRequest } from '../../model/factories.ts'
import { kindInfo } from '../../model/request-kinds.ts'
import type { HttpMethod, Id } from '../../model/types.ts'
import * as data from '../../model/workspace/api.ts'
import type { OpenDocs } from './docs.ts'

/** A tab the user has not started on: nothing saved behind it and no URL yet. */
export function isEmptyTab(tab: data.TabState | undefined): boolean {
  return !!tab && !tab.savedRequestId && tab.draft.url.trim() === ''
}

export function createHistoryState(
  docs: OpenDocs,
  deviceVersion: Accessor<number>,
  /** The tab this window shows (each window has its own). */
  activeTabId: Accessor<Id | null>,
) {
  const { device } = docs
  const history = createMemo(() => {
    deviceVersion()
    return data.readHistory(device)
  })
  const [viewed, setViewed] = createSignal<ReadonlyMap<Id, Id>>(new Map())
  const [sidePanel, setSidePanel] = createSignal<'collections' | 'history'>('collections')

  return {
    /** Which list the sidebar shows: the collections tree or `Verlauf`. */
    sidePanel,
    setSidePanel,
    /** The history list, newest first. */
    entries: history,
    clearHistory: () => data.clearHistory(device),
    /** Fills the active tab when it is empty, else opens the entry in a new tab. */
    openHistoryEntry(entry: data.HistoryEntry): Id {
      const activeId = activeTabId()
      const active = data.listTabs(device).find((t) => t.id === activeId)
      const method = entry.method as HttpMethod
      const kind = entry.kind ?? 'http'
      const fields = kindInfo(kind).fromHistory?.(entry.url) ?? { method, url: entry.url }
      if (active && isEmptyTab(active) && active.draft.kind === kind) {
        data.updateDraft(device, active.id, fields)
        return active.id
      }
      return data.openTab(device, makeRequest({ kind, ...fields }))
    },
    /** Earlier runs of a saved request, newest first. */
    runs(requestId: Id): data.RunEntry[] {
      deviceVersion()
      return data.readRuns(device, requestId)
    },
    /** The earlier run shown in a tab instead of its current response, if any. */
    viewedRun(tabId: Id, requestId: Id | null): data.RunEntry | undefined {
      const runId = viewed().get(tabId)
      if (!runId || !requestId) return undefined
      deviceVersion()
      return data.readRuns(device, requestId).find((r) => r.id === runId)
    },
    viewRun(tabId: Id, runId: Id | null) {
      setViewed((current) => {
        const next = new Map(current)
        if (runId) next.set(tabId, runId)
        else next.delete(tabId)
        return next
      })
    },
  }
}

/** Open tabs of the device doc: order, the active one, each tab's draft and dirty flag. */
import type * as Y from 'yjs'
import { newId } from '../ids.ts'
import type { Id, RequestSpec } from '../types.ts'
import type { RequestFields, TabState } from './types.ts'
import { clone } from './clone.ts'
import { readRequestEntity, REQUEST_FIELDS } from './codec.ts'
import { deviceRoots } from './device-doc.ts'
import { makeEntity, transact } from './workspace-doc.ts'

function tabOrder(device: Y.Doc): Id[] {
  const { tabs, tabOrder } = deviceRoots(device)
  return tabOrder.toArray().filter((id) => tabs.has(id))
}

export function listTabs(device: Y.Doc): TabState[] {
  const { tabs } = deviceRoots(device)
  return tabOrder(device).map((id) => {
    const tab = tabs.get(id)!
    return {
      id,
      draft: readRequestEntity(tab.get('draftId') as Id, tab),
      savedRequestId: (tab.get('savedRequestId') as Id | null | undefined) ?? null,
      dirty: tab.get('dirty') === true,
      ...(tab.has('base') ? { base: clone(tab.get('base') as RequestFields) } : {}),
    }
  })
}

export function activeTabId(device: Y.Doc): Id | null {
  const id = deviceRoots(device).state.get('activeTabId') as Id | null | undefined
  return id && deviceRoots(device).tabs.has(id) ? id : null
}

export function openTab(
  device: Y.Doc,
  draft: RequestSpec,
  options: { savedRequestId?: Id | null; index?: number; activate?: boolean; dirty?: boolean } = {},
  origin?: unknown,
): Id {
  const id = newId()
  const { tabs, tabOrder: order, state } = deviceRoots(device)
  transact(device, origin, () => {
    const fields: Record<string, unknown> = {
      draftId: draft.id,
      savedRequestId: options.savedRequestId ?? null,
      dirty: options.dirty ?? false,
    }
    for (const key of REQUEST_FIELDS) if (draft[key] !== undefined) fields[key] = clone(draft[key])
    if (options.savedRequestId && !options.dirty) fields.base = draftFields(draft)
    tabs.set(id, makeEntity(fields))
    const index = options.index ?? order.length
    order.insert(Math.max(0, Math.min(index, order.length)), [id])
    if (options.activate !== false) state.set('activeTabId', id)
  })
  return id
}

function tab(device: Y.Doc, tabId: Id) {
  const found = deviceRoots(device).tabs.get(tabId)
  if (!found) throw new Error(`No tab with id ${tabId}`)
  return found
}

export function updateDraft(device: Y.Doc, tabId: Id, patch: Partial<RequestFields>, origin?: unknown): void {
  const found = tab(device, tabId)
  transact(device, origin, () => {
    for (const key of REQUEST_FIELDS) if (patch[key] !== undefined) found.set(key, clone(patch[key]))
    found.set('dirty', true)
  })
}

/** The draft is now what is saved: it becomes the tab's `base` for the next save's merge. */
/**
 * The tab now shows the saved request `savedRequestId`. An OAuth 2.0 token held for the draft
 * goes with it: moved from an unsaved draft, copied when the draft was another saved request
 * (`Save as` of a saved one), which keeps its own.
 */
export function markTabSaved(device: Y.Doc, tabId: Id, savedRequestId: Id, origin?: unknown): void {
  const found = tab(device, tabId)
  const { oauth } = deviceRoots(device)
  const draftId = found.get('draftId') as Id
  const wasSaved = found.get('savedRequestId') === draftId
  transact(device, origin, () => {
    const token = draftId !== savedRequestId ? oauth.get(draftId) : undefined
    if (token && !oauth.has(savedRequestId)) oauth.set(savedRequestId, clone(token))
    if (token && !wasSaved) oauth.delete(draftId)
    found.set('savedRequestId', savedRequestId)
    found.set('draftId', savedRequestId)
    found.set('dirty', false)
    found.set('base', draftFields(readRequestEntity(savedRequestId, found)))
  })
}

function draftFields(draft: RequestSpec): RequestFields {
  const { type: _type, id: _id, ...fields } = clone(draft)
  return fields
}

/** An unsaved copy right after the original, made active. */
export function duplicateTab(device: Y.Doc, tabId: Id, origin?: unknown): Id {
  const original = listTabs(device).find((state) => state.id === tabId)
  if (!original) throw new Error(`No tab with id ${tabId}`)
  const index = tabOrder(device).indexOf(tabId) + 1
  return openTab(device, { ...original.draft, id: newId() }, { index, dirty: true }, origin)
}

function removeTabs(device: Y.Doc, ids: Set<Id>): void {
  const { tabs, tabOrder: order, state } = deviceRoots(device)
  const before = tabOrder(device)
  const active = activeTabId(device)
  const raw = order.toArray()
  for (let i = raw.length - 1; i >= 0; i--) if (ids.has(raw[i]!)) order.delete(i, 1)
  for (const id of ids) tabs.delete(id)
  if (active !== null && ids.has(active)) {
    const at = before.indexOf(active)
    const next =
      before.slice(at + 1).find((id) => !ids.has(id)) ??
      before
        .slice(0, at)
        .reverse()
        .find((id) => !ids.has(id))
    state.set('activeTabId', next ?? null)
  }
}

export function closeTab(device: Y.Doc, tabId: Id, origin?: unknown): void {
  transact(device, origin, () => removeTabs(device, new Set([tabId])))
}

export function closeOtherTabs(device: Y.Doc, keepId: Id, origin?: unknown): void {
  transact(device, origin, () => {
    removeTabs(device, new Set(tabOrder(device).filter((id) => id !== keepId)))
    deviceRoots(device).state.set('activeTabId', keepId)
  })
}

export function closeAllTabs(device: Y.Doc, origin?: unknown): void {
  transact(device, origin, () => removeTabs(device, new Set(deviceRoots(device).tabs.keys())))
}

export function moveTab(device: Y.Doc, tabId: Id, toIndex: number, origin?: unknown): void {
  const { tabOrder: order } = deviceRoots(device)
  transact(device, origin, () => {
    const raw = order.toArray()
    const from = raw.indexOf(tabId)
    if (from < 0) throw new Error(`No tab with id ${tabId}`)
    order.delete(from, 1)
    order.insert(Math.max(0, Math.min(toIndex, order.length)), [tabId])
  })
}

export function setActiveTab(device: Y.Doc, tabId: Id, origin?: unknown): void {
  tab(device, tabId)
  transact(device, origin, () => deviceRoots(device).state.set('activeTabId', tabId))
}

/** Per tab of a saved request: the request and the collection the tab last found it in, if known. */
export interface TabHome {
  tabId: Id
  savedRequestId: Id
  collectionId: Id | null
}

/**
 * The saved requests of the open tabs and where each was last found (docs/collection-docs.md:
 * only their collections' docs need loading). Tabs saved before tabs remembered it have none.
 */
export function tabHomes(device: Y.Doc): TabHome[] {
  const { tabs } = deviceRoots(device)
  const homes: TabHome[] = []
  for (const tabId of tabOrder(device)) {
    const found = tabs.get(tabId)!
    const savedRequestId = found.get('savedRequestId') as Id | null | undefined
    if (!savedRequestId) continue
    const collectionId = (found.get('collectionId') as Id | undefined) ?? null
    homes.push({ tabId, savedRequestId, collectionId })
  }
  return homes
}

/** Remembers the collection a tab's saved request is in. */
export function setTabCollection(device: Y.Doc, tabId: Id, collectionId: Id, origin?: unknown): void {
  const found = deviceRoots(device).tabs.get(tabId)
  if (!found || found.get('collectionId') === collectionId) return
  transact(device, origin, () => found.set('collectionId', collectionId))
}

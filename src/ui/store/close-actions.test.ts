/** Closing tabs asks about unsaved changes; runs the real actions on real Yjs documents. */
import { indexedDB } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import { makeCloseActions } from './close-actions.ts'
import type { OpenDocs } from './docs.ts'
import { trackDurability } from './durable-commit.ts'
import { makeResponseStore } from './last-responses.ts'
import { makeTabActions } from './tab-actions.ts'
import { createUiState } from './ui-state.ts'
import { refuseWrites } from './view-only.ts'

function setup() {
  const workspace = new Y.Doc()
  const device = new Y.Doc()
  data.initWorkspace(workspace)
  data.initDevice(device)
  const docs: OpenDocs = {
    workspace,
    device,
    deviceDb: 'test-device',
    responses: makeResponseStore(indexedDB),
    durability: trackDurability(workspace, []),
    loadMs: 0,
    close: () => {},
  }
  const ui = createUiState()
  const tabActions = makeTabActions(
    docs,
    () => {},
    (id) => data.setActiveTab(device, id),
  )
  const close = makeCloseActions(docs, ui, tabActions)
  const open = (url: string, dirty: boolean) => {
    const id = tabActions.newTab()
    if (dirty) tabActions.editDraft(id, { url })
    return id
  }
  const urls = () => data.listTabs(device).map((t) => t.draft.url)
  return { docs, ui, tabActions, close, open, urls, device, workspace }
}

describe('closing tabs', () => {
  it('closes a tab without changes at once', () => {
    const { close, open, ui, urls } = setup()
    open('', false)
    const clean = open('', false)
    close.closeTab(clean)
    expect(urls()).toHaveLength(1)
    expect(ui.dialog()).toBeNull()
  })

  it("asks before closing unsaved work; Cancel keeps it, Don't save drops it", () => {
    const { close, open, ui, urls } = setup()
    open('', false)
    const dirty = open('http://a.test/x', true)
    close.closeTab(dirty)
    expect(ui.dialog()).toEqual({ kind: 'unsaved', intent: { kind: 'one', id: dirty } })
    ui.closeDialog()
    expect(urls()).toEqual(['', 'http://a.test/x'])
    close.discardAndClose({ kind: 'one', id: dirty })
    expect(urls()).toEqual([''])
    expect(ui.dialog()).toBeNull()
  })

  it('Save saves in place, asks where for a new request, and closes once all are saved', () => {
    const { close, open, ui, urls, tabActions, device, workspace } = setup()
    const collection = data.createCollection(workspace, { name: 'C' })
    const saved = open('http://a.test/saved', true)
    tabActions.saveAs(saved, 'Saved', collection)
    tabActions.editDraft(saved, { url: 'http://a.test/saved?v=2' })
    open('http://a.test/new', true)
    open('', false)

    const intent = { kind: 'all', fresh: true } as const
    close.closeAllAndOpenFresh()
    expect(ui.dialog()).toEqual({ kind: 'unsaved', intent })
    close.saveAndClose(intent)
    const savedId = data.listTabs(device)[0]!.savedRequestId!
    expect(data.readRequest(workspace, savedId)?.url).toBe('http://a.test/saved?v=2')
    const asking = ui.dialog()
    expect(asking).toMatchObject({ kind: 'save', then: intent })
    expect(urls()).toHaveLength(3)

    if (asking?.kind !== 'save') throw new Error('no save dialog')
    tabActions.saveAs(asking.tabId, 'New', collection)
    close.saveAndClose(intent)
    expect(ui.dialog()).toBeNull()
    expect(urls()).toEqual([''])
  })

  it('Close Others keeps the chosen tab and makes it active', () => {
    const { close, open, urls, device } = setup()
    open('http://a.test/1', true)
    const keep = open('http://a.test/2', true)
    open('http://a.test/3', false)
    close.discardAndClose({ kind: 'others', keep })
    expect(urls()).toEqual(['http://a.test/2'])
    expect(data.activeTabId(device)).toBe(keep)
  })

  it("in a Can view workspace, Save and the question's Save change nothing and close nothing", () => {
    const { docs, ui, tabActions, open, urls, device, workspace } = setup()
    const collection = data.createCollection(workspace, { name: 'C' })
    const tab = open('http://a.test/shared', true)
    const requestId = tabActions.saveAs(tab, 'Shared', collection)!
    tabActions.editDraft(tab, { url: 'http://a.test/mine' })
    const close = makeCloseActions(docs, ui, refuseWrites(tabActions))

    close.saveTab(tab)
    expect(ui.saveRefused()).toBe(tab)
    expect(ui.dialog()).toBeNull()
    ui.setSaveRefused(null)
    close.closeTab(tab)
    close.saveAndClose({ kind: 'one', id: tab })
    expect(ui.saveRefused()).toBe(tab)
    expect(ui.dialog()).toBeNull()
    expect(urls()).toEqual(['http://a.test/mine'])
    expect(data.listTabs(device)[0]!.dirty).toBe(true)
    expect(data.readRequest(workspace, requestId)?.url).toBe('http://a.test/shared')
  })
})

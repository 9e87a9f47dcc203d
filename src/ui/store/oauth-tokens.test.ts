/** A held OAuth 2.0 token follows its request through the first save; real actions, real Yjs docs. */
import { indexedDB } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { OpenDocs } from './docs.ts'
import { trackDurability } from './durable-commit.ts'
import { makeResponseStore } from './last-responses.ts'
import { makeTabActions } from './tab-actions.ts'

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
  const tabs = makeTabActions(
    docs,
    () => {},
    (id) => data.setActiveTab(device, id),
  )
  const collection = data.createCollection(workspace, { name: 'API' })
  const draftId = (tabId: string) => data.listTabs(device).find((t) => t.id === tabId)!.draft.id
  return { device, tabs, collection, draftId }
}

describe('OAuth 2.0 token on save', () => {
  it('moves the token of a new, unsaved request to the saved request', () => {
    const { device, tabs, collection, draftId } = setup()
    const tab = tabs.newTab()
    const unsaved = draftId(tab)
    data.setOAuthToken(device, unsaved, { accessToken: 'fetched-before-save', expiresAt: 5000 })
    const requestId = tabs.saveAs(tab, 'Orders', collection)!
    expect(requestId).not.toBe(unsaved)
    expect(draftId(tab)).toBe(requestId)
    expect(data.readOAuthToken(device, requestId)).toEqual({
      accessToken: 'fetched-before-save',
      expiresAt: 5000,
    })
    expect(data.readOAuthToken(device, unsaved)).toBeUndefined()
  })

  it('copies the token on `Save as` of a saved request, which keeps its own', () => {
    const { device, tabs, collection, draftId } = setup()
    const tab = tabs.newTab()
    const first = tabs.saveAs(tab, 'First', collection)!
    data.setOAuthToken(device, first, { accessToken: 'first-token' })
    const second = tabs.saveAs(tab, 'Second', collection)!
    expect(second).not.toBe(first)
    expect(draftId(tab)).toBe(second)
    expect(data.readOAuthToken(device, first)?.accessToken).toBe('first-token')
    expect(data.readOAuthToken(device, second)?.accessToken).toBe('first-token')
  })

  it('leaves tokens alone on a save in place and when the draft holds none', () => {
    const { device, tabs, collection } = setup()
    const tab = tabs.newTab()
    const requestId = tabs.saveAs(tab, 'Orders', collection)!
    expect(data.readOAuthToken(device, requestId)).toBeUndefined()
    data.setOAuthToken(device, requestId, { accessToken: 'kept' })
    tabs.editDraft(tab, { url: 'https://api.example.test/orders' })
    expect(tabs.save(tab)).toBe('saved')
    expect(data.readOAuthToken(device, requestId)?.accessToken).toBe('kept')
  })
})

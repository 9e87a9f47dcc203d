/**
 * An open tab and another person's edits, on real Yjs docs: a remote delete keeps the tab's
 * edits, a remote restore makes it clean again, and a save merges the tab's draft with what the
 * other person saved meanwhile (3-way, character by character).
 */
import { indexedDB } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { OpenDocs } from './docs.ts'
import { trackDurability } from './durable-commit.ts'
import { followRemoteEdits } from './follow-remote.ts'
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
  const collection = data.createCollection(workspace, { name: 'API' })
  const requestId = data.createRequest(
    workspace,
    { parentId: collection },
    { name: 'Users', url: 'https://a.test/users' },
  )
  const other = new Y.Doc()
  Y.applyUpdate(other, Y.encodeStateAsUpdate(workspace))
  const tabs = makeTabActions(
    docs,
    () => {},
    (id) => data.setActiveTab(device, id),
  )
  const tabId = data.openTab(device, data.readRequest(workspace, requestId)!, { savedRequestId: requestId })
  const unfollow = followRemoteEdits(docs)
  /** The other person's changes arrive. */
  const receive = () => Y.applyUpdate(workspace, Y.encodeStateAsUpdate(other))
  const tab = () => data.listTabs(device).find((t) => t.id === tabId)!
  return { workspace, other, requestId, tabs, tabId, receive, tab, unfollow }
}

describe('a tab and another person’s edits', () => {
  it('a remote delete keeps the tab’s copy; a remote restore makes it clean again', () => {
    const { other, requestId, receive, tab, unfollow } = setup()
    data.deleteItem(other, requestId)
    receive()
    expect(tab().dirty).toBe(true)
    expect(tab().draft.url).toBe('https://a.test/users')
    data.restoreItem(other, requestId)
    receive()
    expect(tab().dirty).toBe(false)
    unfollow()
  })

  it('Save merges the draft with what the other person saved since it started', () => {
    const { workspace, other, requestId, tabs, tabId, receive, tab, unfollow } = setup()
    tabs.editDraft(tabId, { url: 'https://a.test/v2/users' })
    data.updateRequest(other, requestId, { url: 'https://a.test/users?page=2', method: 'POST' })
    receive()
    expect(tab().draft.url).toBe('https://a.test/v2/users')
    expect(tabs.save(tabId)).toBe('saved')
    const merged = data.readRequest(workspace, requestId)!
    expect(merged.url).toBe('https://a.test/v2/users?page=2')
    // The draft did not change the method: the other person's POST stays.
    expect(merged.method).toBe('POST')
    expect(tab().draft.url).toBe(merged.url)
    expect(tab().dirty).toBe(false)
    unfollow()
  })
})

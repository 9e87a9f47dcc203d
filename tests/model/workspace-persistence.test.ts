/**
 * The workspace and device docs survive a reload through y-indexeddb (on fake-indexeddb in
 * Node; the app's end-to-end tests use Chromium's IndexedDB), the way the app attaches it:
 * persistence from outside, the model initialised after the stored state has loaded.
 */
import 'fake-indexeddb/auto'
import { IndexeddbPersistence } from 'y-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRequest, makeVariable } from '../../src/model/factories.ts'
import {
  addHistoryEntry,
  createCollection,
  createFolder,
  createRequest,
  initDevice,
  initWorkspace,
  listTabs,
  moveItem,
  openTab,
  readCollection,
  readHistory,
  readVariables,
  setVariables,
  updateDraft,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { loadSnapshot, WORKSPACE_SHAPE } from '../../src/model/workspace/migrations/snapshot.ts'
import v0 from '../../src/model/workspace/migrations/workspace/v1.input.json'

const open: IndexeddbPersistence[] = []

async function load(name: string): Promise<Y.Doc> {
  const doc = new Y.Doc()
  const persistence = new IndexeddbPersistence(name, doc)
  open.push(persistence)
  await persistence.whenSynced
  return doc
}

async function close(doc: Y.Doc): Promise<void> {
  const index = open.findIndex((persistence) => persistence.doc === doc)
  await open.splice(index, 1)[0]!.destroy()
  doc.destroy()
}

afterEach(async () => {
  for (const persistence of open.splice(0)) await persistence.destroy()
})

describe('persistence through y-indexeddb', () => {
  it('reloads a workspace and a device doc as they were', async () => {
    const doc = await load('workspace-a')
    const device = await load('device-a')
    initWorkspace(doc)
    initDevice(device)
    const api = createCollection(doc, { name: 'API' })
    const folder = createFolder(doc, { parentId: api }, { name: 'Users' })
    const request = createRequest(doc, { parentId: folder }, { name: 'Get', url: 'http://127.0.0.1/users' })
    createRequest(doc, { parentId: api }, { name: 'Health' })
    moveItem(doc, request, { parentId: api, index: 0 })
    // Enough updates for y-indexeddb to compact its update log on the way.
    for (let i = 0; i < 600; i++) updateRequest(doc, request, { url: `http://127.0.0.1/users/${i}` })
    setVariables(doc, device, { scope: 'collection', id: api }, [
      makeVariable({ key: 'k', value: 'v-secret', secret: true }),
    ])
    const tab = openTab(device, makeRequest({ name: 'Draft' }))
    updateDraft(device, tab, { url: 'http://127.0.0.1/draft' })
    addHistoryEntry(device, {
      time: 1,
      method: 'GET',
      url: 'http://127.0.0.1/',
      outcome: 'done',
      status: 200,
    })
    const before = readCollection(doc, api)
    await close(doc)
    await close(device)

    const reloaded = await load('workspace-a')
    const reloadedDevice = await load('device-a')
    expect(initWorkspace(reloaded)).toEqual({ from: 6, to: 6 })
    initDevice(reloadedDevice)
    expect(readCollection(reloaded, api)).toEqual(before)
    expect(readCollection(reloaded, api)!.children[0]).toMatchObject({
      name: 'Get',
      url: 'http://127.0.0.1/users/599',
    })
    expect(readVariables(reloaded, { scope: 'collection', id: api }, reloadedDevice)[0]!.value).toBe(
      'v-secret',
    )
    expect(listTabs(reloadedDevice)[0]).toMatchObject({
      dirty: true,
      draft: { name: 'Draft', url: 'http://127.0.0.1/draft' },
    })
    expect(readHistory(reloadedDevice)).toHaveLength(1)
  })

  it('migrates a stored old doc once it has loaded', async () => {
    const old = await load('workspace-old')
    loadSnapshot(old, v0, WORKSPACE_SHAPE)
    await close(old)

    const doc = await load('workspace-old')
    expect(initWorkspace(doc)).toEqual({ from: 0, to: 6 })
    expect(readCollection(doc, 'c1')!.children.map((item) => item.name)).toEqual(['Orders', 'Health'])
    await close(doc)
    const again = await load('workspace-old')
    expect(initWorkspace(again)).toEqual({ from: 6, to: 6 })
  })
})

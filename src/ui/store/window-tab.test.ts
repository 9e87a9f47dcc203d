/** Two windows over one device doc (real Yjs, a real BroadcastChannel): each keeps its own tab. */
import { indexedDB } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import { makeRequest } from '../../model/factories.ts'
import { channelName, shareAcrossTabs, type Channel, type SharedDoc } from './cross-tab.ts'
import type { OpenDocs } from './docs.ts'
import { trackDurability } from './durable-commit.ts'
import { makeResponseStore } from './last-responses.ts'
import { bindWindowTab, createWindowTab, windowTabKey, type WindowStorage } from './window-tab.ts'

const shared: SharedDoc[] = []
afterEach(() => shared.splice(0).forEach((doc) => doc.stop()))

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check()).toBe(true)
}

function memoryStorage(): WindowStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

/** One window of the app: its device doc on the shared channel, and the tab it shows. */
function openWindow(name: string, storage = memoryStorage(), device = new Y.Doc()) {
  shared.push(shareAcrossTabs(device, new BroadcastChannel(channelName(name)) as unknown as Channel))
  data.initDevice(device)
  const docs: OpenDocs = {
    workspace: new Y.Doc(),
    device,
    deviceDb: name,
    responses: makeResponseStore(indexedDB),
    durability: trackDurability(new Y.Doc(), []),
    loadMs: 0,
    close: () => {},
  }
  const tab = bindWindowTab(docs, storage)
  let shown = tab.current()
  data.subscribeDevice(device, (origin) => (shown = tab.follow(origin)))
  return { device, storage, activate: tab.activate, shown: () => shown }
}

describe('the active tab of a window', () => {
  it('stays where it was when another window opens or switches tabs', async () => {
    const a = openWindow('device-switch')
    const x = data.openTab(a.device, makeRequest({ url: 'https://x.test' }))
    expect(a.shown()).toBe(x)
    const b = openWindow('device-switch', memoryStorage(), cloneDoc(a.device))
    expect(b.shown()).toBe(x)

    const y = data.openTab(b.device, makeRequest({ url: 'https://y.test' }))
    expect(b.shown()).toBe(y)
    await until(() => data.listTabs(a.device).length === 2)
    expect(a.shown()).toBe(x)

    // Drafts stay shared.
    data.updateDraft(a.device, x, { url: 'https://x.test/edited' })
    await until(() => data.listTabs(b.device)[0]?.draft.url === 'https://x.test/edited')
    expect(b.shown()).toBe(y)

    b.activate(x)
    expect(b.shown()).toBe(x)
    await until(() => data.activeTabId(a.device) === x)
    expect(a.shown()).toBe(x) // it was showing x already
    a.activate(y)
    await until(() => data.activeTabId(b.device) === y)
    expect(b.shown()).toBe(x)
    expect(a.shown()).toBe(y)
  })

  it('moves to a neighbour when another window closes the tab it shows', async () => {
    const a = openWindow('device-close')
    const [t1, t2, t3] = ['1', '2', '3'].map((n) => data.openTab(a.device, makeRequest({ url: n })))
    const b = openWindow('device-close', memoryStorage(), cloneDoc(a.device))
    b.activate(t2!)
    await until(() => data.activeTabId(a.device) === t2)
    a.activate(t1!)
    data.closeTab(a.device, t2!)
    await until(() => data.listTabs(b.device).length === 2)
    expect(b.shown()).toBe(t3)
    expect(a.shown()).toBe(t1)
    // Its own close too: the last tab closes, the one before it shows.
    data.closeTab(b.device, t3!)
    expect(b.shown()).toBe(t1)
  })

  it('a reload restores the window’s own tab; a new window starts on the last one chosen', () => {
    const storage = memoryStorage()
    const a = openWindow('device-reload', storage)
    const x = data.openTab(a.device, makeRequest({ url: 'x' }))
    const y = data.openTab(a.device, makeRequest({ url: 'y' }))
    a.activate(x)
    expect(storage.map.get(windowTabKey('device-reload'))).toBe(x)
    data.setActiveTab(a.device, y) // another window's choice, as the shared doc holds it
    const reloaded = createWindowTab(storage, windowTabKey('device-reload'), [x, y], y)
    expect(reloaded.current()).toBe(x)
    const fresh = createWindowTab(memoryStorage(), windowTabKey('device-reload'), [x, y], y)
    expect(fresh.current()).toBe(y)
    // A stored tab that was closed meanwhile: the shared one.
    const stale = createWindowTab(storage, windowTabKey('device-reload'), [y], y)
    expect(stale.current()).toBe(y)
  })

  it('works without storage (refused): the window still keeps its tab', () => {
    const refusing: WindowStorage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {},
    }
    const tab = createWindowTab(refusing, 'k', ['a', 'b'], 'b')
    expect(tab.current()).toBe('b')
    tab.activate('a')
    expect(tab.follow(['a', 'b'], 'b', false)).toBe('a')
  })
})

function cloneDoc(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc()
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
  return copy
}

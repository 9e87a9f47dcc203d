/**
 * The split of an old room on load, over the real LevelDB store: nothing leaves the root until its
 * collection docs are written (a failed write leaves the root whole, and the room fails to load so
 * clients retry), and the next load splits it then, the copy made before counted once.
 */
import { rm } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { tempDir } from '../tests/helpers/sync-server.ts'
import {
  createCollection,
  createRequest,
  initWorkspace,
  isSplit,
  readCollection,
} from '../src/model/workspace/api.ts'
import { openRoomStore, type RoomStore } from './persistence.ts'
import { needsSplit, splittingRooms } from './split-rooms.ts'
import type { RoomHold } from './sync.ts'

let dir: string

beforeEach(async () => {
  dir = await tempDir('sendbox-split-')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Rooms opened as the sync service would: one doc per name, bound to the store once. */
function holder(store: RoomStore) {
  const open = new Map<string, Y.Doc>()
  return async (room: string): Promise<RoomHold> => {
    let doc = open.get(room)
    if (!doc) {
      open.set(room, (doc = new Y.Doc()))
      await store.bind(room, doc)
    }
    return { doc, release: () => undefined }
  }
}

async function storeOldRoom(room: string) {
  const store = await openRoomStore(dir, () => undefined)
  const doc = new Y.Doc()
  await store.bind(room, doc)
  initWorkspace(doc)
  const shop = createCollection(doc, { name: 'Shop' })
  createRequest(doc, { parentId: shop }, { name: 'Users', url: 'https://api.test/u' })
  const expected = readCollection(doc, shop)!
  await store.flushed(doc)
  await store.close()
  return { shop, expected }
}

describe('split on load', () => {
  it('leaves the root whole when a collection doc cannot be written, and splits on the next load', async () => {
    const { shop, expected } = await storeOldRoom('old')

    const failing = await openRoomStore(dir, () => undefined)
    const root = new Y.Doc()
    const refusing: RoomStore = {
      ...failing,
      bind: (room, doc) => failing.bind(room, doc),
      flushed: async (doc) => {
        await failing.flushed(doc)
        // Every collection doc's write fails.
        if (doc !== root) throw new Error('disk full')
      },
    }
    await expect(splittingRooms(refusing, holder(refusing)).bind('old', root)).rejects.toThrow('disk full')
    expect(isSplit(root)).toBe(false)
    expect(readCollection(root, shop)).toEqual(expected)
    await failing.flushed(root)
    await failing.close()

    const store = await openRoomStore(dir, () => undefined)
    const hold = holder(store)
    const again = new Y.Doc()
    await splittingRooms(store, hold).bind('old', again)
    expect(isSplit(again)).toBe(true)
    expect(again.getMap('collections').size).toBe(0)
    const collection = (await hold(`old/c/${shop}`)).doc
    expect(readCollection(collection, shop)).toEqual(expected)
    expect(collection.getMap('collections').size).toBe(1)
    expect(collection.getMap('requests').size).toBe(1)
    await store.flushed(again)
    await store.close()

    // Stored split: loading again changes nothing.
    const last = await openRoomStore(dir, () => undefined)
    const reloaded = new Y.Doc()
    await last.bind('old', reloaded)
    expect(needsSplit(reloaded)).toBe(false)
    expect(isSplit(reloaded)).toBe(true)
    await last.close()
  })

  it('leaves an empty root and arbitrary content alone', () => {
    const empty = new Y.Doc()
    expect(needsSplit(empty)).toBe(false)
    const odd = new Y.Doc()
    odd.getMap('collections').set('x', 'not an entity')
    expect(needsSplit(odd)).toBe(false)
  })
})

/** The store's promise: `flushed` resolves once updates are on disk, and rejects after a failed write. */
import { rm } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { tempDir } from '../tests/helpers/sync-server.ts'
import { StartupError } from './config.ts'
import { getLevelUpdates, LeveldbPersistence } from 'y-leveldb'
import { openRoomStore } from './persistence.ts'

let dir: string

beforeEach(async () => {
  dir = await tempDir('sendbox-store-')
})

afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

describe('room store', () => {
  it('what flushed() waited for is there when the database is opened again', async () => {
    const store = await openRoomStore(dir, () => undefined)
    const doc = new Y.Doc()
    await store.bind('room', doc)
    for (let i = 0; i < 50; i++) doc.getMap('m').set(`k${i}`, i)
    await store.flushed(doc)
    await store.close()

    const again = await openRoomStore(dir, () => undefined)
    const reloaded = new Y.Doc()
    await again.bind('room', reloaded)
    expect(reloaded.getMap('m').size).toBe(50)
    await again.close()
  })

  it('updates made while a write is in flight go to disk together, in one write', async () => {
    const store = await openRoomStore(dir, () => undefined)
    const doc = new Y.Doc()
    await store.bind('room', doc)
    for (let i = 0; i < 300; i++) doc.getMap('m').set(`k${i}`, i)
    await store.flushed(doc)
    await store.close()

    const ldb = new LeveldbPersistence(dir)
    const stored = (await ldb._transact((db) => getLevelUpdates(db, 'room'))) as Uint8Array[]
    await ldb.destroy()
    // A write starts once the code making the edits yields; all 300 made before are that one write.
    expect(stored.length).toBe(1)
    const reloaded = new Y.Doc()
    for (const update of stored) Y.applyUpdate(reloaded, update)
    expect(reloaded.getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON())
  })

  it('a write that fails is reported and makes flushed() reject', async () => {
    // y-leveldb logs the failure it swallows; keep the test output about this test.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const failed: Y.Doc[] = []
    const store = await openRoomStore(dir, (doc) => failed.push(doc))
    const doc = new Y.Doc()
    await store.bind('room', doc)
    doc.getMap('m').set('before', 1)
    await store.flushed(doc)
    await store.close()
    doc.getMap('m').set('after', 2)
    await expect(store.flushed(doc)).rejects.toThrow(/writing the room failed/)
    expect(failed).toEqual([doc])
  })

  it('a database another process holds is a startup error naming the cause', async () => {
    const store = await openRoomStore(dir, () => undefined)
    await expect(openRoomStore(dir, () => undefined)).rejects.toThrow(StartupError)
    await expect(openRoomStore(dir, () => undefined)).rejects.toThrow(/in use by another sync-server/)
    await store.close()
  })
})

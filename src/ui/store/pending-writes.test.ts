/**
 * An edit made just before the page goes away survives: pending updates go to storage on the way
 * out and come back on the next open. Runs y-indexeddb on fake-indexeddb.
 */
import 'fake-indexeddb/auto'
import { IndexeddbPersistence } from 'y-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { guardPendingWrites, pendingKey, type KeyValueStorage } from './pending-writes.ts'

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

const open: IndexeddbPersistence[] = []
let dbCount = 0

async function openDoc(name: string) {
  const doc = new Y.Doc()
  const persistence = new IndexeddbPersistence(name, doc)
  open.push(persistence)
  await persistence.whenSynced
  return { doc, persistence }
}

const committed = (guard: { pending: () => number }) =>
  new Promise<void>((resolve) => {
    const check = () => (guard.pending() === 0 ? resolve() : setTimeout(check, 5))
    check()
  })

afterEach(async () => {
  for (const persistence of open.splice(0)) await persistence.destroy()
})

describe('guardPendingWrites', () => {
  it('saves an edit IndexedDB has not committed yet and restores it on the next open', async () => {
    const storage = new MemoryStorage()
    const first = await openDoc(`pending-${++dbCount}`)
    const guard = guardPendingWrites(first.persistence, 'db', storage)
    first.doc.getMap('tabs').set('url', 'https://draft.test/typed-just-now')
    // The page goes away in the same task as the keystroke: the write is still in flight.
    expect(guard.pending()).toBe(1)
    guard.flush()
    expect(storage.getItem(pendingKey('db'))).not.toBeNull()

    // The next page finds IndexedDB without the write (a fresh database stands in for the aborted one).
    const second = await openDoc(`pending-${++dbCount}`)
    const restored = guardPendingWrites(second.persistence, 'db', storage)
    expect(second.doc.getMap('tabs').get('url')).toBe('https://draft.test/typed-just-now')
    expect(storage.getItem(pendingKey('db'))).toBeNull()

    // Restored updates are stored in IndexedDB like any edit.
    await committed(restored)
    const name = second.persistence.name
    await second.persistence.destroy()
    const third = await openDoc(name)
    expect(third.doc.getMap('tabs').get('url')).toBe('https://draft.test/typed-just-now')
  })

  it('writes nothing once IndexedDB has committed, and removes a journal it no longer needs', async () => {
    const storage = new MemoryStorage()
    const { doc, persistence } = await openDoc(`pending-${++dbCount}`)
    const guard = guardPendingWrites(persistence, 'db', storage)
    doc.getMap('tabs').set('url', 'a')
    guard.flush()
    expect(storage.getItem(pendingKey('db'))).not.toBeNull()
    await committed(guard)
    expect(storage.getItem(pendingKey('db'))).toBeNull()
    doc.getMap('tabs').set('url', 'b')
    await committed(guard)
    guard.flush()
    expect(storage.items.size).toBe(0)
  })

  it('does not journal the stored state it loads, and drops a damaged journal', async () => {
    const storage = new MemoryStorage()
    storage.setItem(pendingKey('db'), 'not base64 of an update!')
    const { doc, persistence } = await openDoc(`pending-${++dbCount}`)
    const guard = guardPendingWrites(persistence, 'db', storage)
    expect(guard.pending()).toBe(0)
    expect(storage.items.size).toBe(0)
    expect(doc.getMap('tabs').size).toBe(0)
  })
})

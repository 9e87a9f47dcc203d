/** Purging deletions: `Delete permanently` and the 30-day retention (deleted.ts). */
import { describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import {
  createCollection,
  createFolder,
  createRequest,
  DELETED_RETENTION_MS,
  followServerClock,
  deleteItem,
  initWorkspace,
  listDeleted,
  purgeExpired,
  purgeItem,
  purgeTime,
  readCollection,
  restoreItem,
  setVariables,
} from './api.ts'

const DAY = 24 * 60 * 60 * 1000

function sample() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const api = createCollection(doc, { name: 'API' })
  const users = createFolder(doc, { parentId: api }, { name: 'Users' })
  const getUser = createRequest(doc, { parentId: users }, { name: 'Get user' })
  const health = createRequest(doc, { parentId: api }, { name: 'Health' })
  return { doc, api, users, getUser, health }
}

const stored = (doc: Y.Doc) => [
  ...doc.getMap('collections').keys(),
  ...doc.getMap('folders').keys(),
  ...doc.getMap('requests').keys(),
]

describe('purging deletions', () => {
  it('Delete permanently removes the deletion with what it took along, and nothing else', () => {
    const { doc, api, users, getUser, health } = sample()
    deleteItem(doc, users)
    deleteItem(doc, health)
    const purged = purgeItem(doc, users)
    expect(purged.ids.sort()).toEqual([users, getUser].sort())
    expect(stored(doc).sort()).toEqual([api, health].sort())
    expect(listDeleted(doc).map((item) => item.id)).toEqual([health])
    const children = doc.getMap<Y.Map<unknown>>('collections').get(api)!.get('children') as Y.Array<string>
    expect(children.toArray()).toEqual([health])
    expect(() => restoreItem(doc, users)).toThrow(/Nothing deleted/)
    restoreItem(doc, health)
    expect(readCollection(doc, api)!.children.map((item) => item.name)).toEqual(['Health'])
  })

  it('refuses what is not a listed deletion: a live item, or one taken along by a larger one', () => {
    const { doc, users, getUser, health } = sample()
    expect(() => purgeItem(doc, health)).toThrow(/Nothing deleted/)
    deleteItem(doc, users)
    expect(() => purgeItem(doc, getUser)).toThrow(/Nothing deleted/)
    expect(stored(doc)).toContain(getUser)
  })

  it('a purged collection takes its deleted items and their secret variable ids with it', () => {
    const { doc, api, users, health } = sample()
    setVariables(doc, new Y.Doc(), { scope: 'folder', id: users }, [
      { id: 'v1', key: 'token', value: '', enabled: true, secret: true },
    ])
    deleteItem(doc, health)
    deleteItem(doc, api)
    const purged = purgeItem(doc, api)
    expect(stored(doc)).toEqual([])
    expect(purged.variableIds).toEqual(['v1'])
    expect(doc.getArray('collectionOrder').toArray()).toEqual([])
  })

  it('purges deletions 30 days old, from the time of the delete, and keeps younger ones', () => {
    const { doc, users, health } = sample()
    vi.useFakeTimers({ now: 1_000_000_000_000 })
    try {
      deleteItem(doc, users)
      vi.setSystemTime(1_000_000_000_000 + 10 * DAY)
      deleteItem(doc, health)
    } finally {
      vi.useRealTimers()
    }
    expect(DELETED_RETENTION_MS).toBe(30 * DAY)
    expect(purgeExpired(doc, 1_000_000_000_000 + 30 * DAY - 1).ids).toEqual([])
    expect(purgeExpired(doc, 1_000_000_000_000 + 30 * DAY).ids).toHaveLength(2)
    expect(listDeleted(doc).map((item) => item.name)).toEqual(['Health'])
    const before = Y.encodeStateVector(doc)
    expect(purgeExpired(doc, 1_000_000_000_000 + 30 * DAY).ids).toEqual([])
    expect(Y.encodeStateVector(doc)).toEqual(before)
  })

  it('two peers purging the same deletion converge', () => {
    const { doc, users } = sample()
    deleteItem(doc, users)
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    purgeItem(doc, users)
    purgeItem(other, users)
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other))
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    expect(stored(doc).sort()).toEqual(stored(other).sort())
    expect(stored(doc)).not.toContain(users)
  })
})

describe('purging by a clock that may be wrong', () => {
  const DELETED_AT = 1_000_000_000_000
  function deletedYesterday() {
    const { doc, users } = sample()
    vi.useFakeTimers({ now: DELETED_AT })
    try {
      deleteItem(doc, users)
    } finally {
      vi.useRealTimers()
    }
    return { doc, users }
  }
  const serverNow = DELETED_AT + DAY

  it('a device clock 60 days ahead purges nothing once the server said its time', () => {
    const { doc, users } = deletedYesterday()
    const at = purgeTime(serverNow + 60 * DAY, serverNow, true)
    expect(at).toBe(serverNow)
    expect(purgeExpired(doc, at!).ids).toEqual([])
    expect(listDeleted(doc).map((item) => item.id)).toEqual([users])
  })

  it('a server clock ahead purges nothing either: the earlier clock counts', () => {
    const { doc } = deletedYesterday()
    const at = purgeTime(serverNow, serverNow + 60 * DAY, true)
    expect(purgeExpired(doc, at!).ids).toEqual([])
  })

  it('a workspace that syncs does not purge before the server time is known', () => {
    expect(purgeTime(serverNow + 60 * DAY, undefined, true)).toBeNull()
    expect(purgeTime(serverNow + 60 * DAY, Number.NaN, true)).toBeNull()
  })

  it('purges when both clocks agree the deletion is 30 days old', () => {
    const { doc, users } = deletedYesterday()
    const later = DELETED_AT + 30 * DAY
    expect(purgeExpired(doc, purgeTime(later + 5_000, later, true)!).ids).toContain(users)
  })

  it('a workspace that never syncs goes by the device clock', () => {
    const { doc, users } = deletedYesterday()
    expect(purgeExpired(doc, purgeTime(DELETED_AT + 31 * DAY, undefined, false)!).ids).toContain(users)
  })
})

describe('deletion stamps follow the server clock', () => {
  it('a device clock 40 days behind stamps deletions by the server time it read, so peers do not purge them early', () => {
    const { doc, users } = sample()
    const device = Date.now()
    followServerClock(device + 40 * DAY, device)
    try {
      deleteItem(doc, users)
      const [deleted] = listDeleted(doc)
      expect(deleted?.deletedAt).toBeGreaterThanOrEqual(device + 40 * DAY)
      // A peer whose clock is right does not purge a deletion made today.
      expect(purgeExpired(doc, device + 40 * DAY + DAY).ids).toEqual([])
    } finally {
      followServerClock(0, 0)
    }
  })

  it('without a server time the device clock stamps', () => {
    const { doc, users } = sample()
    const before = Date.now()
    deleteItem(doc, users)
    expect(listDeleted(doc)[0]?.deletedAt).toBeGreaterThanOrEqual(before)
    expect(listDeleted(doc)[0]?.deletedAt).toBeLessThanOrEqual(Date.now())
  })
})

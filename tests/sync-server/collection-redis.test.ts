/**
 * Collection rooms (`<workspace>/c/<collection id>`) across two sync-server processes on one real
 * redis-server: an edit in a collection room on one process reaches a client on the other, the
 * room's stream is its own, a link made on one opens the collection room on the other, and an
 * old one-doc room split by one process reaches the other's clients in the new shape, where a
 * model edit in its collection room on either process reaches the client on the other.
 */
import { describe, expect, it } from 'vitest'
import {
  createCollection,
  createRequest,
  initWorkspace,
  readCollection,
  readRequest,
  renameItem,
  SPLIT_SCHEMA_VERSION,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { streamKey } from '../../sync-server/redis/compact.ts'
import { REDIS_TOKEN, useRedisProcesses } from '../helpers/redis-processes.ts'
import { makeLink, synced, until } from '../helpers/share.ts'

const TOKEN = REDIS_TOKEN
const processes = useRedisProcesses()
const { start: process_, join, raw } = processes

describe('collection rooms on Redis', { timeout: 60_000 }, () => {
  it('an edit in a collection room on one process reaches a client on the other; its stream is its own', async () => {
    const [a, b] = await Promise.all([process_(), process_()])
    const onA = join(a, 'ws-rc/c/col-1')
    const onB = join(b, 'ws-rc/c/col-1')
    const rootOnB = join(b, 'ws-rc')
    await Promise.all([synced(onA), synced(onB), synced(rootOnB)])
    onA.doc.getText('body').insert(0, 'from A')
    await until(() => onB.doc.getText('body').toString() === 'from A')
    onB.doc.getText('body').insert(6, ', and B')
    await until(() => onA.doc.getText('body').toString() === 'from A, and B')
    expect(rootOnB.doc.getText('body').toString()).toBe('')
    expect(await processes.inspect.xlen(streamKey('ws-rc/c/col-1'))).toBeGreaterThan(0)
    expect(await processes.inspect.xlen(streamKey('ws-rc'))).toBe(0)

    const { token } = await makeLink({ url: a.url, accessToken: TOKEN }, 'ws-rc', 'edit')
    const guest = await raw(b, 'ws-rc/c/col-1', `token=${token}&name=Linus`)
    await guest.ack()
    expect(guest.doc.getText('body').toString()).toBe('from A, and B')
  })

  it('an old one-doc room split by one process reaches the other in the new shape', async () => {
    const [a, b] = await Promise.all([process_(), process_()])
    const old = await raw(a, 'ws-rsplit')
    initWorkspace(old.doc)
    const shop = createCollection(old.doc, { name: 'Shop' })
    const users = createRequest(old.doc, { parentId: shop }, { name: 'Users', url: 'https://api.test/u' })
    const expected = readCollection(old.doc, shop)
    await old.ack()
    old.close()
    // Both processes let the room go once its last client left: the next load splits it.
    await until(async () => {
      const root = await raw(b, 'ws-rsplit')
      await root.ack()
      const split = root.doc.getMap('meta').get('schemaVersion') === SPLIT_SCHEMA_VERSION
      root.close()
      return split
    }, 15_000)
    const onA = join(a, `ws-rsplit/c/${shop}`)
    await synced(onA)
    expect(readCollection(onA.doc, shop)).toEqual(expected)

    // One client on each process, in the split collection room: an edit on one reaches the other.
    const onB = join(b, `ws-rsplit/c/${shop}`)
    await synced(onB)
    updateRequest(onA.doc, users, { method: 'PUT', url: 'https://api.test/v2/u' })
    await until(() => readRequest(onB.doc, users)?.url === 'https://api.test/v2/u', 10_000)
    expect(readRequest(onB.doc, users)!.method).toBe('PUT')
    renameItem(onB.doc, users, 'Users (B)')
    await until(() => readRequest(onA.doc, users)?.name === 'Users (B)', 10_000)
    expect(await processes.inspect.xlen(streamKey(`ws-rsplit/c/${shop}`))).toBeGreaterThan(0)
  })
})

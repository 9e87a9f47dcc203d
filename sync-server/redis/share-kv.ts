/**
 * The share store in Redis, so a link made on one process opens on every other: plain keys and
 * sets under `sendbox:share:`, and revocations announced on one channel every process listens to.
 */
import type { ShareKv } from '../share-store.ts'
import type { RedisLink } from './connect.ts'

const PREFIX = 'sendbox:share:'
const REVOKED = 'sendbox:share-revoked'

export async function openRedisShareKv(link: RedisLink): Promise<ShareKv> {
  const { client } = link
  const listeners: ((workspace: string) => void)[] = []
  const onMessage = (message: Buffer) => {
    for (const listener of listeners) listener(message.toString())
  }
  await link.subscribe(REVOKED, onMessage)
  return {
    async get(key) {
      return (await client.get(PREFIX + key)) ?? undefined
    },
    async put(key, value) {
      await client.set(PREFIX + key, value)
    },
    async delete(keys) {
      if (keys.length > 0) await client.del(...keys.map((key) => PREFIX + key))
    },
    members: (set) => client.smembers(PREFIX + set),
    async add(set, member) {
      await client.sadd(PREFIX + set, member)
    },
    async deleteSet(set) {
      await client.del(PREFIX + set)
    },
    async announceRevoked(workspace) {
      await client.publish(REVOKED, workspace)
    },
    onRevoked(listener) {
      listeners.push(listener)
    },
    async close() {
      listeners.length = 0
      await link.unsubscribe(REVOKED, onMessage)
    },
  }
}

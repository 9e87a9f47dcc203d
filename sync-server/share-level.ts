/**
 * The share store of a single process: a LevelDB beside the rooms (`<data>/shares`). A set is
 * a range of keys `set\0<name>\0<member>`; revocations are announced to this process only.
 */
import { EventEmitter } from 'node:events'
import { Level } from 'level'
import { StartupError } from './config.ts'
import type { ShareKv } from './share-store.ts'

const SEP = '\u0000'
const memberKey = (set: string, member: string) => `set${SEP}${set}${SEP}${member}`
const range = (set: string) => ({ gt: `set${SEP}${set}${SEP}`, lt: `set${SEP}${set}${SEP}\uffff` })

export async function openLevelShareKv(location: string): Promise<ShareKv> {
  const db = new Level<string, string>(location, { valueEncoding: 'utf8' })
  try {
    await db.open()
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new StartupError(
        `data directory ${location} is in use by another sync-server: stop it or use --data`,
      )
    }
    throw new StartupError(
      `cannot open the share database in ${location} (${cause?.message ?? String(error)})`,
    )
  }
  const events = new EventEmitter()

  async function keysOf(set: string): Promise<string[]> {
    const keys: string[] = []
    for await (const key of db.keys(range(set))) keys.push(key)
    return keys
  }

  return {
    async get(key) {
      try {
        return await db.get(key)
      } catch (error) {
        if ((error as { code?: string }).code === 'LEVEL_NOT_FOUND') return undefined
        throw error
      }
    },
    put: (key, value) => db.put(key, value),
    async delete(keys) {
      if (keys.length > 0) await db.batch(keys.map((key) => ({ type: 'del' as const, key })))
    },
    async members(set) {
      const prefix = range(set).gt.length
      return (await keysOf(set)).map((key) => key.slice(prefix))
    },
    add: (set, member) => db.put(memberKey(set, member), ''),
    async deleteSet(set) {
      const keys = await keysOf(set)
      if (keys.length > 0) await db.batch(keys.map((key) => ({ type: 'del' as const, key })))
    },
    async announceRevoked(workspace) {
      events.emit('revoked', workspace)
    },
    onRevoked(listener) {
      events.on('revoked', listener)
    },
    async close() {
      events.removeAllListeners()
      await db.close()
    },
  }
}

/**
 * Compaction of a room's stream: every update read so far merged into one entry, the entries it
 * replaces trimmed, both in one MULTI so a kill at any moment leaves either the old entries or
 * the merged one. Entries appended meanwhile have larger ids and stay. Two processes compacting
 * at once would still be safe (each trims only what it read); a short lock saves the work.
 */
import type { Redis } from 'ioredis'
import * as Y from 'yjs'

export const streamKey = (room: string) => `sendbox:room:${room}:updates`
const lockKey = (room: string) => `sendbox:room:${room}:compacting`
const LOCK_MS = 30_000

export type StreamEntry = [id: Buffer, fields: Buffer[]]

/** The updates of a stream's entries (field `u`), in order. */
export function updatesOf(entries: StreamEntry[]): Uint8Array[] {
  const updates: Uint8Array[] = []
  for (const [, fields] of entries) {
    for (let i = 0; i + 1 < fields.length; i += 2) {
      if (fields[i]!.toString() === 'u') updates.push(new Uint8Array(fields[i + 1]!))
    }
  }
  return updates
}

/** The smallest stream id after `id` ("ms-seq"). */
export function nextId(id: string): string {
  const [ms, seq] = id.split('-')
  return `${ms}-${BigInt(seq ?? '0') + 1n}`
}

/** Merges the room's stream into one update; false when another process holds the lock or nothing to do. */
export async function compactRoom(redis: Redis, room: string): Promise<boolean> {
  const lock = lockKey(room)
  if ((await redis.set(lock, String(process.pid), 'PX', LOCK_MS, 'NX')) !== 'OK') return false
  try {
    const stream = streamKey(room)
    const entries = (await redis.xrangeBuffer(stream, '-', '+')) as StreamEntry[]
    if (entries.length < 2) return false
    const merged = Y.mergeUpdates(updatesOf(entries))
    const last = entries[entries.length - 1]![0].toString()
    const results = await redis
      .multi()
      .xadd(stream, '*', 'u', Buffer.from(merged))
      .xtrim(stream, 'MINID', nextId(last))
      .exec()
    const failed = results?.find(([error]) => error)
    if (!results || failed) throw failed?.[0] ?? new Error('compaction was discarded')
    return true
  } finally {
    await redis.del(lock)
  }
}

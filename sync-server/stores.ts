/**
 * Where rooms and share links live: LevelDB in the data directory for one process (the default,
 * nothing else to run), or Redis with --redis so several processes serve the same rooms.
 */
import path from 'node:path'
import type * as Y from 'yjs'
import type { Config } from './config.ts'
import { openRoomStore, type RoomStore } from './persistence.ts'
import { connectRedis } from './redis/connect.ts'
import { createRedisRoomStore } from './redis/room-store.ts'
import { openRedisShareKv } from './redis/share-kv.ts'
import { openLevelShareKv } from './share-level.ts'
import { ShareStore } from './share-store.ts'

export interface Stores {
  rooms: RoomStore
  share: ShareStore
  /** After the rooms and the share store are closed: the connections under them. */
  close(): Promise<void>
}

export async function openStores(
  config: Pick<Config, 'dataDir' | 'redisUrl'>,
  onWriteFailed: (doc: Y.Doc) => void,
): Promise<Stores> {
  if (config.redisUrl) {
    const link = await connectRedis(config.redisUrl)
    return {
      rooms: createRedisRoomStore(link, onWriteFailed),
      share: new ShareStore(await openRedisShareKv(link)),
      close: () => link.close(),
    }
  }
  const rooms = await openRoomStore(path.join(config.dataDir, 'sync'), onWriteFailed)
  const kv = await openLevelShareKv(path.join(config.dataDir, 'shares')).catch(async (error: unknown) => {
    await rooms.close()
    throw error
  })
  return { rooms, share: new ShareStore(kv), close: async () => undefined }
}

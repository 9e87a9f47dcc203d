/**
 * LevelDB storage of the rooms (y-leveldb), shaped for the one promise the sync server makes:
 * `flushed(room)` resolves only once every update applied to the room so far is written, and
 * rejects if a write failed. y-leveldb logs and swallows its own errors, so a write counts
 * as done only when it returned its clock.
 */
import { Level } from 'level'
import { getLevelUpdates, LeveldbPersistence } from 'y-leveldb'
import * as Y from 'yjs'
import { rememberFullState } from './full-state.ts'
import { StartupError } from './config.ts'

/** More stored updates than this are merged into one when a room is opened (y-leveldb's own rule). */
const PREFERRED_TRIM_SIZE = 500

/** Transaction origin of state read back from disk: it must not be written again. */
const FROM_DISK = Symbol('from-disk')

interface Binding {
  last: Promise<boolean>
  failed: boolean
  /** Updates stored since the room was opened: none, nothing to compact when it closes. */
  stored: number
  /** Updates made while a write is in flight: the next write stores them together, merged. */
  queued: Uint8Array[]
}

export interface RoomStore {
  /** Loads the persisted room into `doc` and writes every later update of it. */
  bind(room: string, doc: Y.Doc): Promise<void>
  flushed(doc: Y.Doc): Promise<void>
  /** The last client left: compact the room's updates into one. */
  release(room: string, doc: Y.Doc): Promise<void>
  close(): Promise<void>
}

export async function openRoomStore(
  location: string,
  onWriteFailed: (doc: Y.Doc) => void,
): Promise<RoomStore> {
  const created: Level<unknown, unknown>[] = []
  // y-leveldb constructs the database itself; keep a handle to open it here and see why it fails.
  class OpenedLevel extends Level<unknown, unknown> {
    constructor(path: string, options: object) {
      super(path, options)
      created.push(this)
    }
  }
  const ldb = new LeveldbPersistence(location, { Level: OpenedLevel })
  try {
    await created[0]!.open()
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new StartupError(
        `data directory ${location} is in use by another sync-server: stop it or use --data`,
      )
    }
    throw new StartupError(
      `cannot open the sync database in ${location} (${cause?.message ?? String(error)})`,
    )
  }

  const bindings = new Map<Y.Doc, Binding>()

  return {
    async bind(room, doc) {
      const binding: Binding = { last: Promise.resolve(true), failed: false, stored: 0, queued: [] }
      bindings.set(doc, binding)
      // The stored updates merged and applied once: y-leveldb's getYDoc would apply them to a doc
      // of its own, which this one would then have to encode and apply again (a 10k-request room
      // opened in about a third of the time).
      const updates = await ldb._transact((db) => getLevelUpdates(db, room))
      if (!updates) throw new Error(`cannot read room ${room}`)
      if (updates.length > 0) {
        const merged = Y.mergeUpdates(updates)
        Y.applyUpdate(doc, merged, FROM_DISK)
        rememberFullState(doc, merged)
      }
      if (updates.length > PREFERRED_TRIM_SIZE) void ldb.flushDocument(room)
      doc.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin === FROM_DISK) return
        binding.stored++
        // One write at a time, each taking what came meanwhile: a busy room's writes keep up with
        // its edits (one LevelDB write per update fell minutes behind a loaded event loop, and a
        // reconnecting peer's sync step 1 waits for them all).
        binding.queued.push(update)
        if (binding.queued.length > 1) return
        binding.last = binding.last.then(async () => {
          const batch = binding.queued.splice(0)
          const clock: unknown = await ldb.storeUpdate(
            room,
            batch.length === 1 ? batch[0]! : Y.mergeUpdates(batch),
          )
          if (typeof clock === 'number') return true
          binding.failed = true
          onWriteFailed(doc)
          return false
        })
      })
    },
    async flushed(doc) {
      const binding = bindings.get(doc)
      if (!binding) return
      await binding.last
      if (binding.failed) throw new Error('writing the room failed')
    },
    async release(room, doc) {
      const binding = bindings.get(doc)
      bindings.delete(doc)
      if (!binding) return
      await binding.last
      // A room only read (a joiner's initial sync) is not rewritten: the next open would wait for it.
      if (binding.stored > 0) await ldb.flushDocument(room)
    },
    async close() {
      await Promise.all([...bindings.values()].map((binding) => binding.last))
      await ldb.destroy()
    },
  }
}

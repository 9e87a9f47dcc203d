/**
 * Rooms shared by every sync-server process on one Redis. Per room:
 *
 *   stream  sendbox:room:<id>:updates  every update, appended (XADD) before it is acknowledged;
 *                                      compacted into one entry in the background (compact.ts)
 *   channel sendbox:room:<id>          the same update published at once to the other processes,
 *                                      awareness (presence) changes, and "send me your presence"
 *
 * Append and publish go in one MULTI, so whatever a client saw acknowledged is in the stream.
 * A process opening a room subscribes first, then reads the stream: nothing falls in between
 * (an update seen twice is applied once by Yjs).
 */
import { randomBytes } from 'node:crypto'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as Y from 'yjs'
import type { RoomStore } from '../persistence.ts'
import { compactRoom, streamKey, updatesOf, type StreamEntry } from './compact.ts'
import type { RedisLink } from './connect.ts'

const channelKey = (room: string) => `sendbox:room:${room}`
/** Transaction origin of what came from Redis: never appended or published again. */
const FROM_REDIS = Symbol('from-redis')

const KIND_UPDATE = 0
const KIND_AWARENESS = 1
const KIND_QUERY_AWARENESS = 2

interface Binding {
  room: string
  last: Promise<boolean>
  failed: boolean
  appended: number
  detach(): Promise<void>
}

export interface RedisRoomStoreOptions {
  /** Compact a room once this process appended this many updates to it (and when it closes). */
  compactAfter?: number
}

export function createRedisRoomStore(
  link: RedisLink,
  onWriteFailed: (doc: Y.Doc) => void,
  options: RedisRoomStoreOptions = {},
): RoomStore {
  const { client } = link
  const compactAfter = options.compactAfter ?? 500
  /** Tells this process's own messages apart on the channel. */
  const self = randomBytes(8)
  const bindings = new Map<Y.Doc, Binding>()
  const compactions = new Set<Promise<unknown>>()

  function frame(kind: number, payload: Uint8Array): Buffer {
    return Buffer.concat([Buffer.from([kind]), self, payload])
  }

  function compactSoon(room: string) {
    const running = compactRoom(client, room)
      .catch((error: unknown) => console.error(`sendbox: compacting room ${room} failed:`, error))
      .finally(() => compactions.delete(running))
    compactions.add(running)
  }

  return {
    async bind(room, doc) {
      const awareness = (doc as Y.Doc & { awareness?: awarenessProtocol.Awareness }).awareness
      const channel = channelKey(room)
      const publishAwareness = (clients: number[]) => {
        if (!awareness || clients.length === 0) return
        const update = awarenessProtocol.encodeAwarenessUpdate(awareness, clients)
        void client.publish(channel, frame(KIND_AWARENESS, update)).catch(() => undefined)
      }
      const onMessage = (message: Buffer) => {
        if (message.length < 9 || message.subarray(1, 9).equals(self)) return
        const payload = new Uint8Array(message.buffer, message.byteOffset + 9, message.length - 9)
        try {
          if (message[0] === KIND_UPDATE) Y.applyUpdate(doc, payload, FROM_REDIS)
          else if (message[0] === KIND_AWARENESS && awareness)
            awarenessProtocol.applyAwarenessUpdate(awareness, payload, FROM_REDIS)
          else if (message[0] === KIND_QUERY_AWARENESS && awareness)
            publishAwareness([...awareness.getStates().keys()])
        } catch (error) {
          console.error(`sendbox: a message from Redis for room ${room} could not be applied:`, error)
        }
      }
      const onUpdate = (update: Uint8Array, origin: unknown) => {
        if (origin === FROM_REDIS) return
        const write = client
          .multi()
          .xadd(streamKey(room), '*', 'u', Buffer.from(update))
          .publish(channel, frame(KIND_UPDATE, update))
          .exec()
        binding.last = write.then(
          (results) => {
            if (results && !results.some(([error]) => error)) {
              if (++binding.appended % compactAfter === 0) compactSoon(room)
              return true
            }
            throw new Error('the append was refused')
          },
          (error: unknown) => {
            if (!binding.failed) console.error(`sendbox: writing room ${room} to Redis failed:`, error)
            binding.failed = true
            onWriteFailed(doc)
            return false
          },
        )
      }
      const onAwareness = (
        changes: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        if (origin !== FROM_REDIS)
          publishAwareness([...changes.added, ...changes.updated, ...changes.removed])
      }
      const binding: Binding = {
        room,
        last: Promise.resolve(true),
        failed: false,
        appended: 0,
        async detach() {
          doc.off('update', onUpdate)
          awareness?.off('update', onAwareness)
          await link.unsubscribe(channel, onMessage)
        },
      }
      bindings.set(doc, binding)
      await link.subscribe(channel, onMessage)
      const entries = (await client.xrangeBuffer(streamKey(room), '-', '+')) as StreamEntry[]
      const updates = updatesOf(entries)
      if (updates.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(updates), FROM_REDIS)
      if (entries.length > compactAfter) compactSoon(room)
      doc.on('update', onUpdate)
      awareness?.on('update', onAwareness)
      void client.publish(channel, frame(KIND_QUERY_AWARENESS, new Uint8Array())).catch(() => undefined)
    },
    async flushed(doc) {
      const binding = bindings.get(doc)
      if (!binding) return
      await binding.last
      if (binding.failed) throw new Error('writing the room to Redis failed')
    },
    async release(room, doc) {
      const binding = bindings.get(doc)
      bindings.delete(doc)
      if (!binding) return
      await binding.last
      await binding.detach()
      if (binding.appended > 0) compactSoon(room)
    },
    async close() {
      for (const binding of bindings.values()) {
        await binding.last
        await binding.detach()
      }
      bindings.clear()
      await Promise.all(compactions)
    },
  }
}

/**
 * Sync of a workspace split into a root and collection docs (docs/collection-docs.md): one
 * y-websocket connection (`sync-connection.ts`) for the root's room `<room>` and one for each
 * loaded collection doc, room `<room>/c/<id>`, opened as the doc loads. Status and presence read
 * as one connection: offline or syncing while any doc is, pending the sum; the people online are
 * the root's. The local presence goes to every room, so the server knows who made an edit in a
 * collection's room too (the git mirror's commit author).
 * A lazy chunk, like the connection itself.
 */
import type * as Y from 'yjs'
import { collectionRoom, type WorkspaceDocs } from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import type { PresenceState } from '../../model/presence.ts'
import {
  connectSync,
  type SyncConnection,
  type SyncOptions,
  type SyncState,
  type SyncTarget,
} from './sync-connection.ts'

const RANK: Record<SyncState, number> = { synced: 0, syncing: 1, offline: 2 }

export function connectCollectionsSync(
  collections: Pick<WorkspaceDocs, 'root' | 'loadedDocs' | 'onLoad'>,
  target: SyncTarget,
  options: SyncOptions = {},
): SyncConnection {
  const root = connectSync(collections.root, target, options)
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  const perDoc = new Map<Id, SyncConnection>()
  let presence: PresenceState | undefined
  const stops = [root.subscribe(notify)]
  const follow = (collectionId: Id, doc: Y.Doc) => {
    if (perDoc.has(collectionId)) return
    const connection = connectSync(
      doc,
      { ...target, room: collectionRoom(target.room, collectionId) },
      options,
    )
    perDoc.set(collectionId, connection)
    if (presence) connection.setPresence(presence)
    stops.push(connection.subscribe(notify))
    notify()
  }
  for (const [id, doc] of collections.loadedDocs()) follow(id, doc)
  stops.push(collections.onLoad(follow))

  return {
    status() {
      const all = [root, ...perDoc.values()].map((connection) => connection.status())
      const state = all.reduce<SyncState>(
        (worst, s) => (RANK[s.state] > RANK[worst] ? s.state : worst),
        'synced',
      )
      const pending = all.reduce((sum, s) => sum + s.pending, 0)
      return { state, pending, closed: all[0]!.closed ?? all.find((s) => s.closed)?.closed ?? null }
    },
    peers: () => root.peers(),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setPresence(state) {
      presence = state
      root.setPresence(state)
      for (const connection of perDoc.values()) connection.setPresence(state)
    },
    destroy() {
      stops.forEach((stop) => stop())
      listeners.clear()
      root.destroy()
      for (const connection of perDoc.values()) connection.destroy()
      perDoc.clear()
    },
  }
}

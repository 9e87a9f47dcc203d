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
import { whenSynced, type CollectionGate } from './offline-reconcile.ts'

const RANK: Record<SyncState, number> = { synced: 0, syncing: 1, offline: 2 }

export function connectCollectionsSync(
  collections: Pick<WorkspaceDocs, 'root' | 'loadedDocs' | 'onLoad'>,
  target: SyncTarget,
  options: SyncOptions = {},
  /** Collections split on this device wait for it before their doc meets its room. */
  gate?: CollectionGate | null,
): SyncConnection {
  const root = connectSync(collections.root, target, options)
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  const perDoc = new Map<Id, SyncConnection>()
  let presence: PresenceState | undefined
  const stops = [root.subscribe(notify)]
  const connect = (collectionId: Id, doc: Y.Doc) =>
    connectSync(doc, { ...target, room: collectionRoom(target.room, collectionId) }, options)
  const gated = new Set<Id>()
  let destroyed = false
  const follow = (collectionId: Id, doc: Y.Doc) => {
    if (perDoc.has(collectionId) || gated.has(collectionId)) return
    if (gate?.pending(collectionId)) {
      gated.add(collectionId)
      gate
        .reconcile(collectionId, doc, { connect: (d) => connect(collectionId, d), rootSynced: rootSynced() })
        .then((connection) => {
          gated.delete(collectionId)
          if (destroyed) connection.destroy()
          else attach(collectionId, connection)
        })
        .catch((error: unknown) => console.warn('sendbox: could not reconcile a collection', error))
      return
    }
    attach(collectionId, connect(collectionId, doc))
  }
  const rootSynced = () => whenSynced(root)
  const attach = (collectionId: Id, connection: SyncConnection) => {
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
      destroyed = true
      stops.forEach((stop) => stop())
      listeners.clear()
      root.destroy()
      for (const connection of perDoc.values()) connection.destroy()
      perDoc.clear()
    },
  }
}

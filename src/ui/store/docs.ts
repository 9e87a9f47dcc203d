/**
 * The composition root of the data: opens the workspace and device Y.Docs, attaches y-indexeddb
 * to both and, once they have loaded, the sync connection to the workspace (`startSync`, a lazy
 * chunk). Nothing else in the UI knows that Yjs, IndexedDB or a sync server exist; components go
 * through the store in `./index.ts`.
 */
import * as Y from 'yjs'
import { IndexeddbPersistence } from 'y-indexeddb'
import { initDevice, initRoot, initWorkspace } from '../../model/workspace/api.ts'
import { loadInSlices } from './sliced-load.ts'
import { guardPendingWrites } from './pending-writes.ts'
import { trackDurability, type Durability } from './durable-commit.ts'
import { channelName, shareAcrossTabs } from './cross-tab.ts'
import { makeResponseStore, type ResponseStore } from './last-responses.ts'
import type { SyncConnection, SyncTarget } from './sync-connection.ts'
import type { OpenCollections } from './collection-open.ts'

export const DEVICE_DB = 'sendbox-device'
export const workspaceDbName = (workspaceId: string): string => `sendbox-workspace-${workspaceId}`
/**
 * The device's own workspace uses the device doc everyone had before; a joined workspace gets
 * its own (tabs, drafts, history and secret values of that workspace stay apart from the own).
 */
export const deviceDbName = (workspaceId: string): string =>
  workspaceId === 'default' ? DEVICE_DB : `${DEVICE_DB}-${workspaceId}`

export interface OpenDocs {
  workspace: Y.Doc
  device: Y.Doc
  /** The device doc's database name (keys this window's own state, `window-tab.ts`). */
  deviceDb: string
  /** Each open tab's last result (IndexedDB, beside the documents). */
  responses: ResponseStore
  /** Strict commits of the workspace's local changes: what the app shows as saved is on disk. */
  durability: Durability
  /** Milliseconds from opening to both documents loaded from IndexedDB. */
  loadMs: number
  /**
   * The workspace as a root plus one doc per collection (docs/collection-docs.md), unless the
   * `sendbox-collection-docs` switch is off (`'0'`); `workspace` is then the root.
   */
  collections?: OpenCollections['collections']
  /** Collections split here and not reconciled with the server's yet (`offline-reconcile.ts`). */
  collectionGate?: OpenCollections['gate']
  close(): void
}

export async function openDocs(workspaceId: string): Promise<OpenDocs> {
  const started = performance.now()
  const split = collectionDocsOn()
  // The split's chunk is fetched and compiled while IndexedDB opens, not after.
  const opener = split ? import('./collection-open.ts') : undefined
  const workspace = new Y.Doc()
  const device = new Y.Doc()
  // The workspace a stored update per task (a large workspace's state is stored in slices).
  const workspaceLoad = loadInSlices(workspaceDbName(workspaceId), workspace)
  const workspaceDb = workspaceLoad.persistence
  const deviceDb = quietLoad(new IndexeddbPersistence(deviceDbName(workspaceId), device))
  const [{ large }] = await Promise.all([workspaceLoad.loaded, deviceDb.whenSynced])
  const loadedAt = performance.now()
  const guards = [
    guardPendingWrites(workspaceDb, workspaceDbName(workspaceId), localStorage),
    guardPendingWrites(deviceDb, deviceDbName(workspaceId), localStorage),
  ]
  // pagehide covers reloads and closed tabs; a hidden page may be discarded without one.
  let flushCollections = () => {}
  const flush = () => {
    guards.forEach((guard) => guard.flush())
    flushCollections()
  }
  const onVisibility = () => document.visibilityState === 'hidden' && flush()
  addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', onVisibility)
  // Other tabs of the app see each edit at once, and this one sees theirs (after the load, so
  // the stored state is not posted to them again).
  const shared = [
    shareAcrossTabs(workspace, new BroadcastChannel(channelName(workspaceDbName(workspaceId)))),
    shareAcrossTabs(device, new BroadcastChannel(channelName(deviceDbName(workspaceId)))),
  ]
  // Initialising after the load keeps a fresh doc's root types from racing stored ones.
  if (!split) initWorkspace(workspace)
  // A new workspace (nothing stored): stamped split at once, as the split on open would, so that
  // open has nothing to copy or wait for (no strict commits before the first render).
  else if (workspace.store.clients.size === 0) initRoot(workspace)
  initDevice(device)
  shared.forEach((doc) => doc.announce())
  const durability = trackDurability(workspace, [workspaceDb, deviceDb])
  const opened = opener
    ? await opener.then((m) =>
        m.openCollections(
          workspace,
          { name: workspaceDbName(workspaceId), db: workspaceDb.db },
          durability,
          localStorage,
        ),
      )
    : undefined
  if (opened) flushCollections = () => opened.storage.flush()
  const loadMs = performance.now() - started
  performance.measure('sendbox-idb-load', { start: started, end: loadedAt })
  performance.measure('sendbox-init', { start: loadedAt })
  // A large stored update (saved before slicing, or compacted by y-indexeddb since) is sliced for
  // the next open, in a worker started at once: a page reloaded soon after would never see an idle
  // moment. (The split's compaction of the root is stored sliced already: `collection-open.ts`.)
  if (large)
    setTimeout(
      () =>
        void import('./slice-start.ts')
          .then(({ sliceSoon }) => sliceSoon(workspaceDbName(workspaceId)))
          .catch(console.warn),
      0,
    )
  return {
    workspace,
    device,
    deviceDb: deviceDbName(workspaceId),
    responses: makeResponseStore(indexedDB),
    durability,
    loadMs,
    ...(opened ? { collections: opened.collections, collectionGate: opened.gate } : {}),
    close() {
      opened?.storage.close()
      removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
      guards.forEach((guard) => guard.stop())
      durability.stop()
      shared.forEach((doc) => doc.stop())
      void workspaceDb.destroy()
      void deviceDb.destroy()
    },
  }
}

/**
 * The switch of `collection-open.ts`, read here so the app shell does not load that chunk: one doc
 * per collection unless localStorage says `'0'`.
 */
export function collectionDocsOn(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem('sendbox-collection-docs') !== '0' // COLLECTION_DOCS_SWITCH
  } catch {
    return true
  }
}

/**
 * While y-indexeddb applies the stored updates, Yjs re-encodes everything applied for any 'update'
 * listener, and y-indexeddb's own listener then ignores it (it skips its own origin). Detaching
 * that listener until the load is done saves that encoding: about a third of the time it takes to
 * open a 10,000-request workspace. `_storeUpdate` is y-indexeddb 9's own handler (pinned version).
 */
function quietLoad(persistence: IndexeddbPersistence): IndexeddbPersistence {
  const internal = persistence as unknown as { _storeUpdate?: (update: Uint8Array, origin: unknown) => void }
  const handler = internal._storeUpdate
  if (!handler) return persistence
  persistence.doc.off('update', handler)
  void persistence.whenSynced.then(() => persistence.doc.on('update', handler))
  return persistence
}

/** Loaded on demand, after the documents: the app opens and works offline first. */
export async function startSync(
  docs: OpenDocs,
  target: SyncTarget,
  readOnly = false,
): Promise<SyncConnection> {
  // Split into collection docs: a room per loaded doc (docs/collection-docs.md).
  if (docs.collections) {
    const { connectCollectionsSync } = await import('./collection-sync.ts')
    const gate = (await docs.collectionGate?.(readOnly)) ?? null
    const connection = connectCollectionsSync(docs.collections, target, {}, gate)
    // Collections split here and not loaded since reconcile now, so the archive can go.
    for (const id of gate?.waiting() ?? []) void docs.collections.load(id).catch(console.warn)
    return connection
  }
  const { connectSync } = await import('./sync-connection.ts')
  return connectSync(docs.workspace, target)
}

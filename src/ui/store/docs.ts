/**
 * The composition root of the data: opens the workspace and device Y.Docs, attaches y-indexeddb
 * to both and, when configured, y-websocket to the workspace. Nothing else in the UI knows that
 * Yjs, IndexedDB or a sync server exist; components go through the store in `./index.ts`.
 */
import * as Y from 'yjs'
import { IndexeddbPersistence } from 'y-indexeddb'
import { initDevice, initWorkspace } from '../../model/workspace/api.ts'

export const DEVICE_DB = 'sendbox-device'
export const workspaceDbName = (workspaceId: string): string => `sendbox-workspace-${workspaceId}`

/** Where the workspace syncs; the settings UI that fills this in comes later. */
export interface SyncTarget {
  url: string
  room: string
  token: string
}

export interface OpenDocs {
  workspace: Y.Doc
  device: Y.Doc
  /** Milliseconds from opening to both documents loaded from IndexedDB. */
  loadMs: number
  close(): void
}

export async function openDocs(workspaceId: string, sync?: SyncTarget): Promise<OpenDocs> {
  const started = performance.now()
  const workspace = new Y.Doc()
  const device = new Y.Doc()
  const workspaceDb = new IndexeddbPersistence(workspaceDbName(workspaceId), workspace)
  const deviceDb = new IndexeddbPersistence(DEVICE_DB, device)
  await Promise.all([workspaceDb.whenSynced, deviceDb.whenSynced])
  // Initialising after the load keeps a fresh doc's root types from racing stored ones.
  initWorkspace(workspace)
  initDevice(device)
  const loadMs = performance.now() - started
  let disconnect = () => {}
  if (sync) disconnect = await attachSync(workspace, sync)
  return {
    workspace,
    device,
    loadMs,
    close() {
      disconnect()
      void workspaceDb.destroy()
      void deviceDb.destroy()
    },
  }
}

/** Loaded on demand so the app shell carries no sync code when sync is off. */
async function attachSync(doc: Y.Doc, target: SyncTarget): Promise<() => void> {
  const { WebsocketProvider } = await import('y-websocket')
  const provider = new WebsocketProvider(target.url, target.room, doc, { params: { token: target.token } })
  return () => provider.destroy()
}

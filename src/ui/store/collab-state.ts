/**
 * Collaboration as the app sees it: which workspace is open (the device's own or a joined one),
 * its sync status, who else is here, sharing, and whether this person may only view.
 *
 * The own workspace syncs to the sync-server that served the app whenever the page holds its
 * access token (the same test as for the relay); a joined workspace syncs with its share token.
 * Either way the documents open from IndexedDB first and sync starts after.
 */
import { mockState } from './mock-client.ts'
import { createEffect, createMemo, createSignal, onCleanup, type Accessor } from 'solid-js'
import { colorFor, type Peer } from '../../model/presence.ts'
import type { Id } from '../../model/types.ts'
import { followServerClock, purgeTime } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { startSync, type OpenDocs } from './docs.ts'
import { createGitHistory } from './git-history.ts'
import * as share from './share-client.ts'
import type { SendServices } from './send-state.ts'
import type { SyncConnection, SyncStatus } from './sync-connection.ts'
import {
  readDisplayName,
  writeDisplayName,
  type Access,
  type WorkspaceEntry,
  type WorkspaceRegistry,
} from './workspaces.ts'

export interface CollabOptions {
  entry: WorkspaceEntry
  registry: WorkspaceRegistry
  services: SendServices
  activeRequestId: Accessor<Id | null>
  /** Purges deletions past their retention by `now`; called once, when a trustworthy time is known. */
  purge?: (now: number) => void
}

/** Whether this workspace ever synced on this device: then only the server's clock may purge. */
const syncedKey = (room: string) => `sendbox.synced.${room}`

/** The sync-server's clock (`GET /sync/time`), or undefined when it cannot be read. */
async function readServerTime(): Promise<number | undefined> {
  try {
    const asked = Date.now()
    const response = await fetch('/sync/time', { cache: 'no-store', credentials: 'omit' })
    const body = (await response.json()) as { now?: unknown }
    if (!response.ok || typeof body.now !== 'number') return undefined
    // Deletions made from now on are stamped by the server's clock (model/workspace/clock.ts).
    followServerClock(body.now, (asked + Date.now()) / 2)
    return body.now
  } catch {
    return undefined
  }
}

function syncUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/sync`
}

export function createCollabState(docs: OpenDocs, options: CollabOptions) {
  const { entry, registry, services } = options
  const [connection, setConnection] = createSignal<SyncConnection | null>(null)
  const [status, setStatus] = createSignal<SyncStatus | null>(null)
  const [peers, setPeers] = createSignal<Peer[]>([])
  const [displayName, setDisplayNameSignal] = createSignal(readDisplayName(localStorage))
  const [ownerToken, setOwnerToken] = createSignal<string | null>(null)

  let disposed = false
  /** Purges by the device's clock only where no server is involved (deleted.ts, `purgeTime`). */
  const purgeBy = (server: number | undefined, syncs: boolean) => {
    const at = purgeTime(Date.now(), server, syncs)
    if (at !== null && !disposed) options.purge?.(at)
  }
  const start = async () => {
    let token = entry.joined?.token
    if (!token) {
      // Once the send pipeline has loaded, after the first render (main.tsx starts it).
      token = (await services.chosen()).relay?.token
      if (token) setOwnerToken(token)
    }
    if (!token || disposed) {
      purgeBy(undefined, localStorage.getItem(syncedKey(entry.room)) !== null)
      return
    }
    localStorage.setItem(syncedKey(entry.room), '1')
    void readServerTime().then((server) => purgeBy(server, true))
    const opened = await startSync(
      docs,
      {
        url: syncUrl(),
        room: entry.room,
        token,
        name: displayName() || messages.anonymousName,
        workspaceName: entry.name,
      },
      entry.joined?.access === 'view',
    )
    if (disposed) return opened.destroy()
    const read = () => {
      setStatus(opened.status())
      setPeers(opened.peers())
    }
    opened.subscribe(read)
    read()
    setConnection(opened)
  }
  void start().catch((error: unknown) => console.error('sendbox: sync could not start', error))
  onCleanup(() => {
    disposed = true
    connection()?.destroy()
  })

  createEffect(() => {
    connection()?.setPresence({
      name: displayName() || messages.anonymousName,
      color: colorFor(docs.workspace.clientID),
      requestId: options.activeRequestId(),
    })
  })

  /** Request id → the people on it, for the tab and sidebar markers. */
  const peersByRequest = createMemo(() => {
    const map = new Map<Id, Peer[]>()
    for (const peer of peers()) {
      if (!peer.requestId) continue
      map.set(peer.requestId, [...(map.get(peer.requestId) ?? []), peer])
    }
    return map
  })

  /** What a joiner sees the workspace called: the owner's name when they gave one. */
  const sharedName = () =>
    entry.name === messages.ownWorkspaceName && displayName()
      ? messages.workspaceOf(displayName())
      : entry.name

  const requireOwner = () => {
    const token = ownerToken()
    if (!token) throw new share.ShareError(messages.shareNeedsOwner, 401)
    return token
  }

  return {
    workspaces: registry.list(),
    activeWorkspace: entry,
    /** A `Can view` join: the workspace is shown, never changed (the server drops such edits anyway). */
    readOnly: entry.joined?.access === 'view',
    switchWorkspace(localId: string) {
      if (localId === entry.localId) return
      registry.setActive(localId)
      // A joined workspace opens at its invite address: a joiner has no login for the server's root.
      const joined = registry.list().find((w) => w.localId === localId)?.joined
      location.assign(joined ? `/join/${encodeURIComponent(joined.token)}` : '/')
    },
    syncStatus: status,
    peers,
    peersOn: (requestId: Id | null | undefined): Peer[] =>
      (requestId && peersByRequest().get(requestId)) || [],
    displayName,
    setDisplayName(name: string) {
      writeDisplayName(localStorage, name)
      setDisplayNameSignal(name.trim())
    },
    /** Only the owner of the server (who holds its access token) shares its own workspace. */
    canShare: () => !entry.joined && ownerToken() !== null,
    createShareLink: async (access: Access) =>
      share.createShareLink(requireOwner(), entry.room, access, sharedName()),
    readShareState: async () => share.readShareState(requireOwner(), entry.room),
    stopSharing: async () => share.stopSharing(requireOwner(), entry.room),
    /** The mock server of a collection (`Mock server`): the owner's, on this server. */
    mockState: async (collectionId: string, enabled?: boolean) =>
      mockState(
        requireOwner(),
        collectionId,
        enabled === undefined ? undefined : { room: entry.room, enabled },
      ),
    canMock: () => !entry.joined && ownerToken() !== null,
    /** Versions from the server's git mirror (`--git`), for the `History` button: its owner's, or a joiner's through the invite link. */
    gitHistory: createGitHistory(entry.room, () => entry.joined?.token ?? ownerToken(), docs.workspace),
  }
}

export type CollabState = ReturnType<typeof createCollabState>

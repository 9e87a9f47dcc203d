/**
 * The workspace's link to its sync-server room: y-websocket plus what the app shows about it.
 *
 * - Status: `offline` without an open socket, `syncing` until the server has acknowledged every
 *   local change, `synced` after. `pending` counts local changes (transactions) the server has not
 *   acknowledged yet. The server answers a sync step 1 only after everything it received before is
 *   stored (sync-server/README.md), so after local changes this asks with a step 1 of its own and
 *   counts them acknowledged when the answer (a step 2) arrives.
 * - Presence: the local awareness state and the other people's, read through model/presence.
 *
 * Loaded as its own chunk: the app shell carries no sync code.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import { WebsocketProvider } from 'y-websocket'
import type * as Y from 'yjs'
import { readPeers, type Peer, type PresenceState } from '../../model/presence.ts'

export type SyncState = 'synced' | 'syncing' | 'offline'

export interface SyncStatus {
  state: SyncState
  pending: number
  /** Set when the server closed the room for good (e.g. 4403 `link revoked`): no more retries. */
  closed: { code: number; reason: string } | null
}

export interface SyncTarget {
  /** `ws(s)://<origin>/sync` */
  url: string
  room: string
  token: string
  name: string
  /** The workspace's name, for the server's git folder (`--git`); never needed to sync. */
  workspaceName?: string
}

export interface SyncConnection {
  status(): SyncStatus
  peers(): Peer[]
  /** Called on every status or presence change. */
  subscribe(listener: () => void): () => void
  setPresence(state: PresenceState): void
  destroy(): void
}

export interface SyncOptions {
  /** Node tests pass `ws`; the browser has its own. */
  WebSocketPolyfill?: typeof WebSocket
  /**
   * y-websocket's own BroadcastChannel between tabs, off unless asked for: the app's tabs share
   * every update over theirs (`cross-tab.ts`), and y-websocket's posts the whole document on each
   * connect, a task of hundreds of milliseconds for a 10,000-request workspace.
   */
  disableBc?: boolean
  /** How long local changes gather before asking for an acknowledgement. */
  ackDelayMs?: number
}

const MESSAGE_SYNC = 0
/** Pushed for the step 1 y-websocket sends on connecting: its answer acknowledges nothing of ours. */
const NO_ACK = -1

export function connectSync(doc: Y.Doc, target: SyncTarget, options: SyncOptions = {}): SyncConnection {
  const provider = new WebsocketProvider(target.url, target.room, doc, {
    params: { token: target.token, name: target.name, workspace: target.workspaceName ?? '' },
    ...(options.WebSocketPolyfill ? { WebSocketPolyfill: options.WebSocketPolyfill } : {}),
    disableBc: options.disableBc ?? true,
  })
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  let localChanges = 0
  let acknowledged = 0
  let closed: SyncStatus['closed'] = null
  let askTimer: ReturnType<typeof setTimeout> | undefined
  /** For each step 1 in flight, in order, how many local changes its answer acknowledges. */
  const asked: number[] = []

  const askForAck = () => {
    askTimer = undefined
    const ws = provider.ws
    if (!provider.wsconnected || !ws || ws.readyState !== ws.OPEN) return
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, doc)
    asked.push(localChanges)
    ws.send(encoding.toUint8Array(encoder))
  }
  const scheduleAck = (delay = options.ackDelayMs ?? 30) => {
    if (askTimer === undefined) askTimer = setTimeout(askForAck, delay)
  }

  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (origin === provider) return
    localChanges++
    scheduleAck()
    notify()
  }
  doc.on('update', onUpdate)

  const handleSync = provider.messageHandlers[MESSAGE_SYNC]!
  provider.messageHandlers[MESSAGE_SYNC] = (encoder, decoder, p, emitSynced, type) => {
    const peek = decoding.createDecoder(decoder.arr)
    peek.pos = decoder.pos
    const step = decoding.readVarUint(peek)
    handleSync(encoder, decoder, p, emitSynced, type)
    if (step === syncProtocol.messageYjsSyncStep2) {
      const upTo = asked.shift()
      if (upTo !== undefined && upTo > acknowledged) acknowledged = upTo
      notify()
    } else if (step === syncProtocol.messageYjsSyncStep1) {
      // Our answer (the changes the server lacks, e.g. made offline) is sent after this handler
      // returns; the acknowledgement is asked for after it.
      if (localChanges > acknowledged) scheduleAck(0)
    }
  }

  provider.on('status', ({ status }) => {
    if (status === 'connected') asked.splice(0, asked.length, NO_ACK)
    else asked.length = 0
    notify()
  })
  provider.on('sync', notify)
  provider.on('closed', (event) => {
    closed = { code: event.code, reason: event.reason }
    notify()
  })
  provider.awareness.on('change', notify)

  // A socket can stay open for a while after the network went away (and on loopback for good):
  // the browser's own word that it is offline closes it, and coming back online reconnects.
  const onOffline = () => provider.disconnect()
  const onOnline = () => {
    if (!closed) provider.connect()
  }
  const page = typeof window === 'undefined' ? undefined : window
  page?.addEventListener('offline', onOffline)
  page?.addEventListener('online', onOnline)

  return {
    status() {
      const pending = Math.max(0, localChanges - acknowledged)
      const state: SyncState = !provider.wsconnected
        ? 'offline'
        : !provider.synced || pending > 0
          ? 'syncing'
          : 'synced'
      return { state, pending, closed }
    },
    peers() {
      return readPeers(provider.awareness.getStates(), doc.clientID)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setPresence(state) {
      const current = provider.awareness.getLocalState()?.user as PresenceState | undefined
      if (
        current &&
        current.name === state.name &&
        current.color === state.color &&
        current.requestId === state.requestId
      )
        return
      provider.awareness.setLocalStateField('user', state)
    },
    destroy() {
      clearTimeout(askTimer)
      page?.removeEventListener('offline', onOffline)
      page?.removeEventListener('online', onOnline)
      doc.off('update', onUpdate)
      listeners.clear()
      provider.destroy()
    },
  }
}

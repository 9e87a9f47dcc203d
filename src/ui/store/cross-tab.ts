/**
 * Two tabs of the app in one browser share their IndexedDB, but y-indexeddb reads it only when a
 * document opens: without this, one tab saw the other's edits (requests, the active environment,
 * settings) only after a reload. Each document gets a BroadcastChannel named after its database;
 * every local update is posted there and applied by the other tabs at once.
 *
 * A tab that opens announces its state vector once its stored state has loaded, and the tabs
 * already open answer with what it lacks: edits made while it was loading are not missed.
 * Updates from the channel are stored by the receiving tab too (y-indexeddb sees a foreign
 * origin): Yjs updates are idempotent, and the edit survives even if its own tab closed before
 * IndexedDB committed it.
 */
import * as Y from 'yjs'

type Message = { type: 'update'; update: Uint8Array } | { type: 'hello'; stateVector: Uint8Array }

/** The minimal channel this needs; `BroadcastChannel` in the page, a pair of ports in tests. */
export interface Channel {
  postMessage(message: Message): void
  onmessage: ((event: MessageEvent<Message>) => void) | null
  close(): void
}

export const channelName = (dbName: string): string => `sendbox-doc:${dbName}`

export interface SharedDoc {
  /** Asks the other tabs for what this one lacks; call once the stored state has loaded. */
  announce(): void
  stop(): void
}

/** The origin of updates that came from another tab: they are never posted back. */
export const CROSS_TAB_ORIGIN = Symbol('sendbox-cross-tab')

export function shareAcrossTabs(doc: Y.Doc, channel: Channel): SharedDoc {
  const post = (message: Message) => {
    try {
      channel.postMessage(message)
    } catch {
      // A closed channel (the page is going away): the edit is on disk, the others read it on open.
    }
  }
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== CROSS_TAB_ORIGIN) post({ type: 'update', update })
  }
  doc.on('update', onUpdate)
  channel.onmessage = (event) => {
    const message = event.data
    if (message.type === 'update') {
      Y.applyUpdate(doc, message.update, CROSS_TAB_ORIGIN)
    } else if (message.type === 'hello') {
      const missing = Y.encodeStateAsUpdate(doc, message.stateVector)
      // An update with no structs and no deletions is 2 bytes: nothing to send.
      if (missing.length > 2) post({ type: 'update', update: missing })
    }
  }
  return {
    announce: () => post({ type: 'hello', stateVector: Y.encodeStateVector(doc) }),
    stop() {
      doc.off('update', onUpdate)
      channel.onmessage = null
      channel.close()
    },
  }
}

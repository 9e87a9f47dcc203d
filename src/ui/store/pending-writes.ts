/**
 * Keeps the last edits of a document when the page goes away before IndexedDB has committed them.
 *
 * y-indexeddb stores every update in its own IndexedDB transaction, which commits a moment after
 * the keystroke. A reload or a closed tab in that moment aborts the transaction, and a draft typed
 * just before is lost. So every update stays "pending" until IndexedDB confirms it, and when the
 * page is hidden or unloaded the pending ones go to localStorage, which writes synchronously. The
 * next open applies them after the stored state: Yjs updates are idempotent, so an update that
 * did reach IndexedDB after all changes nothing.
 */
import * as Y from 'yjs'
import { base64, fromBase64 } from '../../model/encoding.ts'

export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** What the guard needs of y-indexeddb: its database (public) and its own origin. */
export interface Persistence {
  db: IDBDatabase | null
  doc: Y.Doc
}

export const pendingKey = (dbName: string): string => `sendbox-pending-writes:${dbName}`
const JOURNAL_ORIGIN = 'sendbox-pending-writes'

/**
 * Applies the updates a previous page saved on its way out (after the stored state has loaded),
 * then tracks new updates until IndexedDB has committed them. Returns `flush` (what pagehide
 * calls) and a function that stops tracking.
 */
export function guardPendingWrites(
  persistence: Persistence,
  dbName: string,
  storage: KeyValueStorage,
): { flush: () => void; stop: () => void; pending: () => number } {
  const key = pendingKey(dbName)
  const pending = new Set<Uint8Array>()
  let journalled = false

  const track = (update: Uint8Array, origin: unknown) => {
    const db = persistence.db
    if (!db || origin === persistence) return
    pending.add(update)
    // y-indexeddb has just opened its readwrite transaction for this update; IndexedDB runs
    // transactions on the same store in the order they were created, so this one completes
    // only after that write has committed.
    const confirm = db.transaction('updates', 'readonly')
    confirm.oncomplete = () => {
      pending.delete(update)
      if (pending.size === 0 && journalled) {
        storage.removeItem(key)
        journalled = false
      }
    }
  }

  const flush = () => {
    if (pending.size === 0) return
    try {
      storage.setItem(key, base64(Y.mergeUpdates([...pending])))
      journalled = true
    } catch {
      // Storage full or unavailable: nothing more can be saved on the way out.
    }
  }

  // Registered after y-indexeddb's own listener, so its write is opened before the check.
  persistence.doc.on('update', track)
  const saved = storage.getItem(key)
  if (saved !== null) {
    storage.removeItem(key)
    try {
      // Stored again through y-indexeddb and tracked like any edit.
      Y.applyUpdate(persistence.doc, fromBase64(saved), JOURNAL_ORIGIN)
    } catch {
      // A damaged journal is dropped: the stored state stays as it was.
    }
  }

  return {
    flush,
    stop: () => persistence.doc.off('update', track),
    pending: () => pending.size,
  }
}

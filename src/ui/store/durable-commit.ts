/**
 * A change the app shows as done is on the disk first.
 *
 * y-indexeddb stores each update in its own IndexedDB transaction, and Chromium commits those with
 * relaxed durability: `complete` fires before the data reaches the disk, and the commit itself
 * waits until the page's task ends. So after every local change of the workspace (a save, a
 * rename, a move, a delete, a collection, folder or environment change, an import) this opens one
 * readwrite transaction with `durability: 'strict'` on each database's update store. IndexedDB
 * runs transactions on one store in the order they were created, so it completes only after the
 * change's own write, and a strict commit is flushed to the disk with everything written before it.
 * Until it completes, `pending()` is above 0: the app shows `Saving…`, keeps the tab's dot and the
 * save dialog open (`settled()`).
 *
 * Changes made in one task share a commit; while one is under way, later changes share the next,
 * so typing in a settings field costs at most one flush at a time. Drafts (the device doc alone)
 * stay best-effort: y-indexeddb and `pending-writes.ts` keep them about 100 ms after the keystroke.
 * Updates applied from the sync-server, another tab or the pending-writes journal are not changes
 * made here (`transaction.local` is false): they are stored as before.
 */
import type * as Y from 'yjs'

/** What a commit needs of y-indexeddb: its database, open once the document has loaded. */
export interface FlushTarget {
  db: IDBDatabase | null
}

export interface Durability {
  /** Strict commits asked for and not yet complete (a queued one counts). */
  pending(): number
  /** Resolves once every change made before the call is on the disk (or its commit failed). */
  settled(): Promise<void>
  /**
   * Asks for a strict commit of a change that may be the device doc's alone (a secret value of a
   * variable): the workspace's own changes ask by themselves.
   */
  commit(): Promise<void>
  /** The last commit that failed (quota, a closed database), until one succeeds again. */
  failure(): string | null
  /** Called whenever `pending()` or `failure()` changes. */
  subscribe(listener: () => void): () => void
  /**
   * Tracks one more doc with its own database (a collection's doc): its local changes get a
   * strict commit of that database too (and of the targets given at the start). Returns `untrack`.
   */
  track(doc: Y.Doc, target: FlushTarget): () => void
  /**
   * A change that waits for its doc to load (one doc per collection) before it is written:
   * pending until then, and `settled()` waits for it and its commit. If it fails, `failure()`
   * says why (the app shows it as a failed save) until a commit succeeds.
   */
  hold(work: Promise<unknown>): void
  stop(): void
}

/** y-indexeddb's key-value store: one small key there makes each commit a real write. */
const CUSTOM_STORE = 'custom'
const UPDATES_STORE = 'updates'
export const DURABLE_KEY = 'sendbox-durable-commit'

/** One strict readwrite transaction on the update store, after every write opened before it. */
export function strictFlush(db: IDBDatabase): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction([UPDATES_STORE, CUSTOM_STORE], 'readwrite', { durability: 'strict' })
    tx.objectStore(CUSTOM_STORE).put(Date.now(), DURABLE_KEY)
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error ?? new Error('the IndexedDB transaction was aborted'))
  })
}

/**
 * Tracks the workspace's local changes and commits them strictly on every target (the
 * workspace's and the device's databases: secret values of variables live in the device doc).
 */
export function trackDurability(workspace: Y.Doc, targets: readonly FlushTarget[]): Durability {
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  /** The commit under way, and the one the changes since it started wait for. */
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  let count = 0
  let failed: string | null = null
  /** Tracked docs' databases written since the last commit started (docs/collection-docs.md, 6). */
  const dirty = new Set<FlushTarget>()
  const tracked = new Map<Y.Doc, () => void>()

  const commit = async () => {
    const started = performance.now()
    const written = [...dirty]
    dirty.clear()
    const dbs = [...new Set([...targets, ...written])]
      .map((target) => target.db)
      .filter((db): db is IDBDatabase => db !== null)
    try {
      await Promise.all(dbs.map(strictFlush))
      failed = null
    } catch (error) {
      failed = error instanceof Error ? error.message : String(error)
    }
    // Read by bench/durable-save.ts: what the last strict commit cost.
    performance.clearMeasures('sendbox-durable-commit')
    performance.measure('sendbox-durable-commit', { start: started })
  }

  /** Starts a commit at the end of this task (after every write of the change), or queues one. */
  const request = (): Promise<void> => {
    if (queued) return queued
    count++
    const after = running ?? Promise.resolve()
    const next = after.then(
      () =>
        new Promise<void>((resolve) => {
          // Every update of the same task has opened its write by now.
          queueMicrotask(() => {
            if (queued === next) queued = null
            running = next
            void commit().then(resolve)
          })
        }),
    )
    queued = next
    void next.then(() => {
      if (running === next) running = null
      count--
      notify()
    })
    notify()
    return next
  }

  const onUpdate = (_update: Uint8Array, _origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => {
    // Changes made here; applied updates (loaded, synced, from another tab) are not local.
    if (transaction.local) void request()
  }
  workspace.on('update', onUpdate)

  const track = (doc: Y.Doc, target: FlushTarget) => {
    const onTrackedUpdate = (_u: Uint8Array, _o: unknown, _d: Y.Doc, transaction: Y.Transaction) => {
      if (!transaction.local) return
      dirty.add(target)
      void request()
    }
    doc.on('update', onTrackedUpdate)
    const untrack = () => {
      doc.off('update', onTrackedUpdate)
      tracked.delete(doc)
    }
    tracked.set(doc, untrack)
    return untrack
  }

  const held = new Set<Promise<unknown>>()
  const hold = (work: Promise<unknown>) => {
    // A change that could not be made (its doc did not open) is a failed save, said as one.
    const done = work.then(
      () => undefined,
      (error: unknown) => {
        failed = error instanceof Error ? error.message : String(error)
      },
    )
    held.add(done)
    count++
    notify()
    void done.then(() => {
      held.delete(done)
      count--
      notify()
    })
  }

  return {
    pending: () => count,
    // Held changes first: once written, their commits are asked for (read after they are).
    settled: () =>
      Promise.all([...held])
        .then(() => Promise.all([running, queued]))
        .then(() => undefined),
    hold,
    commit: request,
    failure: () => failed,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    track,
    stop() {
      workspace.off('update', onUpdate)
      for (const untrack of [...tracked.values()]) untrack()
    },
  }
}

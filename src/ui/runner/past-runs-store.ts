/**
 * Past runs of the Collection Runner, kept on this device only: a plain IndexedDB database beside
 * the device doc (never the synced workspace, and not the device Y.Doc, whose history would keep
 * every replaced run). A run's summary and its rows are stored apart, so listing the runs of a
 * collection never reads the rows. The newest PAST_RUNS_KEPT runs per collection or folder stay.
 */
import type { Id } from '../../model/types.ts'
import type { RunRecord, RunRow } from './run-record.ts'

export const PAST_RUNS_KEPT = 20

export type RunSummary = Omit<RunRecord, 'rows'>

export interface PastRunStore {
  /** Newest first. */
  list(containerId: Id): Promise<RunSummary[]>
  get(id: string): Promise<RunRecord | undefined>
  /** Saves a finished run and drops the oldest beyond PAST_RUNS_KEPT of its collection or folder. */
  save(record: RunRecord): Promise<void>
  remove(id: string): Promise<void>
}

const RUNS = 'runs'
const ROWS = 'rows'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}

const newestFirst = (a: RunSummary, b: RunSummary) => b.startedAt.localeCompare(a.startedAt)

/** `factory`: the page's `indexedDB` (fake-indexeddb in Node tests); `name`: one database per device doc. */
export function makePastRunStore(factory: IDBFactory, name: string, kept = PAST_RUNS_KEPT): PastRunStore {
  let opened: Promise<IDBDatabase> | undefined
  const db = () =>
    (opened ??= new Promise((resolve, reject) => {
      const open = factory.open(name, 1)
      open.onupgradeneeded = () => {
        open.result.createObjectStore(RUNS, { keyPath: 'id' }).createIndex('containerId', 'containerId')
        open.result.createObjectStore(ROWS)
      }
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    }))
  const summaries = async (store: IDBObjectStore, containerId: Id) =>
    ((await request(store.index('containerId').getAll(containerId))) as RunSummary[]).sort(newestFirst)

  return {
    async list(containerId) {
      const tx = (await db()).transaction(RUNS, 'readonly')
      return summaries(tx.objectStore(RUNS), containerId)
    },
    async get(id) {
      const tx = (await db()).transaction([RUNS, ROWS], 'readonly')
      const summary = (await request(tx.objectStore(RUNS).get(id))) as RunSummary | undefined
      const rows = (await request(tx.objectStore(ROWS).get(id))) as RunRow[] | undefined
      return summary && { ...summary, rows: rows ?? [] }
    },
    async save(record) {
      const tx = (await db()).transaction([RUNS, ROWS], 'readwrite')
      const runs = tx.objectStore(RUNS)
      const { rows, ...summary } = record
      runs.put(summary)
      tx.objectStore(ROWS).put(rows, record.id)
      const all = await summaries(runs, record.containerId)
      for (const old of all.slice(kept)) {
        runs.delete(old.id)
        tx.objectStore(ROWS).delete(old.id)
      }
      await done(tx)
    },
    async remove(id) {
      const tx = (await db()).transaction([RUNS, ROWS], 'readwrite')
      tx.objectStore(RUNS).delete(id)
      tx.objectStore(ROWS).delete(id)
      await done(tx)
    },
  }
}

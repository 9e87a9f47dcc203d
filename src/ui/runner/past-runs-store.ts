/**
 * Past runs of the Collection Runner, kept on this device only: a plain IndexedDB database beside
 * the device doc (never the synced workspace, and not the device Y.Doc, whose history would keep
 * every replaced run). A run's summary and its rows are stored apart, so listing the runs of a
 * collection never reads the rows. The newest PAST_RUNS_KEPT runs per collection or folder stay.
 * Rows go in pieces of ROWS_PER_PUT under [run id, piece], each put made when the last one is
 * through: IndexedDB copies a value on the thread that puts it, so a long run's rows written in one
 * put would hold the page for one long task. (Runs kept before that hold all rows under the id.)
 */
import type { Id } from '../../model/types.ts'
import type { RunRecord, RunRow } from './run-record.ts'

export const PAST_RUNS_KEPT = 20
/** Rows written (and shaped) per put. */
export const ROWS_PER_PUT = 100

export type RunSummary = Omit<RunRecord, 'rows'>

export interface PastRunStore {
  /** Newest first. */
  list(containerId: Id): Promise<RunSummary[]>
  get(id: string): Promise<RunRecord | undefined>
  /**
   * Saves a finished run and drops the oldest beyond PAST_RUNS_KEPT of its collection or folder.
   * `shape`: how each row is kept (applied piece by piece, as the rows are written).
   */
  save(record: RunRecord, shape?: (row: RunRow) => RunRow): Promise<void>
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

/** Every piece of a run's rows: [id, 0], [id, 1], ... (an array sorts after any number). */
const pieces = (id: string) => IDBKeyRange.bound([id, 0], [id, []])

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
      const whole = (await request(tx.objectStore(ROWS).get(id))) as RunRow[] | undefined
      const rows = whole ?? ((await request(tx.objectStore(ROWS).getAll(pieces(id)))) as RunRow[][]).flat()
      return summary && { ...summary, rows }
    },
    async save(record, shape = (row) => row) {
      const tx = (await db()).transaction([RUNS, ROWS], 'readwrite')
      const finished = done(tx)
      finished.catch(() => undefined) // awaited below; a failed put rejects first
      const runs = tx.objectStore(RUNS)
      const { rows, ...summary } = record
      runs.put(summary)
      // Each piece is put from the last one's success (a task of its own): the transaction stays open.
      for (let piece = 0; piece * ROWS_PER_PUT < rows.length; piece++) {
        const slice = rows.slice(piece * ROWS_PER_PUT, (piece + 1) * ROWS_PER_PUT).map(shape)
        await request(tx.objectStore(ROWS).put(slice, [record.id, piece]))
      }
      const all = await summaries(runs, record.containerId)
      for (const old of all.slice(kept)) {
        runs.delete(old.id)
        tx.objectStore(ROWS).delete(old.id)
        tx.objectStore(ROWS).delete(pieces(old.id))
      }
      await finished
    },
    async remove(id) {
      const tx = (await db()).transaction([RUNS, ROWS], 'readwrite')
      tx.objectStore(RUNS).delete(id)
      tx.objectStore(ROWS).delete(id)
      tx.objectStore(ROWS).delete(pieces(id))
      await done(tx)
    },
  }
}

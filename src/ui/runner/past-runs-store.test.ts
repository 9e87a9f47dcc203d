/** Past runs as IndexedDB keeps them (fake-indexeddb in Node): newest first, 20 per collection. */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { makePastRunStore, ROWS_PER_PUT } from './past-runs-store.ts'
import type { RunRecord } from './run-record.ts'

function record(id: string, containerId: string, minute: number): RunRecord {
  return {
    id,
    containerId,
    name: 'C',
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    durationMs: 5,
    iterations: 1,
    passed: 1,
    failed: 0,
    stopped: false,
    summary: {
      iterations: 1,
      requests: 1,
      sent: 1,
      notSent: 0,
      failed: 0,
      tests: 1,
      passed: 1,
      failedTests: 0,
      scriptErrors: 0,
    },
    rows: [
      {
        iteration: 1,
        requestId: 'r',
        method: 'GET',
        failed: false,
        execution: {
          name: 'R',
          path: ['R'],
          iteration: 0,
          outcome: 'done',
          error: null,
          request: null,
          response: null,
          tests: [],
          scriptError: null,
        },
      },
    ],
  }
}

describe('the past runs store', () => {
  it('lists a collection’s runs newest first, without their rows, and reads one whole', async () => {
    const store = makePastRunStore(indexedDB, 'runs-test-1')
    await store.save(record('a', 'c1', 1))
    await store.save(record('b', 'c1', 2))
    await store.save(record('x', 'c2', 3))
    const listed = await store.list('c1')
    expect(listed.map((r) => r.id)).toEqual(['b', 'a'])
    expect('rows' in listed[0]!).toBe(false)
    expect((await store.get('a'))?.rows).toHaveLength(1)
  })

  it('keeps only the newest runs per collection and deletes on request', async () => {
    const store = makePastRunStore(indexedDB, 'runs-test-2', 3)
    for (let i = 0; i < 5; i++) await store.save(record(`r${i}`, 'c1', i))
    await store.save(record('other', 'c2', 0))
    expect((await store.list('c1')).map((r) => r.id)).toEqual(['r4', 'r3', 'r2'])
    expect(await store.get('r0')).toBeUndefined()
    await store.remove('r3')
    expect((await store.list('c1')).map((r) => r.id)).toEqual(['r4', 'r2'])
    expect((await store.list('c2')).map((r) => r.id)).toEqual(['other'])
  })

  it('writes a long run’s rows in pieces, shaped as they go, and reads them back in order', async () => {
    const store = makePastRunStore(indexedDB, 'runs-test-3', 1)
    const long = record('long', 'c1', 1)
    const count = ROWS_PER_PUT * 2 + 5
    long.rows = Array.from({ length: count }, (_, i) => ({ ...long.rows[0]!, requestId: `r${i}` }))
    await store.save(long, (row) => ({ ...row, method: 'KEPT' }))
    const read = await store.get('long')
    expect(read?.rows.map((row) => row.requestId)).toEqual(long.rows.map((row) => row.requestId))
    expect(new Set(read?.rows.map((row) => row.method))).toEqual(new Set(['KEPT']))
    // Dropped beyond the kept count, and removed: no piece stays behind.
    await store.save(record('next', 'c1', 2))
    expect(await store.get('long')).toBeUndefined()
    await store.remove('next')
    const open = indexedDB.open('runs-test-3', 1)
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const left = db.transaction('rows').objectStore('rows').count()
    expect(await new Promise((resolve) => (left.onsuccess = () => resolve(left.result)))).toBe(0)
    db.close()
  })

  it('reads a run kept before rows were written in pieces (all rows under its id)', async () => {
    const store = makePastRunStore(indexedDB, 'runs-test-4')
    await store.list('c1') // creates the stores
    const { rows, ...summary } = record('old', 'c1', 1)
    const open = indexedDB.open('runs-test-4', 1)
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const tx = db.transaction(['runs', 'rows'], 'readwrite')
    tx.objectStore('runs').put(summary)
    tx.objectStore('rows').put(rows, 'old')
    await new Promise((resolve) => (tx.oncomplete = resolve))
    db.close()
    expect((await store.get('old'))?.rows).toEqual(rows)
  })
})

/** Past runs as IndexedDB keeps them (fake-indexeddb in Node): newest first, 20 per collection. */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { makePastRunStore } from './past-runs-store.ts'
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
})

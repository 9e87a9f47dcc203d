/**
 * Local workspace changes get a strict commit after their own write; changes of one task share
 * it, changes during a commit share the next; applied updates get none. y-indexeddb on
 * fake-indexeddb, with IDBDatabase.transaction watched to see the options each transaction had.
 */
import 'fake-indexeddb/auto'
import { IndexeddbPersistence } from 'y-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { DURABLE_KEY, trackDurability } from './durable-commit.ts'

const open: IndexeddbPersistence[] = []
let dbCount = 0

async function openDoc() {
  const doc = new Y.Doc()
  const persistence = new IndexeddbPersistence(`durable-test-${dbCount++}`, doc)
  open.push(persistence)
  await persistence.whenSynced
  return { doc, persistence, db: persistence.db! }
}

/** Every transaction opened on `db`, in order: its stores and durability. */
function watch(db: IDBDatabase) {
  const opened: { stores: string[]; durability: string }[] = []
  const original = db.transaction.bind(db)
  vi.spyOn(db, 'transaction').mockImplementation(((
    stores: string | string[],
    mode?: IDBTransactionMode,
    options?: IDBTransactionOptions,
  ) => {
    opened.push({ stores: [stores].flat(), durability: options?.durability ?? 'default' })
    return original(stores, mode, options)
  }) as IDBDatabase['transaction'])
  return opened
}

afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(open.splice(0).map((p) => p.destroy()))
})

describe('durable commits', () => {
  it('a local change is followed by one strict commit, and settled() waits for it', async () => {
    const { doc, persistence, db } = await openDoc()
    const opened = watch(db)
    const durability = trackDurability(doc, [persistence])
    const seen: number[] = []
    durability.subscribe(() => seen.push(durability.pending()))

    doc.getMap('requests').set('a', 'one')
    doc.getMap('requests').set('b', 'two')
    expect(durability.pending()).toBe(1)
    const settled = durability.settled()
    await settled
    expect(durability.pending()).toBe(0)
    // Two writes of y-indexeddb, then the one strict commit, after them.
    expect(opened.map((t) => t.durability)).toEqual(['default', 'default', 'strict'])
    expect(opened[2]!.stores).toEqual(['updates', 'custom'])
    expect(seen).toEqual([1, 0])
    expect(await persistence.get(DURABLE_KEY)).toEqual(expect.any(Number))
    durability.stop()
  })

  it('changes made while a commit runs share the next one', async () => {
    const { doc, persistence, db } = await openDoc()
    const opened = watch(db)
    const durability = trackDurability(doc, [persistence])
    doc.getMap('m').set('a', 1)
    await Promise.resolve()
    await Promise.resolve()
    for (let i = 0; i < 5; i++) doc.getMap('m').set(`k${i}`, i)
    await durability.settled()
    expect(opened.filter((t) => t.durability === 'strict')).toHaveLength(2)
    expect(durability.pending()).toBe(0)
  })

  it('updates applied from elsewhere (sync, another tab, the load) get no strict commit', async () => {
    const { doc, persistence, db } = await openDoc()
    const opened = watch(db)
    const durability = trackDurability(doc, [persistence])
    const remote = new Y.Doc()
    remote.getMap('m').set('x', 1)
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote), 'sync')
    expect(durability.pending()).toBe(0)
    await durability.settled()
    expect(opened.filter((t) => t.durability === 'strict')).toHaveLength(0)
  })

  it('commit() flushes a change of another database (a secret value in the device doc)', async () => {
    const workspace = await openDoc()
    const device = await openDoc()
    const opened = watch(device.db)
    const durability = trackDurability(workspace.doc, [workspace.persistence, device.persistence])
    device.doc.getMap('secrets').set('v1', 'token')
    const done = durability.commit()
    expect(durability.pending()).toBe(1)
    await done
    expect(opened.map((t) => t.durability)).toEqual(['default', 'strict'])
  })

  it('a failed commit is reported, and the next one that succeeds clears it', async () => {
    const { doc, persistence, db } = await openDoc()
    const durability = trackDurability(doc, [persistence])
    const original = db.transaction.bind(db)
    vi.spyOn(db, 'transaction').mockImplementation(((
      stores: string | string[],
      mode?: IDBTransactionMode,
      options?: IDBTransactionOptions,
    ) => {
      if (options?.durability === 'strict') {
        throw new DOMException('The database connection is closing.', 'InvalidStateError')
      }
      return original(stores, mode, options)
    }) as IDBDatabase['transaction'])
    doc.getMap('m').set('a', 1)
    await durability.settled()
    expect(durability.failure()).toBe('The database connection is closing.')
    vi.spyOn(db, 'transaction').mockImplementation(original)
    doc.getMap('m').set('b', 2)
    await durability.settled()
    expect(durability.failure()).toBeNull()
  })
})

describe('durable commits of collection docs', () => {
  it("a tracked doc's local change commits its own database strictly, and the others' stay untouched", async () => {
    const root = await openDoc()
    const a = await openDoc()
    const b = await openDoc()
    const [seenRoot, seenA, seenB] = [watch(root.db), watch(a.db), watch(b.db)]
    const durability = trackDurability(root.doc, [root.persistence])
    durability.track(a.doc, a.persistence)
    durability.track(b.doc, b.persistence)
    a.doc.getMap('requests').set('r1', 'one')
    expect(durability.pending()).toBe(1)
    await durability.settled()
    expect(seenA.map((t) => t.durability)).toEqual(['default', 'strict'])
    expect(seenB.filter((t) => t.durability === 'strict')).toHaveLength(0)
    expect(seenRoot.filter((t) => t.durability === 'strict')).toHaveLength(1)
    expect(await a.persistence.get(DURABLE_KEY)).toEqual(expect.any(Number))
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc), 'sync')
    await durability.settled()
    expect(seenB.filter((t) => t.durability === 'strict')).toHaveLength(0)
    durability.stop()
    a.doc.getMap('requests').set('r2', 'two')
    expect(durability.pending()).toBe(0)
  })

  it('a held change (its doc still loading) is pending, and settled() waits for it and its commit', async () => {
    const { doc, persistence, db } = await openDoc()
    const opened = watch(db)
    const durability = trackDurability(doc, [persistence])
    let open!: () => void
    const loading = new Promise<void>((resolve) => (open = resolve))
    durability.hold(loading.then(() => doc.getMap('requests').set('later', 'saved')))
    expect(durability.pending()).toBe(1)
    let settled = false
    const waiting = durability.settled().then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    expect(opened).toEqual([])
    open()
    await waiting
    expect(durability.pending()).toBe(0)
    expect(opened.map((t) => t.durability)).toEqual(['default', 'strict'])
  })

  it('a held change that fails is reported as a failed save, until a commit succeeds', async () => {
    const { doc, persistence } = await openDoc()
    const durability = trackDurability(doc, [persistence])
    const told: (string | null)[] = []
    durability.subscribe(() => told.push(durability.failure()))
    durability.hold(Promise.reject(new Error("the collection's database did not open")))
    await durability.settled()
    expect(durability.pending()).toBe(0)
    expect(durability.failure()).toBe("the collection's database did not open")
    expect(told.at(-1)).toBe("the collection's database did not open")
    doc.getMap('m').set('a', 1)
    await durability.settled()
    expect(durability.failure()).toBeNull()
  })
})

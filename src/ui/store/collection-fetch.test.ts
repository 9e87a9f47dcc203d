/** Collections never stored on this device are fetched in idle time; stored ones wait until needed. */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { Id } from '../../model/types.ts'
import { fetchUnstored } from './collection-open.ts'

describe('fetching collections never stored here', () => {
  it('loads the unstored ones one at a time, and one whose index entry arrives later', async () => {
    const one = new Y.Doc()
    data.initWorkspace(one)
    const ids = ['A', 'B', 'C'].map((name) => data.createCollection(one, { name }))
    const store = new Map<Id, Y.Doc>()
    data.splitWorkspace(one, (id) => store.get(id) ?? store.set(id, new Y.Doc()).get(id)!)
    const opened: Id[] = []
    const collections = new data.WorkspaceDocs(one, {
      openDoc: async (id) => {
        opened.push(id)
        return store.get(id) ?? store.set(id, new Y.Doc()).get(id)!
      },
    })
    const stored = [data.collectionDbName('root', ids[0]!), data.collectionDbName('root', ids[2]!)]
    const stop = fetchUnstored(
      collections,
      'root',
      (callback) => void setTimeout(callback, 0),
      async () => stored,
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(opened).toEqual([ids[1]])

    // Someone else's new collection: its entry reaches the root.
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(one))
    const remote = new data.WorkspaceDocs(other, { openDoc: async () => new Y.Doc() })
    const made = await remote.createCollection({ name: 'D' })
    Y.applyUpdate(one, Y.encodeStateAsUpdate(other))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(opened).toEqual([ids[1], made])
    stop()
  })
})

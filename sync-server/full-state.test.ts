import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { fullState, rememberFullState } from './full-state.ts'

const read = (update: Uint8Array) => {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, update)
  return doc.getMap('m').toJSON()
}

describe('a room’s whole state for joiners with nothing', () => {
  it('is encoded once and kept while the doc does not change', () => {
    const doc = new Y.Doc()
    doc.getMap('m').set('a', 1)
    const first = fullState(doc)
    expect(fullState(doc)).toBe(first)
    expect(read(first)).toEqual({ a: 1 })
  })

  it('is dropped on the next change, so a later joiner gets that change too', () => {
    const doc = new Y.Doc()
    doc.getMap('m').set('a', 1)
    const before = fullState(doc)
    doc.getMap('m').set('b', 2)
    const after = fullState(doc)
    expect(after).not.toBe(before)
    expect(read(after)).toEqual({ a: 1, b: 2 })
  })

  it('after a load is the update read from disk, sent as it was read', () => {
    const source = new Y.Doc()
    source.getMap('m').set('a', 1)
    const stored = Y.mergeUpdates([Y.encodeStateAsUpdate(source)])
    const doc = new Y.Doc()
    Y.applyUpdate(doc, stored)
    rememberFullState(doc, stored)
    expect(fullState(doc)).toBe(stored)
    doc.getMap('m').set('c', 3)
    expect(read(fullState(doc))).toEqual({ a: 1, c: 3 })
  })

  it('holds structs still waiting for what they build on: a joiner gets them, as with a fresh encoding', () => {
    // A peer's edits after it reconnects can reach the server before the offline edits they build
    // on (its sync step 2): Yjs keeps them pending, with no update event.
    const peer = new Y.Doc()
    const updates: Uint8Array[] = []
    peer.on('update', (update: Uint8Array) => updates.push(update))
    peer.getMap('m').set('offline', 1)
    peer.getMap('m').set('live', 2)
    peer.getMap('m').delete('offline')
    const doc = new Y.Doc()
    doc.getMap('m').set('a', 1)
    fullState(doc)
    Y.applyUpdate(doc, updates[1]!)
    Y.applyUpdate(doc, updates[2]!)
    expect(doc.store.pendingStructs).not.toBeNull()
    const joiner = new Y.Doc()
    Y.applyUpdate(joiner, fullState(doc))
    // The missing edit arrives; the server broadcasts only what it integrates, to joiner and all.
    const broadcast: Uint8Array[] = []
    doc.on('update', (update: Uint8Array) => broadcast.push(update))
    Y.applyUpdate(doc, updates[0]!)
    for (const update of broadcast) Y.applyUpdate(joiner, update)
    expect(joiner.getMap('m').toJSON()).toEqual(doc.getMap('m').toJSON())
    expect(joiner.getMap('m').toJSON()).toEqual({ a: 1, live: 2 })
  })
})

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
})

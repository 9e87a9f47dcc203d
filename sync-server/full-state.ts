/**
 * A room's whole state as one update, kept until the room changes. A joiner that has nothing yet
 * (an empty state vector: every new joiner) gets it without the server encoding the document
 * again; right after a load it is the update the store read from disk, sent as it was read.
 */
import * as Y from 'yjs'

const cache = new WeakMap<Y.Doc, Uint8Array>()
const watched = new WeakSet<Y.Doc>()

/** Keeps `update` as the doc's whole state until its next change. Call right after applying it. */
export function rememberFullState(doc: Y.Doc, update: Uint8Array): void {
  if (!watched.has(doc)) {
    watched.add(doc)
    doc.on('update', () => cache.delete(doc))
  }
  cache.set(doc, update)
}

/** The doc's whole state as one update: the kept one, or encoded now and kept. */
export function fullState(doc: Y.Doc): Uint8Array {
  const kept = cache.get(doc)
  if (kept) return kept
  const update = Y.encodeStateAsUpdate(doc)
  rememberFullState(doc, update)
  return update
}

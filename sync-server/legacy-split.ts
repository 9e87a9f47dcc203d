/**
 * A workspace room still in the one-doc shape (collections, folders and requests in the root),
 * split into one doc per collection (docs/collection-docs.md): written here against the contract
 * until the model's own split function (src/model/workspace) replaces it.
 *
 * Two steps, so nothing is lost when the process dies between them: `copyToCollections` copies
 * each collection with its folders and requests, ids kept, into its collection doc and lists it in
 * the root's `collectionIndex`; once those docs are written, `removeFromRoot` takes the copied
 * entities out of the root. Both are idempotent: an entity a collection doc already has (another
 * peer split first) is not copied again, and two peers copying at once write the same ids and
 * keys, so the docs converge.
 */
import * as Y from 'yjs'

type Entity = Y.Map<unknown>

/** Transaction origin of the split's writes. */
export const SPLIT_ORIGIN = 'sendbox-split'

/** The collections a root doc still holds itself (empty once split). */
export function legacyCollectionIds(root: Y.Doc): string[] {
  return [...root.getMap<unknown>('collections').entries()]
    .filter(([, entity]) => entity instanceof Y.Map)
    .map(([id]) => id)
}

/** A deep copy of a value of an entity map, Yjs types made anew for another doc. */
function copyValue(value: unknown): unknown {
  if (value instanceof Y.Map) {
    const map = new Y.Map<unknown>()
    for (const [key, inner] of value.entries()) map.set(key, copyValue(inner))
    return map
  }
  if (value instanceof Y.Array) return Y.Array.from(value.toArray().map(copyValue) as never[])
  if (value instanceof Y.Text) return new Y.Text(value.toString())
  return value
}

function textOf(value: unknown): string {
  return value instanceof Y.Text ? value.toString() : typeof value === 'string' ? value : ''
}

/** Items (folders, requests) of the root that belong to `collectionId`. */
function itemsOf(root: Y.Doc, kind: 'folders' | 'requests', collectionId: string): [string, Entity][] {
  return [...root.getMap<unknown>(kind).entries()].filter(
    (entry): entry is [string, Entity] =>
      entry[1] instanceof Y.Map && entry[1].get('collectionId') === collectionId,
  )
}

/** Step 1: every collection of the root copied into its doc, and listed in the root's index. */
export function copyToCollections(root: Y.Doc, docs: ReadonlyMap<string, Y.Doc>, origin: unknown): void {
  const collections = root.getMap<unknown>('collections')
  const version = root.getMap('meta').get('schemaVersion')
  for (const [id, doc] of docs) {
    const entity = collections.get(id)
    if (!(entity instanceof Y.Map)) continue
    doc.transact(() => {
      const meta = doc.getMap('meta')
      if (typeof version === 'number' && meta.get('schemaVersion') !== version)
        meta.set('schemaVersion', version)
      const target = doc.getMap<unknown>('collections')
      if (!target.has(id)) target.set(id, copyValue(entity))
      const order = doc.getArray<string>('collectionOrder')
      if (!order.toArray().includes(id)) order.push([id])
      for (const kind of ['folders', 'requests'] as const) {
        const into = doc.getMap<unknown>(kind)
        for (const [itemId, item] of itemsOf(root, kind, id))
          if (!into.has(itemId)) into.set(itemId, copyValue(item))
      }
    }, origin)
  }
  root.transact(() => {
    const index = root.getMap<unknown>('collectionIndex')
    for (const id of docs.keys()) {
      const entity = collections.get(id)
      if (!(entity instanceof Y.Map) || index.has(id)) continue
      const entry = new Y.Map<unknown>()
      entry.set('name', textOf(entity.get('name')))
      if (entity.has('deleted')) entry.set('deleted', entity.get('deleted'))
      index.set(id, entry)
    }
  }, origin)
}

/** Step 2, once the collection docs are written: the copied entities leave the root. */
export function removeFromRoot(root: Y.Doc, ids: readonly string[], origin: unknown): void {
  root.transact(() => {
    const collections = root.getMap<unknown>('collections')
    for (const id of ids) {
      if (!collections.has(id)) continue
      for (const kind of ['folders', 'requests'] as const) {
        const map = root.getMap<unknown>(kind)
        for (const [itemId] of itemsOf(root, kind, id)) map.delete(itemId)
      }
      collections.delete(id)
    }
  }, origin)
}

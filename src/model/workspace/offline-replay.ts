/**
 * Offline edits replayed onto the collection doc the server already holds
 * (docs/collection-docs.md, section 4, "Offline edits and the split").
 *
 * A device that splits a one-doc workspace it edited offline makes its own copy of each
 * collection; the server (or another device) made another copy of the same entities, under the
 * same ids. Merged as they are, one copy wins per id and the other's edits are lost. Instead,
 * the device keeps the root as it split it (`archive`), and before its collection doc first
 * syncs it takes the server's doc and writes onto it what this device changed:
 *
 * - after its split: every key whose value in its collection doc differs from the archive's
 *   (the copy started equal to the archive);
 * - before its split, offline: every key whose Yjs items in the archive the server's split had
 *   not seen, or deleted since (by the snapshot of the root each split stamps in the collection
 *   docs it writes, `splitBase`).
 *
 * Nested maps (variable tables, auth) merge key by key; a text takes this device's change as a
 * 3-way merge on the server's text (`mergeText`), so concurrent typing elsewhere stays; a list
 * (`children` aside, which only orders) and a plain value take this device's value. An item this
 * device created offline is copied whole; one the server had and removed (purged, moved to
 * another collection) stays removed.
 */
import * as Y from 'yjs'
import type { Id } from '../types.ts'
import { clone } from './clone.ts'
import { copyEntity, SPLIT_BASE_KEY } from './split.ts'
import { mergeText, setText } from './text-diff.ts'
import { LOCAL_ORIGIN, roots } from './workspace-doc.ts'

const KINDS = ['collections', 'folders', 'requests'] as const

export interface ReplaySource {
  /** The root as this device split it: its state right before `finishSplit` (`archiveRoot`). */
  archive: Y.Doc
  /** This device's doc of the collection: the copy its split made and the edits made since. */
  local: Y.Doc
}

export interface Replayed {
  /** Entities whose keys were written onto the server's doc. */
  edited: Id[]
  /** Entities this device created offline, copied whole. */
  added: Id[]
}

/** What a split keeps for a later replay: the root's whole state, before anything leaves it. */
export function archiveRoot(root: Y.Doc): Uint8Array {
  return Y.encodeStateAsUpdate(root)
}

/** The snapshot of the root the split that made this collection doc copied from, if stamped. */
export function splitBaseOf(doc: Y.Doc): Y.Snapshot | undefined {
  const stamped = doc.getMap('meta').get(SPLIT_BASE_KEY)
  return stamped instanceof Uint8Array ? Y.decodeSnapshot(stamped) : undefined
}

/**
 * Whether the server's doc already holds the collection: then this device's edits are replayed
 * onto it (`replayOfflineEdits`) and this device takes it as its collection doc; otherwise this
 * device's own doc is the first copy and syncs as it is.
 */
export function holdsCollection(server: Y.Doc, collectionId: Id): boolean {
  return roots(server).collections.has(collectionId)
}

/** Writes onto `server` what this device changed in the collection, before or after its split. */
export function replayOfflineEdits(
  server: Y.Doc,
  collectionId: Id,
  source: ReplaySource,
  origin: unknown = LOCAL_ORIGIN,
): Replayed {
  const base = splitBaseOf(server)
  const archive = roots(source.archive)
  const local = roots(source.local)
  const target = roots(server)
  const done: Replayed = { edited: [], added: [] }
  server.transact(() => {
    for (const kind of KINDS) {
      local[kind].forEach((entity, id) => {
        if (kind === 'collections' && id !== collectionId) return
        const theirs = target[kind].get(id)
        const before = archive[kind].get(id)
        if (!theirs) {
          // The server had it and removed it (purged, moved away): it stays removed.
          const entry = archive[kind]._map.get(id)
          if (before && entry && (!base || seenBy(base, entry))) return
          target[kind].set(id, copyEntity(entity))
          done.added.push(id)
        } else if (replayMap(theirs, entity, before, base)) done.edited.push(id)
      })
    }
  }, origin)
  return done
}

/** Replays the keys of `mine` that changed on this device onto `theirs`; true if it wrote any. */
function replayMap(
  theirs: Y.Map<unknown>,
  mine: Y.Map<unknown>,
  before: Y.Map<unknown> | undefined,
  base: Y.Snapshot | undefined,
): boolean {
  let wrote = false
  // The archive's deleted keys too: one deleted offline before the split is an edit to replay.
  const keys = new Set([...mine.keys(), ...(before ? before._map.keys() : [])])
  for (const key of keys) {
    const value = mine.get(key)
    const old = before?.get(key)
    const current = theirs.get(key)
    if (value instanceof Y.Map && old instanceof Y.Map && current instanceof Y.Map) {
      wrote = replayMap(current, value, old, base) || wrote
      continue
    }
    const changedAfter = !sameValue(value, old)
    const changedBefore = before !== undefined && keyChangedSince(before, key, base)
    if (!changedAfter && !changedBefore) continue
    if (key === 'children') {
      wrote = addChildren(current, value) || wrote
      continue
    }
    wrote = writeValue(theirs, key, value, changedBefore ? baseText(old, base) : textOf(old)) || wrote
  }
  return wrote
}

function writeValue(theirs: Y.Map<unknown>, key: string, value: unknown, base: string | undefined): boolean {
  const current = theirs.get(key)
  if (value === undefined) {
    if (!theirs.has(key)) return false
    theirs.delete(key)
    return true
  }
  if (value instanceof Y.Text && current instanceof Y.Text) {
    const before = current.toString()
    if (base === undefined) setText(current, value.toString())
    else mergeText(current, base, value.toString())
    return current.toString() !== before
  }
  if (value instanceof Y.AbstractType) {
    if (current instanceof Y.AbstractType && sameValue(current, value)) return false
    theirs.set(key, value.clone())
    return true
  }
  if (sameValue(current, value)) return false
  theirs.set(key, clone(value))
  return true
}

/** `children` only orders (parentId is the truth): ids this device added go after theirs. */
function addChildren(current: unknown, mine: unknown): boolean {
  if (!(current instanceof Y.Array) || !(mine instanceof Y.Array)) return false
  const have = new Set(current.toArray())
  const missing = (mine.toArray() as unknown[]).filter((id) => !have.has(id))
  if (missing.length > 0) current.push(missing)
  return missing.length > 0
}

function textOf(value: unknown): string | undefined {
  return value instanceof Y.Text ? value.toString() : undefined
}

function sameValue(a: unknown, b: unknown): boolean {
  const plain = (value: unknown) =>
    value instanceof Y.Text ? value.toString() : value instanceof Y.AbstractType ? value.toJSON() : value
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b))
}

/** The item was in the root the split copied from, and not deleted since there (or deleted there too). */
function seenBy(base: Y.Snapshot, item: Y.Item): boolean {
  const { client, clock } = item.id
  const last = clock + item.length - 1
  if (last >= (base.sv.get(client) ?? 0)) return false
  if (!item.deleted) return true
  return Y.isDeleted(base.ds, item.id) && Y.isDeleted(base.ds, Y.createID(client, last))
}

/** Whether the archive's value of `key` holds anything the split's base had not (inserted or deleted). */
function keyChangedSince(map: Y.Map<unknown>, key: string, base: Y.Snapshot | undefined): boolean {
  if (!base) return false
  const item = map._map.get(key)
  return item !== undefined && itemChangedSince(item, base)
}

/** The item, or anything in the type it holds, is something the split's base had not. */
function itemChangedSince(item: Y.Item, base: Y.Snapshot): boolean {
  if (!seenBy(base, item)) return true
  if (!(item.content instanceof Y.ContentType) || item.deleted) return false
  const type = item.content.type
  for (const inner of type._map.values()) if (itemChangedSince(inner, base)) return true
  for (let inner = type._start; inner; inner = inner.right) if (itemChangedSince(inner, base)) return true
  return false
}

/**
 * The text as the split's base had it, from the archive's items: those it had seen, less those
 * it had deleted. Undefined when this device deleted some of it offline (the deleted characters
 * are gone from the archive): then this device's text replaces theirs.
 */
function baseText(value: unknown, base: Y.Snapshot | undefined): string | undefined {
  if (!(value instanceof Y.Text) || !base) return undefined
  let text = ''
  for (let item: Y.Item | null = value._start; item; item = item.right) {
    if (!(item.content instanceof Y.ContentString || item.content instanceof Y.ContentDeleted)) continue
    const { client, clock } = item.id
    const seen = base.sv.get(client) ?? 0
    for (let i = 0; i < item.length && clock + i < seen; i++) {
      if (Y.isDeleted(base.ds, Y.createID(client, clock + i))) continue
      if (item.deleted) return undefined
      text += (item.content as Y.ContentString).str[i]
    }
  }
  return text
}

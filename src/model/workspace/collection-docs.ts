/**
 * `WorkspaceDocs`: a workspace as a root doc and one doc per collection, loaded on demand
 * (docs/collection-docs.md). Reads and writes go to the doc that holds the item; the tree's top
 * level comes from the root's `collectionIndex`, so it shows before any collection is loaded.
 * Every write of a collection's name, deletion or order keeps the index in step. How a doc is
 * stored or synced is the caller's (`openDoc`, `stored`); this module only routes.
 */
import type * as Y from 'yjs'
import { newId } from '../ids.ts'
import { makeCollection } from '../factories.ts'
import type { Collection, Id } from '../types.ts'
import type { Deleted, Duplicated, MoveTarget, TreeRow, WorkspaceChange } from './types.ts'
import * as actions from './actions.ts'
import { reId } from './codec.ts'
import { DELETED_RETENTION_MS, purgeExpired, purgeItem, type Purged } from './deleted.ts'
import { readCollection } from './read.ts'
import { CollectionRows } from './collection-rows.ts'
import { subscribe } from './observe.ts'
import { copyMovedInto, duplicateAcross, removeMoved } from './cross-collection.ts'
import {
  collectionIndex,
  listIndex,
  removeIndexEntry,
  writeIndexEntry,
  type IndexEntry,
} from './collection-index.ts'
import { initCollectionDoc } from './split.ts'
import { liveView, LOCAL_ORIGIN, roots, transact } from './workspace-doc.ts'

export interface WorkspaceDocsOptions {
  /** Opens (loads from storage, attaches sync to) the doc of a collection. */
  openDoc(collectionId: Id): Promise<Y.Doc>
  /** Resolves once what was written to `doc` is stored (a move removes from its source after). */
  stored?(doc: Y.Doc): Promise<void>
}

export class WorkspaceDocs {
  private readonly docs = new Map<Id, Y.Doc>()
  private readonly loading = new Map<Id, Promise<Y.Doc>>()
  private readonly loadListeners = new Set<(collectionId: Id, doc: Y.Doc) => void>()
  private readonly rowsOf = new CollectionRows()

  constructor(
    readonly root: Y.Doc,
    private readonly options: WorkspaceDocsOptions,
  ) {}

  /** The collections of the index: live ones in the sidebar's order (deleted ones after, if asked). */
  collections(includeDeleted = false): IndexEntry[] {
    return listIndex(this.root, includeDeleted)
  }

  /** The collection's doc if it is loaded. */
  loaded(collectionId: Id): Y.Doc | undefined {
    return this.docs.get(collectionId)
  }

  loadedDocs(): [Id, Y.Doc][] {
    return [...this.docs]
  }

  /** Loads the collection's doc once; later calls get the same doc. */
  load(collectionId: Id): Promise<Y.Doc> {
    const doc = this.docs.get(collectionId)
    if (doc) return Promise.resolve(doc)
    let pending = this.loading.get(collectionId)
    if (!pending) {
      pending = this.options.openDoc(collectionId).then((opened) => {
        initCollectionDoc(opened)
        this.adopt(collectionId, opened)
        return opened
      })
      pending.finally(() => this.loading.delete(collectionId)).catch(() => undefined)
      this.loading.set(collectionId, pending)
    }
    return pending
  }

  /** Takes a doc opened elsewhere as the collection's (a test, a split that made it). */
  adopt(collectionId: Id, doc: Y.Doc): void {
    if (this.docs.get(collectionId) === doc) return
    this.docs.set(collectionId, doc)
    for (const listener of this.loadListeners) listener(collectionId, doc)
  }

  /** Calls back for every collection doc loaded from now on. */
  onLoad(listener: (collectionId: Id, doc: Y.Doc) => void): () => void {
    this.loadListeners.add(listener)
    return () => this.loadListeners.delete(listener)
  }

  /** The loaded collection that holds the item (a collection, folder or request, deleted or not). */
  collectionOf(id: Id): Id | undefined {
    if (this.docs.has(id)) return id
    for (const [collectionId, doc] of this.docs) {
      const r = roots(doc)
      if (r.requests.has(id) || r.folders.has(id) || r.collections.has(id)) return collectionId
    }
    return undefined
  }

  /** The loaded doc that holds the item, or undefined (not loaded, or no such item). */
  docOf(id: Id): Y.Doc | undefined {
    const collectionId = this.collectionOf(id)
    return collectionId === undefined ? undefined : this.docs.get(collectionId)
  }

  /**
   * The collection that holds the item (loaded once this resolves), loading collections until
   * one does (a collection: its own doc): first `hint` (a
   * tab's remembered collection), then the index's collections one at a time, in the sidebar's
   * order (deleted ones last). Undefined when none holds it.
   */
  async locate(id: Id, hint?: Id): Promise<Id | undefined> {
    const index = collectionIndex(this.root)
    // A collection being created (its doc opening) is its own.
    if (index.has(id) || this.loading.has(id)) return this.load(id).then(() => id)
    const found = this.collectionOf(id)
    if (found !== undefined) return found
    const order = this.collections(true).map((entry) => entry.id)
    for (const collectionId of hint !== undefined && index.has(hint) ? [hint, ...order] : order) {
      if (this.docs.has(collectionId) && collectionId !== hint) continue
      const r = roots(await this.load(collectionId))
      if (r.requests.has(id) || r.folders.has(id) || r.collections.has(id)) return collectionId
    }
    return this.collectionOf(id)
  }

  private need(id: Id): Y.Doc {
    const doc = this.docOf(id)
    if (!doc) throw new actions.TreeError(`Nothing loaded with id ${id}`)
    return doc
  }

  /**
   * The sidebar's rows: the top level from the index; the rows of an expanded collection from
   * its doc once loaded (until then it shows with children, and none listed).
   */
  listTree(expanded: ReadonlySet<Id>): TreeRow[] {
    const rows: TreeRow[] = []
    for (const entry of this.collections()) {
      const doc = this.docs.get(entry.id)
      if (!doc) {
        const row = { id: entry.id, type: 'collection', name: entry.name, depth: 0, parentId: null }
        rows.push({ ...row, hasChildren: true, expanded: expanded.has(entry.id) } as TreeRow)
        continue
      }
      // Kept per collection until its doc or an expansion in it changes (`collection-rows.ts`).
      for (const row of this.rowsOf.rows(entry.id, entry.name, doc, expanded)) rows.push(row)
    }
    return rows
  }

  /** Calls back once per transaction of the root or of any loaded collection doc. */
  subscribe(callback: (change: WorkspaceChange, doc: Y.Doc) => void): () => void {
    const stops = [subscribe(this.root, (change) => callback(change, this.root))]
    const follow = (_id: Id, doc: Y.Doc) => stops.push(subscribe(doc, (change) => callback(change, doc)))
    for (const [id, doc] of this.docs) follow(id, doc)
    stops.push(this.onLoad(follow))
    return () => stops.forEach((stop) => stop())
  }

  /** Writes a collection into a doc of its own, then its index entry and its place in the order. */
  private async addCollection(collection: Collection, position?: number, origin?: unknown): Promise<Id> {
    const doc = await this.load(collection.id)
    transact(doc, origin, () => actions.writeCollection(doc, collection))
    this.syncIndex(collection.id, origin, position)
    return collection.id
  }

  /** Brings the root's entry and order in step with the collection's doc. */
  syncIndex(collectionId: Id, origin?: unknown, position?: number): void {
    const doc = this.docs.get(collectionId)
    const entity = doc && roots(doc).collections.get(collectionId)
    if (!entity) return
    transact(this.root, origin, () => {
      writeIndexEntry(this.root, collectionId, entity)
      const order = roots(this.root).collectionOrder
      const listed = order.toArray().includes(collectionId)
      if (entity.has('deleted')) actions.removeFromArray(order, collectionId)
      else if (!listed || position !== undefined) {
        actions.removeFromArray(order, collectionId)
        actions.insertInOrder(order, liveView(collectionIndex(this.root)), collectionId, position)
      }
    })
  }

  createCollection(fields: Partial<Collection> = {}, origin?: unknown): Promise<Id> {
    return this.addCollection(makeCollection(fields), undefined, origin)
  }

  /** Adds a plain collection (an import) with fresh ids. */
  importCollection(collection: Collection, origin?: unknown): Promise<Id> {
    return this.addCollection(reId(collection, new Map(), newId), undefined, origin)
  }

  renameItem(id: Id, name: string, origin?: unknown): void {
    actions.renameItem(this.need(id), id, name, origin)
    if (this.docs.has(id)) this.syncIndex(id, origin)
  }

  deleteItem(id: Id, origin?: unknown): Deleted {
    const deleted = actions.deleteItem(this.need(id), id, origin)
    if (this.docs.has(id)) this.syncIndex(id, origin)
    return deleted
  }

  restoreItem(id: Id, origin?: unknown): Id[] {
    const restored = actions.restoreItem(this.need(id), id, origin)
    if (this.docs.has(id)) this.syncIndex(id, origin)
    return restored
  }

  /** `Delete permanently`; a purged collection leaves the index (its doc's storage is the caller's). */
  purgeItem(id: Id, origin?: unknown): Purged {
    const purged = purgeItem(this.need(id), id, origin)
    if (this.docs.has(id)) transact(this.root, origin, () => removeIndexEntry(this.root, id))
    return purged
  }

  /** Collections whose deletion is past its retention by `now` (their docs hold what to purge). */
  expiredCollections(now: number, retentionMs = DELETED_RETENTION_MS): Id[] {
    return this.collections(true)
      .filter((entry) => entry.deleted && entry.deleted.at + retentionMs <= now)
      .map((entry) => entry.id)
  }

  /**
   * Purges a loaded collection's deletions past their retention; when that took the collection
   * itself, it leaves the index too.
   */
  purgeExpiredIn(
    collectionId: Id,
    now: number,
    retentionMs = DELETED_RETENTION_MS,
    origin?: unknown,
  ): Purged {
    const doc = this.docs.get(collectionId)
    if (!doc) return { ids: [], variableIds: [] }
    // Only a purge that took the collection: a doc loaded before its content arrived (a
    // collection made elsewhere, its room not synced yet) holds nothing and loses nothing.
    const had = roots(doc).collections.has(collectionId)
    const purged = purgeExpired(doc, now, retentionMs, origin)
    const gone = had && !roots(doc).collections.has(collectionId)
    if (gone && collectionIndex(this.root).has(collectionId))
      transact(this.root, origin, () => removeIndexEntry(this.root, collectionId))
    return purged
  }

  /**
   * Moves an item; into another collection it is copied there (stored first), then removed
   * from its own. A collection moves among collections (the root's order).
   */
  async moveItem(id: Id, to: MoveTarget, origin: unknown = LOCAL_ORIGIN): Promise<void> {
    if (collectionIndex(this.root).has(id)) {
      transact(this.root, origin, () => {
        const order = roots(this.root).collectionOrder
        actions.removeFromArray(order, id)
        actions.insertInOrder(order, liveView(collectionIndex(this.root)), id, to.index)
      })
      return
    }
    const source = this.need(id)
    const target = await this.targetDoc(to.parentId)
    if (source === target) return actions.moveItem(source, id, to, origin)
    copyMovedInto(source, target, id, to, origin)
    await this.options.stored?.(target)
    removeMoved(source, id, origin)
  }

  /**
   * A copy beside the original whose id is known at once (the sidebar opens or selects it): a
   * folder or request is copied in its loaded doc now; a collection's copy, with the id given
   * here, is written once the original's doc and the copy's are open (`done`).
   */
  duplicateNow(id: Id, origin?: unknown): { id: Id; done: Promise<Duplicated> } {
    if (!collectionIndex(this.root).has(id)) {
      const copy = actions.duplicateItem(this.need(id), id, origin)
      return { id: copy.id, done: Promise.resolve(copy) }
    }
    const copyId = newId()
    return { id: copyId, done: this.duplicateCollection(id, origin, copyId) }
  }

  /** A copy beside the original, or into `to` (another collection or folder, any collection). */
  async duplicateItem(id: Id, to?: MoveTarget, origin?: unknown): Promise<Duplicated> {
    if (collectionIndex(this.root).has(id)) return this.duplicateCollection(id, origin)
    const source = this.need(id)
    const target = to ? await this.targetDoc(to.parentId) : source
    if (source === target && !to) return actions.duplicateItem(source, id, origin)
    return duplicateAcross(source, target, id, to!, origin)
  }

  private async duplicateCollection(id: Id, origin?: unknown, copyId?: Id): Promise<Duplicated> {
    const original = readCollection(await this.load(id), id)
    if (!original) throw new actions.TreeError(`No collection with id ${id}`)
    const idMap = new Map<Id, Id>()
    let first = copyId
    const copy = reId(original, idMap, () => {
      const next = first ?? newId()
      first = undefined
      return next
    })
    const siblings = this.collections().map((entry) => entry.name)
    copy.name = actions.copyName(original.name, siblings)
    const position = this.collections().findIndex((entry) => entry.id === id) + 1
    return { id: await this.addCollection(copy, position, origin), idMap }
  }

  /** The doc a move or copy goes into: the parent's collection, loaded if need be. */
  private async targetDoc(parentId: Id): Promise<Y.Doc> {
    if (collectionIndex(this.root).has(parentId)) return this.load(parentId)
    return this.need(parentId)
  }
}

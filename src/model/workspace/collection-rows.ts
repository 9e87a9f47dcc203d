/**
 * The sidebar rows of each collection doc, kept from one listing to the next until that doc
 * changes or the expansion of a row it listed does (`WorkspaceDocs.listTree`). Expanding one
 * collection then lists that collection alone, not again the thousands of rows of those already
 * open; an edit in one collection re-lists that one. An unchanged collection's rows come back as
 * the same objects, so the sidebar leaves their elements alone.
 */
import type * as Y from 'yjs'
import type { Id } from '../types.ts'
import type { TreeRow } from './types.ts'
import { listTree } from './read.ts'

interface Listed {
  doc: Y.Doc
  /** The doc's change count when listed. */
  version: number
  name: string
  open: boolean
  /** Every expansion the listing read, and what it was. */
  asked: Map<Id, boolean>
  rows: TreeRow[]
}

export class CollectionRows {
  private readonly listed = new Map<Id, Listed>()
  private readonly versions = new WeakMap<Y.Doc, number>()

  /**
   * The collection's head row (named `name`, the index's) and, when it is expanded, its rows.
   * Empty when the doc does not hold the collection (yet).
   */
  rows(collectionId: Id, name: string, doc: Y.Doc, expanded: ReadonlySet<Id>): TreeRow[] {
    const open = expanded.has(collectionId)
    const version = this.version(doc)
    // Inside a transaction that has changed the doc, the state moves under the reader: listed
    // afresh and not kept (as `treeIndex` does).
    const transaction = doc._transaction
    const moving =
      transaction !== null && (transaction.changed.size > 0 || transaction.deleteSet.clients.size > 0)
    const kept = this.listed.get(collectionId)
    if (
      !moving &&
      kept &&
      kept.doc === doc &&
      kept.version === version &&
      kept.name === name &&
      kept.open === open &&
      [...kept.asked].every(([id, was]) => expanded.has(id) === was)
    )
      return kept.rows
    const asked = new Map<Id, boolean>()
    // A closed collection lists its head alone, whatever is expanded inside it.
    const view = {
      has: (id: Id) => {
        if (!open) return false
        const is = expanded.has(id)
        asked.set(id, is)
        return is
      },
    }
    const own = listTree(doc, view)
    const head = own.find((row) => row.id === collectionId)
    const rows = head
      ? [{ ...head, name }, ...(open ? own.filter((row) => row.id !== collectionId) : [])]
      : []
    if (!moving) this.listed.set(collectionId, { doc, version, name, open, asked, rows })
    return rows
  }

  /** Counts the doc's changes from its first listing on (before any observer reads it). */
  private version(doc: Y.Doc): number {
    const known = this.versions.get(doc)
    if (known !== undefined) return known
    this.versions.set(doc, 0)
    doc.on('beforeObserverCalls', (transaction: Y.Transaction) => {
      if (transaction.changed.size > 0 || transaction.deleteSet.clients.size > 0)
        this.versions.set(doc, (this.versions.get(doc) ?? 0) + 1)
    })
    return 0
  }
}

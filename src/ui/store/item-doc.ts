/**
 * The doc that holds an item: with one doc per collection (docs/collection-docs.md) the loaded
 * collection doc it is in, else (one doc, or a collection not loaded yet) the workspace doc, where
 * a read finds nothing, as for an item that is gone.
 */
import type * as Y from 'yjs'
import type { Id } from '../../model/types.ts'
import type { OpenDocs } from './docs.ts'

export function itemDoc(docs: Pick<OpenDocs, 'workspace' | 'collections'>, id: Id | null | undefined): Y.Doc {
  return (id ? docs.collections?.docOf(id) : undefined) ?? docs.workspace
}

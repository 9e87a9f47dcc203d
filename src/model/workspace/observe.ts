/** One callback per transaction, naming the entities it touched, so views re-read only those. */
import type * as Y from 'yjs'
import type { Id } from '../types.ts'
import type { WorkspaceChange } from './types.ts'
import { DELETED_KEY, ENTITY_KINDS, roots } from './workspace-doc.ts'
import { SCOPE_NAMES, scopeTable } from './scope-variables.ts'

const STRUCTURE_KEYS = new Set(['children', 'parentId', 'collectionId', DELETED_KEY])

// Shared types differ only in their event type, which nothing here reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyType = Y.AbstractType<any>

/** What a transaction changed in the workspace, as `subscribe` reports it. */
export function describeChange(doc: Y.Doc, transaction: Y.Transaction): WorkspaceChange {
  const r = roots(doc)
  const entityRoots = new Set<AnyType>(ENTITY_KINDS.map((kind) => r[kind]))
  const orderRoots = new Set<AnyType>([r.collectionOrder, r.environmentOrder])
  const variableRoots = new Set<AnyType>(
    SCOPE_NAMES.flatMap((scope) => Object.values(scopeTable(doc, scope)) as AnyType[]),
  )
  const change: WorkspaceChange = {
    origin: transaction.origin,
    local: transaction.local,
    ids: new Set(),
    structure: false,
    variables: false,
  }
  for (const [type, keys] of transaction.changed) {
    if (entityRoots.has(type)) {
      // An entity was added or removed.
      for (const key of keys) if (key !== null) change.ids.add(key)
      change.structure = true
    } else if (orderRoots.has(type)) {
      change.structure = true
    } else if (type === (r.variables as AnyType) || variableRoots.has(type)) {
      change.variables = true
    } else {
      if (withinKey(type, 'variables', r.variables as AnyType)) change.variables = true
      const id = owningEntity(type, entityRoots)
      if (id === undefined) continue
      change.ids.add(id)
      if (type._item?.parentSub === 'children') change.structure = true
      if (entityRoots.has(type._item?.parent as AnyType)) {
        for (const key of keys) if (key !== null && STRUCTURE_KEYS.has(key)) change.structure = true
      }
    }
  }
  return change
}

/** Whether a type lies under a key named `key`, or in the `variables` root map. */
function withinKey(type: AnyType, key: string, variablesRoot: AnyType): boolean {
  let current: AnyType | null = type
  while (current && current._item) {
    if (current._item.parentSub === key || current._item.parent === variablesRoot) return true
    current = current._item.parent as AnyType
  }
  return false
}

/** The entity a changed type belongs to: itself, or the entity holding it (`children`). */
function owningEntity(type: AnyType, entityRoots: Set<AnyType>): Id | undefined {
  let current: AnyType | null = type
  while (current && current._item) {
    const parent = current._item.parent as AnyType
    if (entityRoots.has(parent)) return current._item.parentSub ?? undefined
    current = parent
  }
  return undefined
}

export function subscribe(doc: Y.Doc, callback: (change: WorkspaceChange) => void): () => void {
  const handler = (transaction: Y.Transaction) => {
    if (transaction.changed.size > 0) callback(describeChange(doc, transaction))
  }
  doc.on('afterTransaction', handler)
  return () => doc.off('afterTransaction', handler)
}

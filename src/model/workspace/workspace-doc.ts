/**
 * The schema of the workspace Y.Doc. Root types:
 *
 *   meta          Y.Map   schemaVersion
 *   collections   Y.Map   id → Y.Map { name, auth, variables, scripts, children: Y.Array<id> }
 *   folders       Y.Map   id → Y.Map { parentId, collectionId, name, auth, variables, scripts, children }
 *   requests      Y.Map   id → Y.Map { parentId, collectionId, kind, name, method, url, params,
 *                                      headers, cookies, body, auth, scripts }
 *   environments  Y.Map   id → Y.Map { name, variables }
 *   collectionOrder, environmentOrder   Y.Array<id>   sidebar order
 *   workspaceVariableRows, globalVariableRows     Y.Map<id, Variable>   the workspace and global
 *   workspaceVariableOrder, globalVariableOrder   Y.Array<id>           variable tables
 *                                                 (scope-variables.ts)
 *   variables     Y.Map   'workspace' | 'global' → variable table: older docs' tables, still read
 *
 * A variable table (an entity's `variables` too) is a Y.Map { rows: Y.Map<id, Variable>,
 * order: Y.Array<id> } (`variable-store.ts`), so concurrent edits of different rows merge.
 *
 * Typed text (names, URLs, script, body and table-cell text) is Y.Text, one per leaf, beside the
 * field's plain shape (schema 4, text-fields.ts): two people editing one text keep both their
 * characters. Separate keys merge too: two people editing the URL and the headers both win.
 *
 * `parentId` is the truth about where an item is; the parents' `children` arrays only order
 * them. Concurrent moves can leave an id in two arrays, or in none: reading (`tree-index.ts`)
 * trusts `parentId`, so every peer sees the same tree. `collectionId` is where an item goes
 * when its parent vanished under it (a concurrent delete) or a concurrent move made a cycle.
 *
 * Deleting is soft (schema 3): the deleted item and everything below it keep their maps and get
 * `deleted: { at, root }` (`root`: the item the person deleted). Every reader treats a marked
 * entity as absent; `restoreItem` takes the marker off again, with whatever edits it received.
 */
import * as Y from 'yjs'
import type { Id } from '../types.ts'

export const WORKSPACE_SCHEMA_VERSION = 5

/** The default transaction origin of every action. */
export const LOCAL_ORIGIN = 'sendbox-local'

export type EntityMap = Y.Map<unknown>
export type EntityKind = 'collections' | 'folders' | 'requests' | 'environments'
export const ENTITY_KINDS: readonly EntityKind[] = ['collections', 'folders', 'requests', 'environments']

export interface WorkspaceRoots {
  meta: Y.Map<unknown>
  collections: Y.Map<EntityMap>
  folders: Y.Map<EntityMap>
  requests: Y.Map<EntityMap>
  environments: Y.Map<EntityMap>
  collectionOrder: Y.Array<Id>
  environmentOrder: Y.Array<Id>
  variables: Y.Map<unknown>
}

export function roots(doc: Y.Doc): WorkspaceRoots {
  return {
    meta: doc.getMap('meta'),
    collections: doc.getMap('collections'),
    folders: doc.getMap('folders'),
    requests: doc.getMap('requests'),
    environments: doc.getMap('environments'),
    collectionOrder: doc.getArray('collectionOrder'),
    environmentOrder: doc.getArray('environmentOrder'),
    variables: doc.getMap('variables'),
  }
}

export function transact<T>(doc: Y.Doc, origin: unknown, fn: () => T): T {
  let result: T | undefined
  doc.transact(() => {
    result = fn()
  }, origin ?? LOCAL_ORIGIN)
  return result as T
}

/** A new Y.Map entity from plain fields; `children` becomes a Y.Array of ids. */
export function makeEntity(fields: Record<string, unknown>, children?: Id[]): EntityMap {
  const entity = new Y.Map<unknown>()
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) entity.set(key, value)
  }
  if (children) {
    const array = new Y.Array<Id>()
    array.push(children)
    entity.set('children', array)
  }
  return entity
}

export function childrenArray(entity: EntityMap): Y.Array<Id> | undefined {
  const children = entity.get('children')
  return children instanceof Y.Array ? (children as Y.Array<Id>) : undefined
}

/** The soft-delete marker's key, and what it holds. */
export const DELETED_KEY = 'deleted'
export interface DeletedMark {
  /** Milliseconds since the epoch. */
  at: number
  /** The item whose deletion took this one along (itself for the item that was deleted). */
  root: Id
}

export function deletedMark(entity: EntityMap | undefined): DeletedMark | undefined {
  return entity?.get(DELETED_KEY) as DeletedMark | undefined
}

/** The entity unless it is absent or soft-deleted. */
export function live(entity: EntityMap | undefined): EntityMap | undefined {
  return entity === undefined || entity.has(DELETED_KEY) ? undefined : entity
}

export function isLive(map: Y.Map<EntityMap>, id: Id): boolean {
  return live(map.get(id)) !== undefined
}

/** A read-only view of an entity map that leaves soft-deleted entities out (for `orderedIds`). */
export function liveView(map: Y.Map<EntityMap>): { has(id: Id): boolean; keys(): Id[]; size: number } {
  const keys = [...map.entries()].filter(([, entity]) => !entity.has(DELETED_KEY)).map(([id]) => id)
  const set = new Set(keys)
  return { has: (id) => set.has(id), keys: () => keys, size: keys.length }
}

export function entityKindOf(doc: Y.Doc, id: Id): EntityKind | undefined {
  const all = roots(doc)
  for (const kind of ENTITY_KINDS) if (isLive(all[kind], id)) return kind
  return undefined
}

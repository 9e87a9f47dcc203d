/**
 * A commit made in git, applied to the workspace as a CRDT change: only what the commit changed
 * (from the files the mirror last wrote, `base`, to the commit's files, `theirs`) is written, field
 * by field, so whatever people edited meanwhile in other fields or items stays. Items keep the
 * ids their files name. Auth secrets, which the files never hold, keep the workspace's values.
 *
 * Descriptions, of any item, are applied whole (one string, last writer wins).
 *
 * Not applied (the next mirror commit writes the workspace's version back): variables of
 * collections and folders (their secret values live on each device), and a pure reordering of
 * siblings. An edit to an item deleted in the workspace meanwhile is dropped.
 */
import type * as Y from 'yjs'
import type { Auth, Collection, Folder, RequestSpec, TreeItem } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  deleteItem,
  itemType,
  moveItem,
  readCollection,
  readFolder,
  readRequest,
  renameItem,
  setAuth,
  setDescription,
  setScripts,
  updateRequest,
} from '../workspace/api.ts'
import { diffCollections, type Change } from './changes.ts'
import { keepSecrets } from './item-file.ts'

export function applyGitChanges(
  doc: Y.Doc,
  base: Collection[],
  theirs: Collection[],
  origin: unknown,
): number {
  const changes = diffCollections(base, theirs)
  const added = new Set(changes.filter((change) => change.kind === 'add').map((change) => change.id))
  let applied = 0
  doc.transact(() => {
    for (const change of changes) {
      // An added folder brings its children; an added item below another added one came with it.
      if (change.kind === 'add' && change.after?.parentId && added.has(change.after.parentId)) continue
      if (apply(doc, change, origin)) applied++
    }
  }, origin)
  return applied
}

function exists(doc: Y.Doc, id: string | null): id is string {
  return id !== null && itemType(doc, id) !== undefined
}

function apply(doc: Y.Doc, change: Change, origin: unknown): boolean {
  if (change.kind === 'delete') {
    if (!exists(doc, change.id)) return false
    deleteItem(doc, change.id, origin)
    return true
  }
  const after = change.after!
  if (change.kind === 'add') {
    if (exists(doc, change.id)) return false
    if (after.parentId === null) {
      const { children, ...fields } = after.item as Collection
      const id = createCollection(doc, { ...fields, children: [] }, origin)
      children.forEach((child, at) => addItem(doc, child, id, at, origin))
      return true
    }
    if (!exists(doc, after.parentId)) return false
    addItem(doc, after.item as TreeItem, after.parentId, after.index, origin)
    return true
  }
  if (!exists(doc, change.id)) return false
  const current = readRequest(doc, change.id) ?? readFolder(doc, change.id) ?? readCollection(doc, change.id)
  if (!current) return false
  for (const field of change.fields) editField(doc, change, field, current, origin)
  return true
}

function addItem(doc: Y.Doc, item: TreeItem, parentId: string, index: number, origin: unknown): void {
  const target = { parentId, index }
  if (item.type === 'request') {
    // `makeRequest` keeps a given id: the item stays the one its file names.
    createRequest(doc, target, item as Partial<RequestSpec>, origin)
    return
  }
  const { children, ...fields } = item
  const id = createFolder(doc, target, { ...fields, children: [] }, origin)
  children.forEach((child, at) => addItem(doc, child, id, at, origin))
}

function editField(
  doc: Y.Doc,
  change: Change,
  field: string,
  current: Collection | Folder | RequestSpec,
  origin: unknown,
): void {
  const after = change.after!
  const item = after.item as unknown as Record<string, unknown>
  if (field === 'name') return renameItem(doc, change.id, item.name as string, origin)
  if (field === 'parent') {
    if (after.parentId !== null && exists(doc, after.parentId))
      moveItem(doc, change.id, { parentId: after.parentId, index: after.index }, origin)
    return
  }
  if (field === 'auth')
    return setAuth(doc, change.id, keepSecrets({ auth: item.auth as Auth }, current).auth, origin)
  if (field === 'variables') return
  // Of a request, folder or collection alike; a description taken out of the file removes it.
  if (field === 'description')
    return setDescription(doc, change.id, (item.description as string | undefined) ?? '', origin)
  if (field === 'examples') {
    // Merged as the app merges a draft: only the examples the commit added, changed or removed.
    const before = (change.before?.item as RequestSpec | undefined)?.examples ?? []
    const examples = (item.examples as RequestSpec['examples']) ?? []
    return updateRequest(doc, change.id, { examples }, origin, { examples: before })
  }
  if (!('children' in current)) {
    updateRequest(doc, change.id, { [field]: item[field] }, origin)
    return
  }
  if (field === 'scripts') setScripts(doc, change.id, item.scripts as Folder['scripts'], origin)
}

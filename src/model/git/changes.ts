/**
 * What changed between two versions of a workspace's collections, item by item (by id): the git
 * mirror's commit messages (`Edit GET Users: url, headers`) and what a commit made in git changes
 * in the workspace.
 */
import type { Collection, Folder, RequestSpec, TreeItem } from '../types.ts'

export type Item = Collection | TreeItem

export interface Located {
  item: Item
  /** The collection's or folder's id it sits in; `null` for a collection. */
  parentId: string | null
  index: number
}

export interface Change {
  kind: 'add' | 'edit' | 'delete'
  id: string
  before?: Located
  after?: Located
  /** For `edit`: the fields that differ (`name`, `url`, `headers`, `parent`...). */
  fields: string[]
}

export function indexItems(collections: Collection[]): Map<string, Located> {
  const found = new Map<string, Located>()
  const visit = (item: Item, parentId: string | null, index: number) => {
    found.set(item.id, { item, parentId, index })
    if ('children' in item) item.children.forEach((child, at) => visit(child, item.id, at))
  }
  collections.forEach((collection, at) => visit(collection, null, at))
  return found
}

const SKIP = new Set(['id', 'type', 'children'])

function fieldsOf(item: Item): string[] {
  return Object.keys(item).filter((key) => !SKIP.has(key))
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export function diffCollections(before: Collection[], after: Collection[]): Change[] {
  const old = indexItems(before)
  const now = indexItems(after)
  const changes: Change[] = []
  for (const [id, located] of now) {
    const was = old.get(id)
    if (!was) {
      changes.push({ kind: 'add', id, after: located, fields: [] })
      continue
    }
    // The same object (a `TreeReader` keeps unchanged items): nothing to compare.
    if (was.item === located.item && was.parentId === located.parentId) continue
    const keys = new Set([...fieldsOf(was.item), ...fieldsOf(located.item)])
    const fields = [...keys].filter(
      (key) =>
        !sameValue(
          (was.item as unknown as Record<string, unknown>)[key],
          (located.item as unknown as Record<string, unknown>)[key],
        ),
    )
    if (was.parentId !== located.parentId) fields.push('parent')
    if (fields.length > 0) changes.push({ kind: 'edit', id, before: was, after: located, fields })
  }
  for (const [id, located] of old)
    if (!now.has(id)) changes.push({ kind: 'delete', id, before: located, fields: [] })
  return changes
}

function label(item: Item): string {
  const name = item.name || '(unnamed)'
  if ('method' in item)
    return `${(item as RequestSpec).kind === 'http' ? item.method : (item as RequestSpec).kind.toUpperCase()} ${name}`
  if ('children' in item && 'type' in item && (item as Folder).type === 'folder') return `folder ${name}`
  return `collection ${name}`
}

const VERBS = { add: 'Add', edit: 'Edit', delete: 'Delete' } as const

/** One line per change; the first names the change, or the count when there are several. */
export function describeChanges(changes: Change[]): string {
  const lines = changes.map((change) => {
    const item = (change.after ?? change.before)!.item
    if (change.kind !== 'edit') return `${VERBS[change.kind]} ${label(item)}`
    if (change.fields.length === 1 && change.fields[0] === 'name')
      return `Rename ${label(change.before!.item)} to ${item.name || '(unnamed)'}`
    if (change.fields.length === 1 && change.fields[0] === 'parent') return `Move ${label(item)}`
    return `Edit ${label(item)}: ${change.fields.join(', ')}`
  })
  if (lines.length <= 1) return lines[0] ?? 'No changes'
  return `${lines.length} changes: ${lines[0]}; …\n\n${lines.join('\n')}`
}

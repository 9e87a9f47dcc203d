/** Reading the workspace doc as plain values: the tree, single items, sidebar rows, inheritance. */
import type * as Y from 'yjs'
import type { Collection, Folder, HttpMethod, Id, RequestKind, RequestSpec, TreeItem } from '../types.ts'
import type { AncestorChain, ItemType, TreeRow } from './types.ts'
import { readContainerEntity, readRequestEntity } from './codec.ts'
import { textOf } from './text-fields.ts'
import { treeIndex } from './tree-cache.ts'
import { orderedIds, type TreeIndex } from './tree-index.ts'
import { entityKindOf, live, liveView, roots, type EntityKind } from './workspace-doc.ts'
import type { SendboxCollectionFile } from '../import/sendbox.ts'
import { SENDBOX_FORMAT_VERSION } from '../import/sendbox-version.ts'

export function readRequest(doc: Y.Doc, id: Id): RequestSpec | undefined {
  const entity = live(roots(doc).requests.get(id))
  return entity ? readRequestEntity(id, entity) : undefined
}

export function readCollection(doc: Y.Doc, id: Id): Collection | undefined {
  const entity = live(roots(doc).collections.get(id))
  if (!entity) return undefined
  const index = treeIndex(doc)
  return { ...readContainerEntity(id, entity, 'none'), children: readChildren(doc, index, id) }
}

/** A folder with everything below it, or undefined when it does not exist. */
export function readFolder(doc: Y.Doc, id: Id, index = treeIndex(doc)): Folder | undefined {
  const entity = live(roots(doc).folders.get(id))
  if (!entity) return undefined
  return {
    type: 'folder',
    ...readContainerEntity(id, entity, 'inherit'),
    children: readChildren(doc, index, id),
  }
}

function readChildren(doc: Y.Doc, index: TreeIndex, parentId: Id): TreeItem[] {
  const { requests } = roots(doc)
  return index.childrenOf(parentId).map((childId): TreeItem => {
    const request = requests.get(childId)
    return request ? readRequestEntity(childId, request) : readFolder(doc, childId, index)!
  })
}

export function listCollections(doc: Y.Doc): { id: Id; name: string }[] {
  const { collections, collectionOrder } = roots(doc)
  return orderedIds(collectionOrder, liveView(collections)).map((id) => ({
    id,
    name: textOf(collections.get(id)!.get('name')) ?? '',
  }))
}

const KIND_TYPES: Record<EntityKind, ItemType | 'environment'> = {
  collections: 'collection',
  folders: 'folder',
  requests: 'request',
  environments: 'environment',
}

export function itemType(doc: Y.Doc, id: Id): ItemType | 'environment' | undefined {
  const kind = entityKindOf(doc, id)
  return kind === undefined ? undefined : KIND_TYPES[kind]
}

/**
 * The sidebar as flat rows in display order, for a virtualized list. Only the children of
 * expanded collections and folders are listed; reads just the fields a row shows.
 */
export function listTree(doc: Y.Doc, expanded: Pick<ReadonlySet<Id>, 'has'>): TreeRow[] {
  const { collections, collectionOrder, folders, requests } = roots(doc)
  const index = treeIndex(doc)
  const rows: TreeRow[] = []
  const visit = (parentId: Id, depth: number) => {
    for (const id of index.childrenOf(parentId)) {
      const request = requests.get(id)
      if (request) {
        rows.push({
          id,
          type: 'request',
          name: textOf(request.get('name')) ?? '',
          depth,
          parentId,
          method: (request.get('method') as HttpMethod | undefined) ?? 'GET',
          kind: (request.get('kind') as RequestKind | undefined) ?? 'http',
          hasChildren: false,
          expanded: false,
        })
        continue
      }
      const folder = folders.get(id)!
      const open = expanded.has(id)
      const hasChildren = index.hasChildren(id)
      const name = textOf(folder.get('name')) ?? ''
      rows.push({ id, type: 'folder', name, depth, parentId, hasChildren, expanded: open })
      if (open) visit(id, depth + 1)
    }
  }
  for (const id of orderedIds(collectionOrder, liveView(collections))) {
    const open = expanded.has(id)
    const name = textOf(collections.get(id)!.get('name')) ?? ''
    const hasChildren = index.hasChildren(id)
    rows.push({ id, type: 'collection', name, depth: 0, parentId: null, hasChildren, expanded: open })
    if (open) visit(id, 1)
  }
  return rows
}

/** The inherit chain of a request or folder: its folders nearest first, then its collection. */
export function findAncestors(doc: Y.Doc, id: Id): AncestorChain | undefined {
  const { collections, folders } = roots(doc)
  const index = treeIndex(doc)
  const collectionId = index.collectionOf(id)
  if (collectionId === undefined || collectionId === id) return undefined
  return {
    folders: index
      .folderChain(id)
      .map((folderId) => readContainerEntity(folderId, folders.get(folderId)!, 'inherit')),
    collection: readContainerEntity(collectionId, collections.get(collectionId)!, 'none'),
  }
}

/** A collection as a Sendbox collection file; secret values are not in the workspace to export. */
export function exportCollection(doc: Y.Doc, id: Id): SendboxCollectionFile | undefined {
  const collection = readCollection(doc, id)
  return collection ? { sendbox: SENDBOX_FORMAT_VERSION, collection } : undefined
}

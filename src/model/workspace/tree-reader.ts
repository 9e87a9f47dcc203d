/**
 * Every collection as plain values, read again and again cheaply: each request's and container's
 * plain fields are kept until a transaction touches that entity (`subscribe`'s ids), so a read
 * after one edit in a 10,000-request workspace re-reads one entity and rebuilds only the tree's
 * arrays. An unchanged request comes back as the same object, so callers can keep what they
 * derived from it (the git mirror's file texts) in a WeakMap. The objects are shared: read-only.
 */
import type * as Y from 'yjs'
import type { Collection, Folder, Id, RequestSpec, TreeItem } from '../types.ts'
import { readContainerEntity, readRequestEntity } from './codec.ts'
import { subscribe } from './observe.ts'
import { listCollections } from './read.ts'
import { treeIndex } from './tree-cache.ts'
import type { ContainerSettings } from './types.ts'
import { live, roots } from './workspace-doc.ts'

export interface TreeReader {
  /** The workspace's collections, in sidebar order, soft-deleted items left out. */
  read(): Collection[]
  /** How many entities the last `read` had to read from the doc (the rest came from the cache). */
  readonly misses: number
  dispose(): void
}

export function createTreeReader(doc: Y.Doc): TreeReader {
  const requests = new Map<Id, RequestSpec>()
  const containers = new Map<Id, ContainerSettings>()
  const stop = subscribe(doc, (change) => {
    for (const id of change.ids) {
      requests.delete(id)
      containers.delete(id)
    }
  })
  let misses = 0

  const container = (id: Id, kind: 'collections' | 'folders'): ContainerSettings | undefined => {
    let settings = containers.get(id)
    if (settings) return settings
    const entity = live(roots(doc)[kind].get(id))
    if (!entity) return undefined
    misses++
    settings = readContainerEntity(id, entity, kind === 'collections' ? 'none' : 'inherit')
    containers.set(id, settings)
    return settings
  }

  const children = (parentId: Id): TreeItem[] => {
    const index = treeIndex(doc)
    const requestMaps = roots(doc).requests
    return index.childrenOf(parentId).flatMap((childId): TreeItem[] => {
      let request = requests.get(childId)
      if (!request) {
        const entity = requestMaps.get(childId)
        if (entity) {
          misses++
          request = readRequestEntity(childId, entity)
          requests.set(childId, request)
        }
      }
      if (request) return [request]
      const folder = container(childId, 'folders')
      return folder ? [{ type: 'folder', ...folder, children: children(childId) } satisfies Folder] : []
    })
  }

  return {
    read() {
      misses = 0
      return listCollections(doc).flatMap(({ id }) => {
        const settings = container(id, 'collections')
        return settings ? [{ ...settings, children: children(id) }] : []
      })
    },
    get misses() {
      return misses
    },
    dispose: stop,
  }
}

/**
 * 0 → 1. Version 0 is the unversioned prototype: requests had no `kind` and no cookies table,
 * folders and requests did not record their collection, and a variable table was one array
 * (of rows without a `secret` flag) where version 1 keeps a row per key.
 */
import * as Y from 'yjs'

type Entity = Y.Map<unknown>

export function upWorkspace1(doc: Y.Doc): void {
  const collections = doc.getMap<Entity>('collections')
  const folders = doc.getMap<Entity>('folders')
  const requests = doc.getMap<Entity>('requests')
  for (const request of requests.values()) {
    if (!request.has('kind')) {
      const body = request.get('body') as { type?: string } | undefined
      request.set('kind', body?.type === 'graphql' ? 'graphql' : 'http')
    }
    if (!request.has('cookies')) request.set('cookies', [])
  }
  for (const map of [folders, requests]) {
    for (const item of map.values()) {
      if (item.has('collectionId')) continue
      const collectionId = collectionOf(item.get('parentId') as string, folders, collections)
      if (collectionId !== undefined) item.set('collectionId', collectionId)
    }
  }
  const owners: Y.Map<unknown>[] = [
    ...collections.values(),
    ...folders.values(),
    ...doc.getMap<Entity>('environments').values(),
  ]
  for (const owner of owners) tableOfRows(owner, 'variables')
  const tables = doc.getMap('variables')
  for (const key of [...tables.keys()]) tableOfRows(tables, key)
}

/** An array table becomes a row-per-key table; rows get `secret: false` when they had none. */
function tableOfRows(map: Y.Map<unknown>, key: string): void {
  const variables = map.get(key)
  if (!Array.isArray(variables)) return
  const rows = new Y.Map<unknown>()
  for (const variable of variables) rows.set(variable.id, { secret: false, ...variable })
  const table = new Y.Map<unknown>()
  table.set('rows', rows)
  table.set('order', Y.Array.from(variables.map((variable) => variable.id as string)))
  map.set(key, table)
}

function collectionOf(id: string, folders: Y.Map<Entity>, collections: Y.Map<Entity>): string | undefined {
  let current: string | undefined = id
  for (let steps = 0; current !== undefined && steps <= folders.size; steps++) {
    if (collections.has(current)) return current
    current = folders.get(current)?.get('parentId') as string | undefined
  }
  return undefined
}

/** Finds a request in a collection by name or `Folder/Request` path, with what it inherits. */
import type { AuthSource } from '../auth/resolve-auth.ts'
import type { Collection, Folder, RequestSpec, TreeItem } from '../types.ts'
import type { ScopedVariable, VariableLayer } from '../variables.ts'

export interface LocatedRequest {
  request: RequestSpec
  /** Nearest first. */
  folders: Folder[]
  path: string
}

/** Thrown when no request, or more than one, answers to the name; the message says which. */
export class RequestNotFoundError extends Error {}

export function locateRequest(collection: Collection, query: string): LocatedRequest {
  const all: LocatedRequest[] = []
  const walk = (items: TreeItem[], folders: Folder[]) => {
    for (const item of items) {
      if (item.type === 'folder') walk(item.children, [item, ...folders])
      else
        all.push({
          request: item,
          folders,
          path: [...folders.map((folder) => folder.name).reverse(), item.name].join('/'),
        })
    }
  }
  walk(collection.children, [])
  const byPath = all.filter((located) => located.path === query)
  const matches = byPath.length > 0 ? byPath : all.filter((located) => located.request.name === query)
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0)
    throw new RequestNotFoundError(`no request "${query}" in collection "${collection.name}"`)
  throw new RequestNotFoundError(
    `${matches.length} requests are named "${query}" (${matches.map((m) => `"${m.path}"`).join(', ')}): give the path`,
  )
}

/** Variable layers and the auth chain of a located request, as `sendbox run` builds them. */
export function inheritedScopes(
  collection: Collection,
  located: LocatedRequest,
  environment: ScopedVariable[],
  environmentName?: string,
): { layers: VariableLayer[]; parentAuth: AuthSource[] } {
  return {
    layers: [
      ...located.folders.map((folder): VariableLayer => ({
        scope: 'folder',
        source: folder.name,
        variables: folder.variables,
      })),
      { scope: 'collection', source: collection.name, variables: collection.variables },
      { scope: 'environment', source: environmentName, variables: environment },
    ],
    parentAuth: [
      ...located.folders.map((folder): AuthSource => ({
        auth: folder.auth,
        name: folder.name,
        kind: 'folder',
      })),
      { auth: collection.auth, name: collection.name, kind: 'collection' },
    ],
  }
}

import type { Auth } from '../types.ts'

/** One link of the inherit chain: the request, then its folders nearest first, then the collection. */
export interface AuthSource {
  auth: Auth
  /** Shown by the `Autorisierung` tab as the supplier of an inherited auth. */
  name: string
  kind: 'request' | 'folder' | 'collection'
  /** The request, folder or collection id: what an OAuth 2.0 token is held under. */
  id?: string
}

export interface ResolvedAuth {
  auth: Exclude<Auth, { type: 'inherit' }>
  /** Where it came from; undefined when nothing in the chain sets one. */
  source?: AuthSource
}

/** The first link that is not `Inherit from parent` wins (spec 5.1 rule 2). */
export function resolveAuth(chain: AuthSource[]): ResolvedAuth {
  for (const link of chain) {
    if (link.auth.type !== 'inherit') return { auth: link.auth, source: link }
  }
  return { auth: { type: 'none' } }
}

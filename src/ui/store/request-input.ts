/**
 * What the send pipeline is given for a tab or a saved request: the request, the folders and
 * collection above it, its variables. Send, `Download`, a connection's start and `Generate Code`
 * all read it here, and here alone is the tab's saved request looked up (it may have been
 * deleted since the tab opened it).
 */
import * as data from '../../model/workspace/api.ts'
import { hasScript, type Id, type RequestSpec } from '../../model/types.ts'
import { VariableContext, type ResolvedVariable, type SessionValues } from '../../model/variables.ts'
import type { ParentScope } from '../../runtime/send.ts'
import { resolveOAuthConfig, tokenFor } from '../../runtime/oauth/config.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'

export type RequestInput = ReturnType<typeof makeRequestInput>

/** `session`: values set by `environment.set`, alive for this app session only (spec 4.5). */
export function makeRequestInput(docs: OpenDocs, session: SessionValues) {
  const { workspace, device } = docs
  const readRequest = (id: Id) => data.readRequest(itemDoc(docs, id), id)
  const findAncestors = (id: Id) => data.findAncestors(itemDoc(docs, id), id)

  /** An open tab by id. */
  const tabOf = (tabId: Id) => data.listTabs(device).find((t) => t.id === tabId)

  /** The saved request behind a tab, while it is still in the workspace; null otherwise. */
  const savedIdOf = (tab: data.TabState | undefined): Id | null =>
    tab?.savedRequestId && readRequest(tab.savedRequestId) ? tab.savedRequestId : null

  /** The variables a request sees: its collection's and folders' (when saved), environment, globals. */
  const variablesFor = (savedId: Id | null) =>
    new VariableContext(
      data.variableLayers(workspace, device, savedId, undefined, itemDoc(docs, savedId)),
      session,
    )

  function forRequest(request: RequestSpec, savedId: Id | null) {
    const chain = savedId ? findAncestors(savedId) : undefined
    const parents: ParentScope[] = chain
      ? [
          ...chain.folders.map((f): ParentScope => ({
            kind: 'folder',
            id: f.id,
            name: f.name,
            auth: f.auth,
            scripts: f.scripts,
          })),
          {
            kind: 'collection',
            id: chain.collection.id,
            name: chain.collection.name,
            auth: chain.collection.auth,
            scripts: chain.collection.scripts,
          },
        ]
      : []
    const variables = variablesFor(savedId)
    const settings = data.readSettings(device)
    const needsScripts = [request.scripts, ...parents.map((p) => p.scripts)].some(hasScript)
    return { input: { request, parents, variables }, savedId, needsScripts, settings }
  }

  return {
    session,
    tabOf,
    savedIdOf,
    /** What the pipeline needs for a request: the folders and collection above it, variables. */
    forRequest,
    /** The same for a tab: its draft, under its saved request when that is still there. */
    forTab: (tab: data.TabState) => forRequest(tab.draft, savedIdOf(tab)),
    /** The token held on this device for the OAuth 2.0 auth the request uses (its own or inherited). */
    heldOAuthToken(request: RequestSpec, savedId: Id | null, variables: VariableContext): string | undefined {
      const chain = savedId ? findAncestors(savedId) : undefined
      const owners = [
        // An unsaved tab's token is held under its draft's id, as the send pipeline does.
        { id: request.id, auth: request.auth },
        ...(chain ? [...chain.folders, chain.collection] : []).map((c) => ({ id: c.id, auth: c.auth })),
      ]
      const owner = owners.find((link) => link.auth.type !== 'inherit')
      if (!owner?.id || owner.auth.type !== 'oauth2') return undefined
      const held = data.readOAuthToken(device, owner.id)
      return tokenFor(held, resolveOAuthConfig(owner.auth, variables))?.accessToken
    },
    /** The URL field's hover: the value of `{{name}}` for this tab and where it comes from. */
    lookupVariable(tabId: Id, name: string): ResolvedVariable | undefined {
      return variablesFor(savedIdOf(tabOf(tabId))).lookup(name)
    },
  }
}

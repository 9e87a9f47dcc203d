/**
 * The first module the entry evaluates: it decides what this page opens (the app's workspace, or
 * the join page of an invite link) and starts loading that workspace's documents from IndexedDB at
 * once. The browser then opens the databases while the rest of the shell's modules evaluate (one
 * task, about 100 ms at a 4x CPU slowdown), instead of after them. Imported first by `main.tsx`:
 * modules evaluate in import order.
 */
import { messages } from './messages.ts'
import { openDocs, type OpenDocs } from './store/docs.ts'
import { makeWorkspaceRegistry, type WorkspaceEntry, type WorkspaceRegistry } from './store/workspaces.ts'

export type Boot =
  | { kind: 'join'; invite: string }
  | { kind: 'app'; entry: WorkspaceEntry; registry: WorkspaceRegistry; docs: Promise<OpenDocs> }

function start(): Boot {
  const invite = /^\/join\/([^/]+)\/?$/.exec(location.pathname)?.[1]
  const registry = makeWorkspaceRegistry(localStorage, messages.ownWorkspaceName)
  // An invite link opens the workspace joined with it; before joining, the join page (nothing of
  // the app's own workspace is opened until the person joins).
  const joined = invite === undefined ? undefined : registry.joinedWith(invite)
  if (invite !== undefined && !joined) return { kind: 'join', invite }
  if (joined) registry.setActive(joined.localId)
  const entry = joined ?? registry.active()
  return { kind: 'app', entry, registry, docs: openDocs(entry.localId) }
}

export const boot: Boot = start()

/** Opening a doc: create the root types and bring an older doc to the current schema. */
import type * as Y from 'yjs'
import { DEVICE_MIGRATIONS, migrate, WORKSPACE_MIGRATIONS } from './migrations/index.ts'
import { LOCAL_ORIGIN } from './workspace-doc.ts'
import { SCOPE_NAMES, scopeTable } from './scope-variables.ts'

/** Call after persistence has loaded the stored state (see migrations/index.ts). */
export function initWorkspace(doc: Y.Doc, origin: unknown = LOCAL_ORIGIN): { from: number; to: number } {
  const versions = migrate(doc, WORKSPACE_MIGRATIONS, origin)
  // Root types are defined by name, writing nothing; defined now, a remote change to them is
  // reported on this same type (observe.ts) rather than on a placeholder Yjs makes meanwhile.
  for (const scope of SCOPE_NAMES) scopeTable(doc, scope)
  return versions
}

/** Call after persistence has loaded the stored state (see migrations/index.ts). */
export function initDevice(device: Y.Doc, origin: unknown = LOCAL_ORIGIN): { from: number; to: number } {
  return migrate(device, DEVICE_MIGRATIONS, origin)
}

/**
 * A `Can view` join: every action that would change the shared workspace does nothing. The server
 * drops such a person's edits anyway; stopping them here keeps this device's copy equal to
 * everyone else's instead of holding changes nobody will ever see. Drafts in tabs (device doc)
 * stay editable, so a request can still be tried out and sent.
 *
 * `Save` (button, Ctrl+S, the unsaved-changes dialog) is refused: it answers `view-only`, the
 * close actions show `saveRefused` and close nothing, so the draft stays in its tab.
 */
import type { SaveOutcome } from './tab-actions.ts'

const WORKSPACE_WRITES = [
  'createCollection',
  'addRequest',
  'addFolder',
  'renameItem',
  'duplicateItem',
  'deleteItem',
  'moveItem',
  'restoreItem',
  'purgeItem',
  'setContainerAuth',
  'setContainerScripts',
  'setContainerDescription',
  'setVariables',
  'createEnvironment',
  'renameEnvironment',
  'deleteEnvironment',
  'saveAs',
  'duplicateSavedRequest',
  'applyImport',
  'saveExample',
  'deleteExample',
] as const

/** The tab actions that write to the workspace, guarded; the rest pass through. */
export function viewOnlyTabActions<
  T extends {
    save(id: string): SaveOutcome
    saveAs(...args: never[]): unknown
    renameTab(id: string, name: string): void
    duplicateSavedRequest(id: string): unknown
  },
>(actions: T): T {
  return {
    ...actions,
    save: (): SaveOutcome => 'view-only',
    saveAs: () => undefined,
    renameTab: () => undefined,
    duplicateSavedRequest: () => undefined,
  }
}

export function viewOnly<S extends Record<string, unknown>>(store: S): S {
  const guarded: Record<string, unknown> = { ...store }
  for (const name of WORKSPACE_WRITES) if (name in store) guarded[name] = () => undefined
  guarded.save = (): SaveOutcome => 'view-only'
  guarded.renameTab = () => undefined
  return guarded as S
}

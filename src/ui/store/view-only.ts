/**
 * A `Can view` join: every action that would change the shared workspace does nothing. The server
 * drops such a person's edits anyway; stopping them here keeps this device's copy equal to
 * everyone else's instead of holding changes nobody will ever see. Drafts in tabs (device doc)
 * stay editable, so a request can still be tried out and sent.
 */
const WORKSPACE_WRITES = [
  'createCollection',
  'addRequest',
  'addFolder',
  'renameItem',
  'duplicateItem',
  'deleteItem',
  'moveItem',
  'setContainerAuth',
  'setContainerScripts',
  'setVariables',
  'createEnvironment',
  'renameEnvironment',
  'deleteEnvironment',
  'saveAs',
  'duplicateSavedRequest',
  'applyImport',
] as const

type Writes = Record<(typeof WORKSPACE_WRITES)[number], unknown> & {
  save: (id: string) => unknown
  renameTab: (id: string, name: string) => void
}

export function viewOnly<S extends Writes>(store: S): S {
  const guarded: Record<string, unknown> = { ...store }
  for (const name of WORKSPACE_WRITES) guarded[name] = () => undefined
  // A save would say "saved" for nothing: the tab keeps its edits as a draft instead.
  guarded.save = () => 'saved'
  guarded.renameTab = () => undefined
  return guarded as S
}

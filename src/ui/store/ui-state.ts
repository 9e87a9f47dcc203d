/** View state that is not data: which dialog is open and what is being renamed. */
import { createSignal } from 'solid-js'
import type { Id } from '../../model/types.ts'
import type { CloseIntent, ExportTarget } from './types.ts'

export type DialogState =
  | { kind: 'confirm-delete'; id: Id; name: string }
  /** `then`: a close that waits for this save (see close-actions.ts). */
  | { kind: 'save'; tabId: Id; then?: CloseIntent }
  | { kind: 'unsaved'; intent: CloseIntent }
  | { kind: 'container-settings'; id: Id }
  | { kind: 'variables' }
  | { kind: 'all-tabs' }
  | { kind: 'recently-deleted' }
  | { kind: 'settings' }
  | { kind: 'assistant-settings' }
  /** `Generate Code` for a saved request (sidebar) or an open tab's draft (request header). */
  | { kind: 'generate-code'; source: CodegenSource }
  | { kind: 'import' }
  | { kind: 'export'; target: ExportTarget; name: string }
  | { kind: 'mock-server'; id: Id; name: string }

/** The Collection Runner's tab: the collection or folder it runs (one runner tab per window). */
export interface RunnerTarget {
  containerId: Id
}

/** What is typed in the sidebar's rename field, with the caret: kept while its row changes element. */
export interface RenameDraft {
  value: string
  start: number
  end: number
}

export type CodegenSource = { requestId: Id } | { tabId: Id }

export function createUiState() {
  const [dialog, setDialog] = createSignal<DialogState | null>(null)
  /** The sidebar row being renamed in place. */
  const [renamingItem, setRenamingItem] = createSignal<Id | null>(null)
  /** The typing of that rename (`sidebar/rename-field.tsx`); plain, nothing re-renders on it. */
  let renameDraft: RenameDraft | undefined
  /** The request header's name is being edited (click, F2, Ctrl+E). */
  const [renamingTab, setRenamingTab] = createSignal(false)
  /** The tab whose `Save` a `Can view` workspace refused (its draft stays in the tab). */
  const [saveRefused, setSaveRefused] = createSignal<Id | null>(null)
  // Below 900 px the sidebar overlays the workbench, so it starts closed there.
  const [sidebarOpen, setSidebarOpen] = createSignal(
    typeof matchMedia === 'undefined' || matchMedia('(min-width: 901px)').matches,
  )
  const [runner, setRunner] = createSignal<RunnerTarget | null>(null)
  /** The runner's tab is the one shown (a request tab chosen since hides it). */
  const [runnerShown, setRunnerShown] = createSignal(false)
  return {
    dialog,
    runner,
    runnerShown,
    openRunner(target: RunnerTarget) {
      setRunner(target)
      setRunnerShown(true)
    },
    showRunner: setRunnerShown,
    closeRunner() {
      setRunner(null)
      setRunnerShown(false)
    },
    openDialog: (d: DialogState) => setDialog(d),
    closeDialog: () => setDialog(null),
    renamingItem,
    setRenamingItem(id: Id | null) {
      renameDraft = undefined
      setRenamingItem(id)
    },
    renameDraft: {
      get: () => renameDraft,
      set: (draft: RenameDraft) => void (renameDraft = draft),
    },
    renamingTab,
    setRenamingTab,
    saveRefused,
    setSaveRefused,
    sidebarOpen,
    setSidebarOpen,
  }
}

export type UiState = ReturnType<typeof createUiState>

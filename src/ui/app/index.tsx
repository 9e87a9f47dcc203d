/** The app frame: top bar, sidebar, tab bar, the active request, dialogs and global shortcuts. */
import { createEffect, createMemo, lazy, on, onCleanup, onMount, Show } from 'solid-js'
import { Dynamic } from 'solid-js/web'
import { isSentKind } from '../../model/request-kinds.ts'
import { GitNotice } from '../collab/collab-bar.tsx'
import { ConfirmDelete } from '../dialogs/confirm-delete.tsx'
import { DialogBoundary } from '../dialogs/dialog-failed.tsx'
import { UnsavedChanges } from '../dialogs/unsaved-changes.tsx'
import { EnvironmentSelector } from '../environments/selector.tsx'
import { messages } from '../messages.ts'
import { shellParts } from '../realtime/parts.ts'
import { KIND_VIEWS } from '../request-kinds.tsx'
import { Sidebar } from '../sidebar/index.tsx'
import { useStore } from '../store/context.tsx'
import type { DialogState } from '../store/ui-state.ts'
import { TabBar } from '../tabs/index.tsx'
import { SavingNote } from './saving-note.tsx'
import { keepFocusedFieldVisible } from './keep-focused-visible.ts'
import { askBeforeLeaving } from './leave-guard.ts'
import { isMacPlatform, matchShortcut, resolveBindings } from './shortcuts.ts'
import { UpdatePrompt } from './update-prompt.tsx'
import Menu from 'lucide-solid/icons/menu'
import Settings from 'lucide-solid/icons/settings'

/** Its own chunk: the generators and the dialog load when `Generate Code` is first chosen. */
/** The sidebar's `Verlauf` loads when it is first shown. */
const HistoryPanel = lazy(() => import('../history/index.tsx').then((m) => ({ default: m.HistoryPanel })))
const GenerateCodeDialog = lazy(() => import('../codegen/index.tsx'))
// Lazy chunks: the shell carries neither dialog (nor the import worker they start).
const ImportDialog = lazy(() => import('../transfer/import-dialog.tsx'))
const ExportDialog = lazy(() => import('../transfer/export-dialog.tsx'))
const MockDialog = lazy(() => import('../mock/mock-dialog.tsx').then((m) => ({ default: m.MockDialog })))
// Dialogs opened from menus: their chunks load on first use (and are precached for offline).
const SettingsDialog = lazy(() =>
  import('../settings/index.tsx').then((m) => ({ default: m.SettingsDialog })),
)
const AssistantSettingsDialog = lazy(() =>
  import('../explain/assistant-settings.tsx').then((m) => ({ default: m.AssistantSettingsDialog })),
)
const AllTabs = lazy(() => import('../tabs/all-tabs.tsx').then((m) => ({ default: m.AllTabs })))
const ContainerSettings = lazy(() =>
  import('../dialogs/container-settings.tsx').then((m) => ({ default: m.ContainerSettings })),
)
const SaveDialog = lazy(() => import('../dialogs/save-dialog.tsx').then((m) => ({ default: m.SaveDialog })))
const RecentlyDeleted = lazy(() =>
  import('../sidebar/recently-deleted.tsx').then((m) => ({ default: m.RecentlyDeleted })),
)
const VariablesDialog = lazy(() =>
  import('../environments/index.tsx').then((m) => ({ default: m.VariablesDialog })),
)
/** The Collection Runner's tab: its view, the run and the past runs load with the first `Run`. */
const CollectionRunner = lazy(() => import('../runner/index.tsx'))

export function App() {
  const store = useStore()
  const mac = isMacPlatform(navigator.platform)
  const bindings = createMemo(() => resolveBindings(store.settings.current().keyboard))

  const onKeyDown = (e: KeyboardEvent) => {
    const action = matchShortcut(e, mac, bindings())
    if (!action || store.ui.dialog()) return
    const tab = store.tabs.activeTab()
    switch (action) {
      case 'new-tab':
        e.preventDefault()
        store.tabs.newTab('http')
        break
      case 'save':
        e.preventDefault()
        if (tab) store.tabs.saveTab(tab.id)
        break
      case 'rename':
        e.preventDefault()
        if (tab) store.ui.setRenamingTab(true)
        break
      case 'duplicate':
        e.preventDefault()
        if (tab) store.tabs.duplicateSavedRequest(tab.id)
        break
      case 'send':
        // A connection kind handles Ctrl+Enter itself (Connect / Disconnect), and skips a key an
        // editor already took (`defaultPrevented`): left alone here.
        if (!tab || !isSentKind(tab.draft.kind)) break
        e.preventDefault()
        void store.send.send(tab.id)
        break
    }
  }

  // Closing the window with unsaved changes asks first (the browser's own question).
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (askBeforeLeaving(store.tabs.state.tabs)) e.preventDefault()
  }

  // Another request tab shown (opened, chosen, made) hides the runner's tab.
  createEffect(
    on(
      () => store.tabs.state.activeTabId,
      () => store.ui.showRunner(false),
      { defer: true },
    ),
  )

  onMount(() => {
    window.addEventListener('keydown', onKeyDown)
    window.addEventListener('beforeunload', onBeforeUnload)
    const stopKeeping = keepFocusedFieldVisible()
    if (store.tabs.state.tabs.length === 0) store.tabs.newTab('http')
    onCleanup(() => {
      window.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('beforeunload', onBeforeUnload)
      stopKeeping()
    })
  })

  return (
    <div class="app" classList={{ 'sidebar-closed': !store.ui.sidebarOpen() }}>
      <header class="topbar">
        <button
          type="button"
          class="icon-button"
          aria-label={messages.toggleSidebar}
          aria-expanded={store.ui.sidebarOpen()}
          onClick={() => store.ui.setSidebarOpen(!store.ui.sidebarOpen())}
        >
          <Menu size={20} />
        </button>
        <button
          type="button"
          class="button"
          aria-pressed={store.ui.sidebarOpen() && store.history.sidePanel() === 'history'}
          onClick={() => {
            const showing = store.ui.sidebarOpen() && store.history.sidePanel() === 'history'
            store.history.setSidePanel(showing ? 'collections' : 'history')
            store.ui.setSidebarOpen(true)
          }}
        >
          {messages.history}
        </button>
        <h1 class="brand">{messages.appName}</h1>
        <SavingNote />
        <EnvironmentSelector />
        <button
          type="button"
          class="button"
          onClick={() => store.ui.openDialog({ kind: 'assistant-settings' })}
        >
          {messages.assistantSettings}
        </button>
        <button
          type="button"
          class="icon-button"
          aria-label={messages.openSettings}
          title={messages.openSettings}
          onClick={() => store.ui.openDialog({ kind: 'settings' })}
        >
          <Settings size={20} />
        </button>
      </header>
      <Show when={store.ui.sidebarOpen()}>
        <Show when={store.history.sidePanel() === 'history'} fallback={<Sidebar />}>
          <HistoryPanel />
        </Show>
      </Show>
      <main class="workbench">
        <GitNotice />
        <TabBar />
        <Show when={store.ui.runnerShown() && store.ui.runner()} keyed>
          {(target) => <CollectionRunner target={target} />}
        </Show>
        <Show
          when={!store.ui.runnerShown() && store.tabs.activeTab()}
          keyed
          fallback={
            <div class="no-tabs" hidden={store.ui.runnerShown()}>
              <p class="muted">{messages.noOpenTabs}</p>
              <button type="button" class="button primary" onClick={() => store.tabs.newTab('http')}>
                {messages.newTab}
              </button>
            </div>
          }
        >
          {(tab) => (
            <Dynamic
              component={(KIND_VIEWS[tab.draft.kind] ?? KIND_VIEWS.http).Editor}
              tab={tab}
              parts={shellParts}
            />
          )}
        </Show>
      </main>
      <DialogHost />
      <UpdatePrompt />
    </div>
  )
}

function DialogHost() {
  const store = useStore()
  return (
    <Show when={store.ui.dialog()} keyed>
      {(dialog) => (
        <DialogBoundary onClose={() => store.ui.closeDialog()}>{dialogView(dialog)}</DialogBoundary>
      )}
    </Show>
  )
}

function dialogView(dialog: DialogState) {
  switch (dialog.kind) {
    case 'confirm-delete':
      return <ConfirmDelete id={dialog.id} name={dialog.name} />
    case 'save':
      return <SaveDialog tabId={dialog.tabId} then={dialog.then} />
    case 'unsaved':
      return <UnsavedChanges intent={dialog.intent} />
    case 'container-settings':
      return <ContainerSettings id={dialog.id} />
    case 'variables':
      return <VariablesDialog />
    case 'all-tabs':
      return <AllTabs />
    case 'recently-deleted':
      return <RecentlyDeleted />
    case 'settings':
      return <SettingsDialog />
    case 'assistant-settings':
      return <AssistantSettingsDialog />
    case 'generate-code':
      return <GenerateCodeDialog source={dialog.source} />
    case 'import':
      return <ImportDialog />
    case 'export':
      return <ExportDialog target={dialog.target} name={dialog.name} />
    case 'mock-server':
      return <MockDialog id={dialog.id} name={dialog.name} />
  }
}

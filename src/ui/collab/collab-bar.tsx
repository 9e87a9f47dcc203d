/**
 * The sidebar's collaboration row: which workspace is open (the own one or a joined one), its sync
 * status, `Share workspace` for the owner, and `View only` for a `Can view` join.
 */
import { createSignal, For, lazy, Show } from 'solid-js'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { SyncStatusView } from './sync-status.tsx'
import './collab.css'

const ShareDialog = lazy(() => import('./share-dialog.tsx'))

export function CollabBar() {
  const collab = useStore().collab
  const [sharing, setSharing] = createSignal(false)
  return (
    <Show when={collab}>
      {(c) => (
        <div class="collab-bar">
          <Show when={c().workspaces.length > 1}>
            <select
              class="input workspace-select"
              aria-label={messages.workspace}
              value={c().activeWorkspace.localId}
              onChange={(e) => c().switchWorkspace(e.currentTarget.value)}
            >
              <For each={c().workspaces}>{(w) => <option value={w.localId}>{w.name}</option>}</For>
            </select>
          </Show>
          <div class="collab-row">
            <Show when={c().syncStatus()}>{(status) => <SyncStatusView status={status()} />}</Show>
            <Show when={c().readOnly}>
              <span class="view-only-badge" title={messages.viewOnlyNote}>
                {messages.viewOnly}
              </span>
            </Show>
            <Show when={c().canShare()}>
              <button
                type="button"
                class="button share-button"
                aria-label={messages.shareWorkspace}
                title={messages.shareWorkspace}
                onClick={() => setSharing(true)}
              >
                {messages.shareWorkspace}
              </button>
            </Show>
          </div>
          <Show when={sharing()}>
            <ShareDialog onClose={() => setSharing(false)} />
          </Show>
        </div>
      )}
    </Show>
  )
}

/** A commit in the workspace's git repository that could not be applied: shown above the tabs. */
export function GitNotice() {
  const collab = useStore().collab
  return (
    <Show when={collab?.gitHistory.notice()}>
      {(notice) => (
        <p class="notice git-notice" role="alert">
          {messages.gitNotice(notice().file, notice().line, notice().message)}
        </p>
      )}
    </Show>
  )
}

/** `Synced`, `Syncing…` or `Offline`, with the local changes the server does not have yet. */
import { Show } from 'solid-js'
import { messages } from '../messages.ts'
import type { SyncStatus } from '../store/sync-connection.ts'

const LABELS = { synced: messages.synced, syncing: messages.syncing, offline: messages.offline } as const

export function SyncStatusView(props: { status: SyncStatus }) {
  return (
    <div class="sync-status" role="status" aria-label={messages.syncStatus} data-state={props.status.state}>
      <span class="sync-dot" aria-hidden="true" />
      <span class="sync-label">{LABELS[props.status.state]}</span>
      <Show when={props.status.pending > 0}>
        <span class="sync-pending">{messages.pendingChanges(props.status.pending)}</span>
      </Show>
      <Show when={props.status.closed}>
        {(closed) => <span class="sync-pending">{messages.syncClosed(closed().reason)}</span>}
      </Show>
    </div>
  )
}

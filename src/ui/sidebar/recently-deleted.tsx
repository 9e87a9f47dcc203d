/**
 * `Recently deleted`: every deletion in the workspace, newest first, each with `Restore`. A
 * restored item comes back where it was, with the edits others made to it meanwhile (the
 * delete is soft: src/model/workspace/README.md, "Deleting").
 */
import { createMemo, For, Show } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import './recently-deleted.css'

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function RecentlyDeleted() {
  const store = useStore()
  const close = () => store.ui.closeDialog()
  const items = createMemo(() => {
    store.workspaceVersion()
    return store.deletedItems()
  })
  return (
    <Dialog title={messages.recentlyDeleted} onClose={close}>
      <Show when={items().length > 0} fallback={<p class="muted">{messages.nothingDeleted}</p>}>
        <ul class="deleted-list" aria-label={messages.recentlyDeleted}>
          <For each={items()}>
            {(item) => (
              <li class="deleted-item">
                <span class="deleted-name">
                  <span>{item.name}</span>
                  <span class="muted">
                    {messages.deletedWhere(item.collectionName, when(item.deletedAt))}
                  </span>
                </span>
                <button
                  type="button"
                  class="button"
                  aria-label={messages.restoreItem(item.name)}
                  onClick={() => store.restoreItem(item.id)}
                >
                  {messages.restore}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}

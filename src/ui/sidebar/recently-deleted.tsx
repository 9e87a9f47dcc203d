/**
 * `Recently deleted`: every deletion in the workspace, newest first, each with `Restore`. A
 * restored item comes back where it was, with the edits others made to it meanwhile (the
 * delete is soft: src/model/workspace/README.md, "Deleting"). Each row's `⋯` button opens
 * `Delete permanently` (a second step, so one tap never loses anything); deletions older than
 * 30 days are purged when the workspace opens.
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import './recently-deleted.css'

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function RecentlyDeleted() {
  const { tree, ui, docs } = useStore()
  const close = () => ui.closeDialog()
  const [opened, setOpened] = createSignal<string | null>(null)
  const items = createMemo(() => {
    docs.workspaceVersion()
    return tree.deletedItems()
  })
  return (
    <Dialog title={messages.recentlyDeleted} onClose={close}>
      <p class="muted">{messages.retentionNote}</p>
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
                  onClick={() => tree.restoreItem(item.id)}
                >
                  {messages.restore}
                </button>
                <button
                  type="button"
                  class="button"
                  aria-label={messages.moreActions(item.name)}
                  aria-expanded={opened() === item.id}
                  onClick={() => setOpened(opened() === item.id ? null : item.id)}
                >
                  ⋯
                </button>
                <Show when={opened() === item.id}>
                  <span class="deleted-purge">
                    <span class="muted">{messages.deletePermanentlyNote}</span>
                    <button
                      type="button"
                      class="button danger"
                      aria-label={messages.deletePermanentlyItem(item.name)}
                      onClick={() => {
                        setOpened(null)
                        tree.purgeItem(item.id)
                      }}
                    >
                      {messages.deletePermanently}
                    </button>
                  </span>
                </Show>
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

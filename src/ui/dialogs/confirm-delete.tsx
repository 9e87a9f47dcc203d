import { createSignal } from 'solid-js'
import { useStore } from '../store/context.tsx'
import { messages } from '../messages.ts'
import { Dialog } from './dialog.tsx'
import type { Id } from '../../model/types.ts'

/** `Löschen` asks first; the item goes to `Recently deleted` (soft delete, issue 16). */
export function ConfirmDelete(props: { id: Id; name: string }) {
  const { tree, saving, ui } = useStore()
  const close = () => ui.closeDialog()
  const [deleting, setDeleting] = createSignal(false)
  return (
    <Dialog title={messages.deleteTitle(props.name)} onClose={close}>
      <p>{messages.deleteBody}</p>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.cancel}
        </button>
        <button
          type="button"
          class="button danger"
          disabled={deleting()}
          onClick={() => {
            // Closes once the deletion is on the disk (store/durable-commit.ts).
            setDeleting(true)
            tree.deleteItem(props.id)
            void saving.whenSaved().then(close)
          }}
        >
          {deleting() ? messages.saving : messages.delete}
        </button>
      </div>
    </Dialog>
  )
}

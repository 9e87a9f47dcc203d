import { useStore } from '../store/context.tsx'
import { messages } from '../messages.ts'
import { Dialog } from './dialog.tsx'
import type { Id } from '../../model/types.ts'

/** `Löschen` asks first; the item goes to `Recently deleted` (soft delete, issue 16). */
export function ConfirmDelete(props: { id: Id; name: string }) {
  const store = useStore()
  const close = () => store.ui.closeDialog()
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
          onClick={() => {
            close()
            store.deleteItem(props.id)
          }}
        >
          {messages.delete}
        </button>
      </div>
    </Dialog>
  )
}

/** Asked before tabs with unsaved changes close: `Save`, `Don't save` or `Cancel`. */
import type { CloseIntent } from '../store/close-actions.ts'
import { tabsClosedBy } from '../store/close-actions.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { displayName } from '../store/request-name.ts'
import { Dialog } from './dialog.tsx'

export function UnsavedChanges(props: { intent: CloseIntent }) {
  const { tabs, ui } = useStore()
  const close = () => ui.closeDialog()
  const names = () => {
    const closing = new Set(tabsClosedBy(props.intent, tabs.state.tabs))
    return tabs.state.tabs
      .filter((t) => closing.has(t.id) && t.dirty)
      .map((t) => displayName(t.draft.name, t.draft.url, messages.untitled))
  }
  return (
    <Dialog title={messages.unsavedChanges} onClose={close}>
      <p>{messages.unsavedQuestion(names())}</p>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={close}>
          {messages.cancel}
        </button>
        <button type="button" class="button danger" onClick={() => tabs.discardAndClose(props.intent)}>
          {messages.dontSave}
        </button>
        <button
          type="button"
          class="button primary"
          autofocus
          onClick={() => tabs.saveAndClose(props.intent)}
        >
          {messages.save}
        </button>
      </div>
    </Dialog>
  )
}

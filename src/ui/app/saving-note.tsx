/**
 * `Saving…` in the top bar while a change is on its way to the disk (store/durable-commit.ts),
 * faded in only when that takes a moment; a failed commit says so until one succeeds.
 */
import { Show } from 'solid-js'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

export function SavingNote() {
  const { saving } = useStore()
  return (
    <Show
      when={saving.saveFailure()}
      fallback={
        <Show when={saving.inProgress()}>
          <span class="saving-note muted" role="status">
            {messages.saving}
          </span>
        </Show>
      }
    >
      {(reason) => (
        <span class="save-failed" role="alert">
          {messages.saveFailed(reason())}
        </span>
      )}
    </Show>
  )
}

/**
 * In-place rename: Enter keeps, Escape cancels, leaving the field keeps.
 *
 * What is typed belongs to the rename, not to the input element. The name shown when it opened is
 * read once: a synced change of the row (someone else's edit re-reads the tree) never writes over
 * the typing. And a pooled sidebar row can hand its item to another row element mid-rename (a
 * synced edit adds or removes rows above it): the element that goes away is not "leaving the
 * field", the one that takes the item over goes on with the text, caret and focus (`draft`).
 */
import { untrack } from 'solid-js'
import { messages } from '../messages.ts'
import type { RenameDraft } from '../store/ui-state.ts'

export interface RenameFieldProps {
  value: string
  label?: string
  onDone: (name: string | null) => void
  /** Keeps the typing across the field elements of one rename. */
  draft?: { get(): RenameDraft | undefined; set(draft: RenameDraft): void }
}

export function RenameField(props: RenameFieldProps) {
  let done = false
  const finish = (name: string | null) => {
    if (done) return
    done = true
    props.onDone(name)
  }
  const draft = untrack(() => props.draft)
  const initial = draft?.get()?.value ?? untrack(() => props.value)
  const keep = (el: HTMLInputElement) =>
    draft?.set({
      value: el.value,
      start: el.selectionStart ?? el.value.length,
      end: el.selectionEnd ?? el.value.length,
    })
  const focus = (el: HTMLInputElement) => {
    if (!el.isConnected) return
    // Read now, not when made: the element this one takes over from kept its last state on leaving.
    const kept = draft?.get()
    if (!kept) {
      el.focus()
      el.select()
      return
    }
    if (el.value !== kept.value) el.value = kept.value
    // Back in view after the user went on elsewhere (scrolled away, then into another field):
    // shown with the typing, without taking the focus back.
    const active = document.activeElement
    if (active && active !== document.body) return
    el.focus()
    el.setSelectionRange(kept.start, kept.end)
  }
  return (
    <input
      class="input rename-input"
      aria-label={props.label ?? messages.rename}
      value={initial}
      ref={(el) => queueMicrotask(() => focus(el))}
      enterkeyhint="done"
      onClick={(e) => e.stopPropagation()}
      // Native, so it stops before the row's own (native) long-press listener.
      on:pointerdown={(e) => e.stopPropagation()}
      onInput={(e) => keep(e.currentTarget)}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Enter') finish(e.currentTarget.value)
        else if (e.key === 'Escape') finish(null)
      }}
      onBlur={(e) => {
        const el = e.currentTarget
        keep(el)
        // Blur also comes while the element is being taken out of the page (its row re-rendered):
        // only one still in the page afterwards was left by the user.
        queueMicrotask(() => {
          if (el.isConnected) finish(el.value)
        })
      }}
    />
  )
}

/**
 * A modal built on <dialog>: the browser gives it focus trapping, Escape and an accessible role.
 * It scrolls inside itself so an on-screen keyboard never covers the field being edited.
 */
import { onMount, type JSX } from 'solid-js'

export function Dialog(props: { title: string; onClose: () => void; children: JSX.Element; wide?: boolean }) {
  let el!: HTMLDialogElement
  onMount(() => el.showModal())
  return (
    <dialog
      ref={el}
      class="dialog"
      classList={{ wide: props.wide === true }}
      aria-label={props.title}
      onCancel={(e) => {
        e.preventDefault()
        props.onClose()
      }}
      onClick={(e) => {
        if (e.target === el) props.onClose()
      }}
    >
      <h2 class="dialog-title">{props.title}</h2>
      {props.children}
    </dialog>
  )
}

import { Show } from 'solid-js'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

/** Shown in Proxy and Zertifikate when the page sends without the relay. */
export function RelayNote() {
  const { send } = useStore()
  return (
    <Show when={send.sendMode() === 'direct'}>
      <p class="notice" role="status">
        {messages.needsRelay}
      </p>
    </Show>
  )
}

/** Tells the user when a new version has been downloaded, and reloads into it on request. */
import { Show } from 'solid-js'
import { useRegisterSW } from 'virtual:pwa-register/solid'
import { messages } from '../messages.ts'

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true })
  return (
    <Show when={needRefresh()}>
      <div class="toast" role="status">
        <span>{messages.updateReady}</span>
        <button type="button" class="button primary" onClick={() => void updateServiceWorker(true)}>
          {messages.reload}
        </button>
        <button type="button" class="button" onClick={() => setNeedRefresh(false)}>
          {messages.dismiss}
        </button>
      </div>
    </Show>
  )
}

/** Tells the user when a new version has been downloaded, and reloads into it on request. */
import { Show } from 'solid-js'
import { useRegisterSW } from 'virtual:pwa-register/solid'
import { messages } from '../messages.ts'
import { expectReload } from './leave-guard.ts'

/**
 * Whether a worker controlled the page when it loaded. The registration helper reloads on takeover
 * only then; a page the first worker claimed later (src/sw/sw.ts) must reload by itself.
 */
const controlledAtLoad = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true })
  const reload = async () => {
    expectReload()
    const waiting = (await navigator.serviceWorker.getRegistration())?.waiting
    // Nothing waiting: the new version took over already (no page was controlled by the old one).
    if (!waiting) return location.reload()
    // A page that loaded uncontrolled never sees the plugin's reload-on-takeover: reload once the
    // worker is active.
    if (!controlledAtLoad) {
      waiting.addEventListener('statechange', () => {
        if (waiting.state === 'activated') location.reload()
      })
    }
    await updateServiceWorker(true)
  }
  return (
    <Show when={needRefresh()}>
      <div class="toast" role="status">
        <span>{messages.updateReady}</span>
        <button type="button" class="button primary" onClick={() => void reload()}>
          {messages.reload}
        </button>
        <button type="button" class="button" onClick={() => setNeedRefresh(false)}>
          {messages.dismiss}
        </button>
      </div>
    </Show>
  )
}

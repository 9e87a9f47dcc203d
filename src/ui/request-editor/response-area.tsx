/**
 * The response area's states (spec 3): pre-request script running, `Awaiting response` with the
 * elapsed time and `Cancel`, `Request not sent`, `Request failed` with `Retry`, and the response's
 * status, time and size. The full response viewer mounts inside the `done` state.
 */
import { createSignal, Match, onCleanup, Show, Switch } from 'solid-js'
import type { Id } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function ResponseArea(props: { tabId: Id }) {
  const store = useStore()
  const state = () => store.sendState(props.tabId)
  const [now, setNow] = createSignal(performance.now())
  const timer = setInterval(() => {
    if (state().phase === 'awaiting' || state().phase === 'pre-request') setNow(performance.now())
  }, 100)
  onCleanup(() => clearInterval(timer))
  const elapsed = () => Math.max(0, Math.round(now() - (state().sentAt ?? state().startedAt)))

  return (
    <section class="response-area" aria-label="Response" aria-live="polite" data-phase={state().phase}>
      <Switch fallback={<p class="muted">{messages.responseIdle}</p>}>
        <Match when={state().phase === 'pre-request'}>
          <p class="send-status">{messages.preRequestRunning}</p>
        </Match>
        <Match when={state().phase === 'awaiting'}>
          <div class="send-status">
            <strong>{messages.awaitingResponse}</strong>
            <span class="elapsed">{elapsed()} ms</span>
            <button type="button" class="button" onClick={() => store.cancelSend(props.tabId)}>
              {messages.cancel}
            </button>
          </div>
        </Match>
        <Match when={state().phase === 'post-response'}>
          <p class="send-status">{messages.postResponseRunning}</p>
        </Match>
        <Match when={state().result?.outcome === 'not-sent' && state().result}>
          {(result) => (
            <div class="send-error" role="alert">
              <strong>{messages.requestNotSent}</strong>
              <p class="error-line">
                {result().outcome === 'not-sent' ? (result() as { error: string }).error : ''}
              </p>
              <p class="muted">{messages.nothingSent}</p>
            </div>
          )}
        </Match>
        <Match when={state().result?.outcome === 'failed' && state().result}>
          {(result) => (
            <div class="send-error" role="alert">
              <strong>{messages.requestFailed}</strong>
              <p class="error-line">{(result() as { error: string }).error}</p>
              <button type="button" class="button primary" onClick={() => void store.send(props.tabId)}>
                {messages.retry}
              </button>
            </div>
          )}
        </Match>
        <Match when={state().result?.outcome === 'done' && state().result}>
          {(result) => {
            const done = () => {
              const r = result()
              if (r.outcome !== 'done') throw new Error('unreachable')
              return r
            }
            return (
              <div class="response-summary">
                <span
                  class="status"
                  classList={{ bad: done().response.status >= 400 }}
                  aria-label={messages.status}
                >
                  {done().response.status} {done().response.statusText}
                </span>
                <span aria-label={messages.time}>{Math.round(done().response.timings.total)} ms</span>
                <span aria-label={messages.size}>
                  {formatSize(done().response.sizes.responseHeaders + done().response.sizes.responseBody)}
                </span>
                <Show when={done().scriptError}>
                  {(error) => (
                    <p class="send-error">
                      {messages.scriptError} {error().message}
                    </p>
                  )}
                </Show>
              </div>
            )
          }}
        </Match>
      </Switch>
    </section>
  )
}

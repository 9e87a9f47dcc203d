/**
 * The response area's states (spec 3): pre-request script running, `Awaiting response` with the
 * elapsed time and `Cancel`, `Request not sent`, `Request failed` with `Retry`, and the
 * full response viewer (src/ui/response-viewer) in the `done` state, and already while the body
 * arrives when the transport hands out the head first; before the first send, the
 * test results' empty state.
 */
import { createSignal, For, lazy, Match, onCleanup, Show, Switch } from 'solid-js'
import type { DoneOutcome } from '../../runtime/send.ts'
import { TestResults } from '../test-results/index.tsx'
import type { Id } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { formatSize } from '../../model/response/format.ts'

/**
 * The viewer loads with the first response (not in the app's shell); `preloadResponseViewer`
 * fetches it once the app is interactive, so a first response does not wait for it.
 */
const loadViewer = () => import('../response-viewer/index.tsx')
const ResponseViewer = lazy(() => loadViewer().then((m) => ({ default: m.ResponseViewer })))
export const preloadResponseViewer = (): void => void loadViewer()

export function ResponseArea(props: { tabId: Id }) {
  const { tabs, tree, variables, examples, send, settings, docs, collab } = useStore()
  const state = () => send.sendState(props.tabId)
  const tab = () => tabs.state.tabs.find((t) => t.id === props.tabId)
  /** The request's own post-response script or one it inherits from a folder or its collection. */
  const hasPostScript = () => {
    const current = tab()
    if (!current) return false
    docs.workspaceVersion()
    const chain = current.savedRequestId ? tree.ancestors(current.savedRequestId) : undefined
    const scripts = [
      current.draft.scripts,
      ...(chain ? [...chain.folders, chain.collection].map((c) => c.scripts) : []),
    ]
    return scripts.some((s) => s.postResponse.trim() !== '')
  }
  const [now, setNow] = createSignal(performance.now())
  const timer = setInterval(() => {
    if (state().phase === 'awaiting' || state().phase === 'pre-request') setNow(performance.now())
  }, 100)
  onCleanup(() => clearInterval(timer))
  const elapsed = () => Math.max(0, Math.round(now() - (state().sentAt ?? state().startedAt)))
  /** The result the viewer shows: the final one, or the one whose body is still arriving. */
  const outcome = (): DoneOutcome | undefined => {
    const { result, arriving, phase } = state()
    if (result) return result.outcome === 'done' ? result : undefined
    return phase === 'awaiting' || phase === 'post-response' ? arriving : undefined
  }

  const [savedNote, setSavedNote] = createSignal('')
  /** The response as an example of the saved request; the Examples section lists it at once. */
  const saveExample = async (result: DoneOutcome, body: () => Promise<Uint8Array>) => {
    const requestId = tab()?.savedRequestId
    if (!requestId) return
    // Loaded on first use: the shell does not carry it.
    const { exampleFromResponse } = await import('../../model/response/example.ts')
    const example = exampleFromResponse(result.request, result.response, await body())
    examples.saveExample(requestId, example)
    setSavedNote(messages.savedAsExample(example.name))
  }

  /** One view per response: the arriving one and the final one share their `arrival`. */
  const viewKey = () => outcome()?.response.arrival ?? outcome()?.response

  const awaiting = () => (
    <div class="send-status">
      <strong>{messages.awaitingResponse}</strong>
      <span class="elapsed">{elapsed()} ms</span>
      <button type="button" class="button" onClick={() => send.cancelSend(props.tabId)}>
        {messages.cancel}
      </button>
    </div>
  )

  return (
    <section class="response-area" aria-label="Response" aria-live="polite" data-phase={state().phase}>
      {/* `Token not renewed: <the server's error>` (spec 3): the request went out with the old token. */}
      <For each={state().result?.notices ?? []}>
        {(notice) => (
          <p class="send-notice" role="status">
            {notice}
          </p>
        )}
      </For>
      <Switch
        fallback={
          <>
            <p class="muted">{messages.responseIdle}</p>
            <section class="idle-tests" aria-label={messages.testResultsTab}>
              <h3 class="panel-title">{messages.testResultsTab}</h3>
              <TestResults result={state().result} hasPostScript={hasPostScript()} />
            </section>
          </>
        }
      >
        <Match when={state().phase === 'pre-request'}>
          <p class="send-status">{messages.preRequestRunning}</p>
        </Match>
        {/* Keyed by the response: the view that showed the body arriving stays when the send ends. */}
        <Match when={viewKey()} keyed>
          {(key) => {
            // The last result of this response: a cancelled send ends this view, not before it goes.
            let last = outcome()!
            const result = () => (last = viewKey() === key ? outcome()! : last)
            return (
              <>
                <Show when={state().phase === 'awaiting'}>{awaiting()}</Show>
                <Show when={state().phase === 'post-response'}>
                  <p class="send-status">{messages.postResponseRunning}</p>
                </Show>
                <Show when={state().kept}>
                  {(kept) => (
                    <p class="muted kept-note" role="note">
                      {messages.lastBodyCut(formatSize(kept().keptBytes), formatSize(kept().sizeBytes))}
                    </p>
                  )}
                </Show>
                <Show when={savedNote()}>
                  {(note) => (
                    <p class="muted" role="status">
                      {note()}
                    </p>
                  )}
                </Show>
                <ResponseViewer
                  result={result()}
                  settled={!!state().result}
                  hasPostScript={hasPostScript()}
                  defaultView={settings.current().editor.responseView}
                  assistant={settings.current().assistant}
                  secrets={() => variables.secretValues(tab()?.savedRequestId ?? null)}
                  {...(tab()?.savedRequestId && !collab?.readOnly
                    ? { onSaveExample: (body: () => Promise<Uint8Array>) => void saveExample(result(), body) }
                    : {})}
                />
              </>
            )
          }}
        </Match>
        <Match when={state().phase === 'awaiting'}>{awaiting()}</Match>
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
              <button type="button" class="button primary" onClick={() => void send.send(props.tabId)}>
                {messages.retry}
              </button>
            </div>
          )}
        </Match>
      </Switch>
    </section>
  )
}

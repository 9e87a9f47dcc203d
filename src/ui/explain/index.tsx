/**
 * `Explain` and `Explain failures`: a button and, once pressed, the answer below it. With an
 * assistant configured (Settings → Assistant) the masked request goes to it; without one, or when
 * it fails, Sendbox's own offline explanation is shown.
 */
import { createSignal, For, Match, Show, Switch } from 'solid-js'
import {
  buildExplainRequest,
  offlineExplanation,
  type ExplainInput,
  type OfflineExplanation,
} from '../../model/explain.ts'
import type { AssistantSettings } from '../../model/workspace/api.ts'
import { askAssistant, assistantConfigured } from '../../runtime/assistant.ts'
import { messages } from '../messages.ts'
import X from 'lucide-solid/icons/x'

type Answer =
  | { kind: 'pending' }
  | { kind: 'assistant'; text: string }
  | { kind: 'offline'; explanation: OfflineExplanation; error: string | null }

export function Explain(props: { label: string; input: () => ExplainInput; assistant: AssistantSettings }) {
  const [answer, setAnswer] = createSignal<Answer | null>(null)
  let controller: AbortController | undefined

  const run = async () => {
    controller?.abort()
    const input = props.input()
    const offline = (error: string | null) =>
      setAnswer({ kind: 'offline', explanation: offlineExplanation(input), error })
    if (!assistantConfigured(props.assistant)) return offline(null)
    controller = new AbortController()
    setAnswer({ kind: 'pending' })
    try {
      const request = buildExplainRequest(input, props.assistant.model)
      const text = await askAssistant(
        props.assistant,
        request,
        (url, init) => fetch(url, init),
        controller.signal,
      )
      setAnswer({ kind: 'assistant', text })
    } catch (error) {
      offline((error as Error).message)
    }
  }

  return (
    <div class="explain">
      <button type="button" class="button explain-button" onClick={() => void run()}>
        {props.label}
      </button>
      <Show when={answer()}>
        {(current) => (
          <section class="explain-panel" aria-label={messages.explanation} aria-live="polite">
            <button
              type="button"
              class="icon-button explain-close"
              aria-label={messages.closeExplanation}
              onClick={() => {
                controller?.abort()
                setAnswer(null)
              }}
            >
              <X size={18} />
            </button>
            <Switch>
              <Match when={current().kind === 'pending'}>
                <p class="muted">{messages.explaining}</p>
              </Match>
              <Match when={current().kind === 'assistant' && (current() as { text: string })}>
                {(a) => (
                  <>
                    <h3 class="explain-title">{messages.assistantExplanation}</h3>
                    <p class="explain-text">{a().text}</p>
                  </>
                )}
              </Match>
              <Match
                when={current().kind === 'offline' && (current() as Extract<Answer, { kind: 'offline' }>)}
              >
                {(o) => (
                  <>
                    <Show when={o().error}>{(e) => <p class="error-text">{e()}</p>}</Show>
                    <h3 class="explain-title">{messages.offlineExplanation}</h3>
                    <p class="explain-heading">{o().explanation.title}</p>
                    <ul class="explain-points">
                      <For each={o().explanation.points}>{(point) => <li>{point}</li>}</For>
                    </ul>
                  </>
                )}
              </Match>
            </Switch>
          </section>
        )}
      </Show>
    </div>
  )
}

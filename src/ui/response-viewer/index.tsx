/**
 * The response of a send: status bar (with `Explain` for 4xx and 5xx), and the Body, Header,
 * Cookies and Test results tabs. Takes the pipeline's result as props and reads nothing else;
 * the caller passes the settings it needs.
 */
import { createSignal, For, lazy, Match, Show, Switch } from 'solid-js'
import type { ExplainInput } from '../../model/explain.ts'
import type { AssistantSettings, ResponseView } from '../../model/workspace/api.ts'
import type { DoneOutcome } from '../../runtime/send.ts'
import { messages } from '../messages.ts'
import { TestResults } from '../test-results/index.tsx'
import { bodyInfo } from './body-client.ts'
import { BodyView } from './body-view.tsx'
import { EventStreamView } from './event-stream.tsx'
import { CookiesTab, HeadersTab } from './headers-tab.tsx'
import { StatusBar } from './status-bar.tsx'
import './viewer.css'

/** Shown only for failures; the assistant's client and prompt builder load on first show. */
const Explain = lazy(() => import('../explain/index.tsx').then((m) => ({ default: m.Explain })))

type Section = 'body' | 'headers' | 'cookies' | 'tests'

export interface ResponseViewerProps {
  result: DoneOutcome
  /** False while the body is still arriving or the post-response script runs: `result` is not final. */
  settled?: boolean
  hasPostScript: boolean
  defaultView: ResponseView
  assistant: AssistantSettings
  /** Secret variable values, masked in what Explain sends. */
  secrets: () => string[]
  /** `Save as example` in the Body tab (a saved request's own response only). */
  onSaveExample?: (body: () => Promise<Uint8Array>) => void
}

/** What Explain sends about a result (masked and cut by `model/explain.ts`). */
export function explainInput(result: DoneOutcome, secrets: string[]): ExplainInput {
  const { request, response } = result
  // The excerpt the page keeps: the body itself may be with the viewer's worker.
  const bodyText = response.eventStream ? '' : new TextDecoder().decode(bodyInfo(response).excerpt)
  return {
    method: request.method,
    url: request.url,
    requestHeaders: request.headers,
    status: response.status,
    statusText: response.statusText,
    responseHeaders: response.headers,
    bodyText,
    failures: result.tests.filter((t) => !t.passed).map((t) => ({ name: t.name, error: t.error })),
    scriptError: result.scriptError?.message ?? null,
    secrets,
  }
}

export function ResponseViewer(props: ResponseViewerProps) {
  const [section, setSection] = createSignal<Section>('body')
  const response = () => props.result.response
  const input = () => explainInput(props.result, props.secrets())
  const sections: { id: Section; label: () => string }[] = [
    { id: 'body', label: () => messages.bodyTab },
    { id: 'headers', label: () => `${messages.headersTab} ${response().headers.length}` },
    { id: 'cookies', label: () => `${messages.cookiesTab} ${response().cookies.length}` },
    { id: 'tests', label: () => messages.testResultsTab },
  ]
  return (
    <section class="response-viewer" aria-label={messages.response}>
      <StatusBar
        status={response().status}
        statusText={response().statusText}
        httpVersion={response().httpVersion}
        timeMs={response().timings.total}
        sizes={response().sizes}
      >
        <Show when={response().status >= 400}>
          <Explain label={messages.explain} input={input} assistant={props.assistant} />
        </Show>
      </StatusBar>
      <div class="segmented response-tabs" role="tablist" aria-label={messages.responseTabs}>
        <For each={sections}>
          {(s) => (
            <button
              type="button"
              role="tab"
              class="segment"
              aria-selected={section() === s.id}
              onClick={() => setSection(s.id)}
            >
              <Show when={s.id === 'tests'} fallback={s.label()}>
                {messages.testResultsTab}
                <span class="badge" aria-label={`${props.result.tests.length} tests`}>
                  {props.result.tests.length}
                </span>
              </Show>
            </button>
          )}
        </For>
      </div>
      <div class="response-panel" role="tabpanel">
        <Switch>
          <Match when={section() === 'body'}>
            <Show
              when={response().eventStream}
              fallback={
                <BodyView
                  response={response()}
                  defaultView={props.defaultView}
                  settled={props.settled ?? true}
                  {...(props.onSaveExample ? { onSaveExample: props.onSaveExample } : {})}
                />
              }
            >
              <EventStreamView response={response()} />
            </Show>
          </Match>
          <Match when={section() === 'headers'}>
            <HeadersTab
              headers={response().headers}
              size={response().sizes.responseHeaders}
              {...(response().pseudoHeaders ? { pseudoHeaders: response().pseudoHeaders } : {})}
            />
          </Match>
          <Match when={section() === 'cookies'}>
            <CookiesTab cookies={response().cookies} />
          </Match>
          <Match when={section() === 'tests'}>
            <TestResults result={props.result} hasPostScript={props.hasPostScript}>
              <Explain label={messages.explainFailures} input={input} assistant={props.assistant} />
            </TestResults>
          </Match>
        </Switch>
      </div>
    </section>
  )
}

/**
 * One opened result: the request as it went on the wire, then the response in the app's response
 * viewer (the same component a single send shows), or why there was none.
 */
import { For, Show } from 'solid-js'
import { runnerMessages as m } from '../messages-runner.ts'
import { ResponseViewer } from '../response-viewer/index.tsx'
import { useStore } from '../store/context.tsx'
import { TestMark } from '../test-results/test-mark.tsx'
import { LIVE_BODY_BYTES, rowOutcome, type RunRow } from './run-record.ts'
import { statusText } from './results-list.tsx'

const decoder = new TextDecoder()
const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`)

export function ResultDetail(props: { row: RunRow; onBack: () => void }) {
  const { variables, settings } = useStore()
  const outcome = () => rowOutcome(props.row)
  const request = () => props.row.request
  const cutBody = () => {
    const response = props.row.response
    return response && response.sizes.responseBody > response.body.length ? response : undefined
  }
  return (
    <section class="runner-detail" aria-label={`${props.row.method} ${props.row.execution.name}`}>
      <button type="button" class="button" onClick={() => props.onBack()}>
        {m.back}
      </button>
      <h3>
        {m.iteration(props.row.iteration)} · {props.row.method} {props.row.execution.name} ·{' '}
        {statusText(props.row)}
      </h3>
      <Show when={props.row.execution.error}>
        <p class="error-text">{props.row.execution.error}</p>
      </Show>
      <Show when={request()}>
        {(sent) => (
          <details class="runner-sent" open>
            <summary>{m.requestAsSent}</summary>
            <p class="runner-sent-line">
              <strong>{sent().method}</strong> <span>{sent().url}</span>
            </p>
            <table class="past-run-table" aria-label={m.requestAsSent}>
              <tbody>
                <For each={sent().headers}>
                  {([name, value]) => (
                    <tr>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  )}
                </For>
              </tbody>
            </table>
            <Show when={sent().body}>
              {(body) => <pre class="past-run-body">{decoder.decode(body())}</pre>}
            </Show>
          </details>
        )}
      </Show>
      <Show when={cutBody()}>
        {(response) => (
          <p class="muted">
            {m.bodyCut(
              kb(Math.min(response().body.length, LIVE_BODY_BYTES)),
              kb(response().sizes.responseBody),
            )}
          </p>
        )}
      </Show>
      <Show
        when={outcome()}
        fallback={
          <Show when={props.row.execution.tests.length > 0}>
            <h4>{m.testsTitle}</h4>
            <ul class="past-run-tests">
              <For each={props.row.execution.tests}>
                {(test) => (
                  <li>
                    <TestMark passed={test.passed} /> {test.name}
                    <Show when={test.error}>
                      <span class="muted"> — {test.error}</span>
                    </Show>
                  </li>
                )}
              </For>
            </ul>
          </Show>
        }
      >
        {(result) => (
          <ResponseViewer
            result={result()}
            settled={true}
            hasPostScript={result().tests.length > 0 || result().scriptError !== null}
            defaultView={settings.current().editor.responseView}
            assistant={settings.current().assistant}
            secrets={() => variables.secretValues(null)}
          />
        )}
      </Show>
    </section>
  )
}

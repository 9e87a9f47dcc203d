/**
 * An older run of a request as it was: status, duration, body (as kept, possibly truncated),
 * headers, cookies and test results.
 */
import { For, Show } from 'solid-js'
import { verdictLabel } from '../test-results/index.tsx'
import { testVerdict } from '../test-results/summary.ts'
import { cookiesFromHeaders } from '../../model/cookies.ts'
import type { RunEntry, StoredResponse } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { formatDuration, timeOfDay } from './history-list.ts'
import { TestMark } from '../test-results/test-mark.tsx'

function bodyText(response: StoredResponse): string {
  if (response.bodyEncoding === 'text') return response.body
  return `base64: ${response.body}`
}

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`
}

export function PastRun(props: { run: RunEntry }) {
  const tests = () => props.run.tests ?? []
  const passed = () => tests().filter((t) => t.passed).length
  // A sent run's error is its post-response script's; it is never summarised as passed.
  const scriptError = () => (props.run.outcome === 'done' ? props.run.error : undefined)
  const verdict = () => testVerdict(tests(), scriptError() !== undefined, false)
  return (
    <section class="past-run" aria-label={messages.viewingRun(timeOfDay(props.run.time))}>
      <p class="past-run-status">
        <Show
          when={props.run.response}
          fallback={
            <strong>
              {props.run.outcome === 'failed' ? messages.runFailed : messages.runNotSent}
              {props.run.error ? `: ${props.run.error}` : ''}
            </strong>
          }
        >
          {(response) => (
            <>
              <strong class="status">
                {response().status} {response().statusText}
              </strong>
              <span class="muted"> · {formatDuration(props.run.durationMs)}</span>
              <span class="muted"> · {size(response().sizeBytes)}</span>
            </>
          )}
        </Show>
      </p>
      <Show when={props.run.response}>
        {(response) => (
          <>
            <h3>{messages.runBody}</h3>
            <Show when={response().truncated}>
              <p class="muted">
                {messages.bodyTruncated(size(response().body.length), size(response().sizeBytes))}
              </p>
            </Show>
            <pre class="past-run-body" aria-label={messages.runBody}>
              {bodyText(response())}
            </pre>
            <h3>{messages.runHeaders}</h3>
            <table class="past-run-table" aria-label={messages.runHeaders}>
              <tbody>
                <For each={response().headers}>
                  {([name, value]) => (
                    <tr>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  )}
                </For>
              </tbody>
            </table>
            <Show when={cookiesFromHeaders(response().headers).length > 0}>
              <h3>{messages.runCookies}</h3>
              <table class="past-run-table" aria-label={messages.runCookies}>
                <tbody>
                  <For each={cookiesFromHeaders(response().headers)}>
                    {(cookie) => (
                      <tr>
                        <th scope="row">{cookie.name}</th>
                        <td>{cookie.value}</td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
            </Show>
          </>
        )}
      </Show>
      <Show when={tests().length > 0 || scriptError()}>
        <h3>{messages.runTests}</h3>
        <p class="test-summary">
          <span>{messages.runTestsPassed(passed(), tests().length)}</span>{' '}
          <span
            class="badge"
            classList={{ 'badge-ok': verdict().kind === 'passed', 'badge-fail': verdict().kind !== 'passed' }}
          >
            {verdictLabel(verdict())}
          </span>
        </p>
        <ul class="past-run-tests" aria-label={messages.runTests}>
          <For each={tests()}>
            {(test) => (
              <li classList={{ passed: test.passed, failed: !test.passed }}>
                <TestMark passed={test.passed} /> {test.name}
                <Show when={test.error}>
                  <span class="muted"> — {test.error}</span>
                </Show>
              </li>
            )}
          </For>
        </ul>
        <Show when={scriptError()}>
          <p class="error-text script-error">
            {messages.scriptError} {scriptError()}
          </p>
        </Show>
      </Show>
    </section>
  )
}

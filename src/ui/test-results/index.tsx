/**
 * The Test results tab (spec 7): summary with a badge, each test with a tick or a cross, the
 * script's error, a timeout notice, and the two empty states. `console.log` output is never shown.
 */
import { For, Show, type JSX } from 'solid-js'
import type { SendResult } from '../../runtime/send.ts'
import { messages } from '../messages.ts'
import { testVerdict, type TestVerdict } from './summary.ts'
import { TestMark } from './test-mark.tsx'

/** The number on the tab's badge: tests run by the last send. */
export function testCount(result: SendResult | undefined): number {
  return result?.tests.length ?? 0
}

export function TestResults(props: {
  result: SendResult | undefined
  hasPostScript: boolean
  /** Shown when a test failed or the script threw: the `Explain failures` action. */
  children?: JSX.Element
}) {
  const tests = () => props.result?.tests ?? []
  const failed = () => tests().filter((t) => !t.passed).length
  const scriptError = () => {
    const result = props.result
    return result && result.outcome !== 'failed' ? result.scriptError : null
  }
  const verdict = () => testVerdict(tests(), scriptError() != null, props.result?.testsTimedOut === true)
  const empty = () => tests().length === 0 && !scriptError() && !props.result?.testsTimedOut
  return (
    <div class="test-results tab-panel-scroll">
      <Show when={props.result} fallback={<p class="muted empty-state">{messages.sendForTests}</p>}>
        <Show when={!(empty() && !props.hasPostScript)} fallback={<p class="muted empty-state">{messages.noTests}</p>}>
          <Show when={tests().length > 0}>
            <p class="test-summary">
              <span>{messages.testsPassed(tests().length - failed(), tests().length)}</span>
              <span
                class="badge"
                classList={{ 'badge-ok': verdict().kind === 'passed', 'badge-fail': verdict().kind !== 'passed' }}
              >
                {verdictLabel(verdict())}
              </span>
            </p>
          </Show>
          <Show when={props.result?.testsTimedOut}>
            <p class="error-text" role="alert">
              {messages.testsTimedOut}
            </p>
          </Show>
          <ul class="test-list" aria-label={messages.testResultsTab}>
            <For each={tests()}>
              {(test) => (
                <li class="test-item" classList={{ 'test-failed': !test.passed }}>
                  <TestMark passed={test.passed} />
                  <span class="test-name">{test.name}</span>
                  <Show when={!test.passed && test.error}>
                    <span class="test-reason">{test.error}</span>
                  </Show>
                </li>
              )}
            </For>
          </ul>
          <Show when={scriptError()}>
            {(error) => (
              <p class="error-text script-error">
                {messages.scriptError} {error().message}
              </p>
            )}
          </Show>
          <Show when={failed() > 0 || scriptError()}>{props.children}</Show>
        </Show>
      </Show>
    </div>
  )
}

/** The badge beside the summary (also used by an older run's view). */
export function verdictLabel(verdict: TestVerdict): string {
  switch (verdict.kind) {
    case 'passed':
      return messages.allPassed
    case 'failed':
      return messages.failedCount(verdict.count)
    case 'script-error':
      return messages.scriptErrorBadge
    case 'timed-out':
      return messages.timedOutBadge
  }
}

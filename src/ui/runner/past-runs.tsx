/** `Past runs`: earlier runs of this collection or folder on this device; open (read-only) or delete. */
import { For, Show } from 'solid-js'
import { runnerMessages as m } from '../messages-runner.ts'
import type { RunSummary } from './past-runs-store.ts'

// One formatter for every label: toLocaleString with options builds a new one per call (about
// 0.3 ms each), three per past run whenever the list is drawn.
let format: Intl.DateTimeFormat | undefined

export const runTime = (iso: string): string =>
  (format ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })).format(
    new Date(iso),
  )

export function PastRuns(props: {
  runs: RunSummary[]
  onOpen: (id: string) => void
  onDelete: (id: string) => void
}) {
  return (
    <section class="runner-past" aria-label={m.pastRuns}>
      <h3>{m.pastRuns}</h3>
      <Show when={props.runs.length > 0} fallback={<p class="muted">{m.noPastRuns}</p>}>
        <ul class="runner-past-list">
          <For each={props.runs}>
            {(run) => {
              const when = runTime(run.startedAt)
              return (
                <li>
                  <span class="runner-past-text">
                    {m.pastRunLabel(when, run.iterations, run.passed, run.failed)}
                  </span>
                  <button
                    type="button"
                    class="button"
                    aria-label={m.openRun(when)}
                    onClick={() => props.onOpen(run.id)}
                  >
                    {m.open}
                  </button>
                  <button
                    type="button"
                    class="button danger"
                    aria-label={m.deleteRun(when)}
                    onClick={() => props.onDelete(run.id)}
                  >
                    {m.delete}
                  </button>
                </li>
              )
            }}
          </For>
        </ul>
      </Show>
    </section>
  )
}

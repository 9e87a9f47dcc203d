/**
 * What the chosen export format leaves out, before and after `Export`: the export report
 * (model/export/report.ts) in the import preview's words, the first 20 items listed.
 */
import { For, Show } from 'solid-js'
import type { ImportReport } from '../../model/import/report.ts'
import { messages } from '../messages.ts'

const SHOWN = 20

export function ExportSkipped(props: { report: ImportReport; label: string }) {
  const count = () => props.report.skipped.length
  const more = () => count() - SHOWN
  return (
    <Show when={count() > 0} fallback={<p class="muted">{messages.exportNothingSkipped(props.label)}</p>}>
      <section class="import-preview" aria-label={messages.exportSkippedTitle}>
        <h3>{messages.importSkipped(count())}</h3>
        <ul aria-label={messages.importSkipped(count())}>
          <For each={props.report.skipped.slice(0, SHOWN)}>
            {(item) => (
              <li>
                {item.what} ({item.reason}){' '}
                <Show when={item.path}>{(path) => <span class="muted">{path()}</span>}</Show>
              </li>
            )}
          </For>
          <Show when={more() > 0}>
            <li class="muted">{messages.importMoreSkipped(more())}</li>
          </Show>
        </ul>
      </section>
    </Show>
  )
}

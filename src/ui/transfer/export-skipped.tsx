/**
 * What the chosen export format leaves out, before and after `Export`: the export report
 * (model/export/report.ts) in the import preview's words, the first 20 items listed.
 */
import { Show } from 'solid-js'
import type { ImportReport } from '../../model/import/report.ts'
import { messages } from '../messages.ts'
import { SkippedList } from './skipped-list.tsx'

const SHOWN = 20

export function ExportSkipped(props: { report: ImportReport; label: string }) {
  const count = () => props.report.skipped.length
  return (
    <Show when={count() > 0} fallback={<p class="muted">{messages.exportNothingSkipped(props.label)}</p>}>
      <section class="import-preview" aria-label={messages.exportSkippedTitle}>
        <SkippedList items={props.report.skipped.slice(0, SHOWN)} total={count()} />
      </section>
    </Show>
  )
}

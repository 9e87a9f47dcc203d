/** The Import dialog's preview: the format, each collection and environment with its size, what is skipped. */
import { For, Show } from 'solid-js'
import { messages } from '../messages.ts'
import type { ImportPreview } from '../../runtime/import/protocol.ts'
import { SkippedList } from './skipped-list.tsx'

export function PreviewView(props: { preview: ImportPreview }) {
  return (
    <section class="import-preview" aria-label={messages.importPreview}>
      <p>{messages.importFormat(props.preview.label)}</p>
      <Show when={props.preview.collections.length > 0}>
        <h3>{messages.importCollections}</h3>
        <ul aria-label={messages.importCollections}>
          <For each={props.preview.collections}>
            {(c) => <li>{messages.importCollectionLine(c.name, c.requests, c.folders)}</li>}
          </For>
        </ul>
      </Show>
      <Show when={props.preview.environments.length > 0}>
        <h3>{messages.importEnvironments}</h3>
        <ul aria-label={messages.importEnvironments}>
          <For each={props.preview.environments}>
            {(env) => <li>{messages.importEnvironmentLine(env.name, env.variables)}</li>}
          </For>
        </ul>
      </Show>
      <Show
        when={props.preview.skippedCount > 0}
        fallback={<p class="muted">{messages.importNothingSkipped}</p>}
      >
        <SkippedList items={props.preview.skipped} total={props.preview.skippedCount} />
      </Show>
    </section>
  )
}

/** The list of what an import or export leaves out, as the import preview and the Export dialog show it. */
import { For, Show } from 'solid-js'
import type { SkippedItem } from '../../model/import/report.ts'
import { messages } from '../messages.ts'

/** `items` are the first of `total` skipped items; the rest are counted in one line. */
export function SkippedList(props: { items: readonly SkippedItem[]; total: number }) {
  const more = () => props.total - props.items.length
  return (
    <>
      <h3>{messages.importSkipped(props.total)}</h3>
      <ul aria-label={messages.importSkipped(props.total)}>
        <For each={props.items}>
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
    </>
  )
}

/** The call's messages, sent and received with their time, and the metadata lists. */
import { For, Show } from 'solid-js'
import type { MetadataPairs } from '../../../runtime/realtime/grpc/protocol.ts'
import type { LogEntry } from './call-state.ts'
import { grpcMessages as m } from './messages.ts'

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour12: false })

export function StreamView(props: { entries: LogEntry[] }) {
  return (
    <section class="grpc-stream" aria-label={m.stream}>
      <h3>{m.stream}</h3>
      <Show when={props.entries.length > 0} fallback={<p class="muted">{m.noMessages}</p>}>
        <ol class="grpc-log">
          <For each={props.entries}>
            {(entry) => (
              <li class="grpc-entry" data-direction={entry.direction}>
                <span class="muted">{`${entry.direction === 'sent' ? '↑' : '↓'} ${m[entry.direction]} ${time(entry.at)}`}</span>
                <pre>{entry.text}</pre>
              </li>
            )}
          </For>
        </ol>
      </Show>
    </section>
  )
}

export function MetadataList(props: { label: string; pairs: MetadataPairs }) {
  return (
    <Show when={props.pairs.length > 0}>
      <section class="grpc-pairs" aria-label={props.label}>
        <h3>{props.label}</h3>
        <dl>
          <For each={props.pairs}>
            {([key, value]) => (
              <>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </>
            )}
          </For>
        </dl>
      </section>
    </Show>
  )
}

/** The live list of a connection: events (JSON data pretty-printed), connects, reconnects, errors. */
import { createEffect, For, Match, Show, Switch } from 'solid-js'
import type { ShownEntry, TabConnection } from './connections.ts'
import { sseUi } from './messages.ts'

/** JSON data indented; anything else as it came. */
export function prettyData(data: string): string {
  const head = data.trimStart()[0]
  if (head !== '{' && head !== '[') return data
  try {
    return JSON.stringify(JSON.parse(data), null, 2)
  } catch {
    return data
  }
}

const clock = (at: number) => {
  const time = new Date(at)
  return `${time.toLocaleTimeString('en-GB', { hour12: false })}.${String(time.getMilliseconds()).padStart(3, '0')}`
}

function Row(props: { entry: ShownEntry }) {
  const e = props.entry
  return (
    <tr class={`sse-row sse-${e.type}`}>
      <td class="mono">{clock(e.at)}</td>
      <Switch>
        <Match when={e.type === 'event' && e}>
          {(event) => (
            <>
              <td class="mono">{event().event}</td>
              <td class="mono">{event().id}</td>
              <td>
                <pre class="mono sse-data">{prettyData(event().data)}</pre>
              </td>
            </>
          )}
        </Match>
        <Match when={e.type === 'open' && e}>
          {(open) => <td colSpan={3}>{sseUi.connected(open().status)}</td>}
        </Match>
        <Match when={e.type === 'reconnect' && e}>
          {(again) => (
            <td colSpan={3}>
              {again().reason}. {sseUi.reconnect(again().delayMs, again().lastEventId)}
            </td>
          )}
        </Match>
        <Match when={e.type === 'error' && e}>{(error) => <td colSpan={3}>{error().message}</td>}</Match>
        <Match when={e.type === 'closed' && e}>{(closed) => <td colSpan={3}>{closed().reason}</td>}</Match>
      </Switch>
    </tr>
  )
}

export function EventList(props: { connection: TabConnection }) {
  let scroller!: HTMLDivElement
  // New entries scroll into view unless the reader scrolled up to look at older ones.
  createEffect(() => {
    props.connection.entries()
    const atEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48
    if (atEnd) queueMicrotask(() => (scroller.scrollTop = scroller.scrollHeight))
  })
  return (
    <div class="sse-log">
      <div class="sse-log-bar">
        <span class="muted" aria-live="polite">
          {sseUi.events}: <span data-testid="sse-count">{sseUi.count(props.connection.received())}</span>
        </span>
        <button type="button" class="button" onClick={() => props.connection.clear()}>
          {sseUi.clear}
        </button>
      </div>
      <Show when={props.connection.hidden() > 0}>
        <p class="muted sse-hidden">{sseUi.hidden(props.connection.hidden())}</p>
      </Show>
      <div class="sse-scroll" ref={scroller}>
        <Show when={props.connection.entries().length > 0} fallback={<p class="muted">{sseUi.noEvents}</p>}>
          <table class="data-table" aria-label={sseUi.eventList}>
            <thead>
              <tr>
                <th scope="col">{sseUi.time}</th>
                <th scope="col">{sseUi.event}</th>
                <th scope="col">{sseUi.id}</th>
                <th scope="col">{sseUi.data}</th>
              </tr>
            </thead>
            <tbody>
              <For each={props.connection.entries()}>{(entry) => <Row entry={entry} />}</For>
            </tbody>
          </table>
        </Show>
      </div>
    </div>
  )
}

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

const two = (n: number) => String(n).padStart(2, '0')
/** `HH:MM:SS.mmm`, written by hand: toLocaleTimeString costs about 0.1 ms a call, too much per event. */
export function clock(at: number): string {
  const t = new Date(at)
  return `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}.${String(t.getMilliseconds()).padStart(3, '0')}`
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
  /**
   * New entries scroll into view unless the reader scrolled up to look at older ones. Known from
   * scroll events, not measured after each batch: that measuring forced a layout of the whole list.
   */
  let atEnd = true
  const onScroll = () => {
    atEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48
  }
  createEffect(() => {
    props.connection.entries()
    if (atEnd) requestAnimationFrame(() => scroller.scrollTo({ top: 1e9 }))
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
      <div class="sse-scroll" ref={scroller} onScroll={onScroll}>
        <Show when={props.connection.entries().length > 0} fallback={<p class="muted">{sseUi.noEvents}</p>}>
          <table class="data-table sse-table" aria-label={sseUi.eventList}>
            <colgroup>
              <col class="sse-col-time" />
              <col class="sse-col-event" />
              <col class="sse-col-id" />
              <col />
            </colgroup>
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

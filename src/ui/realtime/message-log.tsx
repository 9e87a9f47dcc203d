/**
 * A generic, virtualised message log for connection kinds (WebSocket, Server-Sent Events):
 * direction, time, size, a named message's name and id, and a one-line preview per row; a
 * direction filter and a search; the selected message in full as text, pretty JSON or hex. Only
 * the rows in view exist in the DOM, so it keeps every message however many arrive.
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import { toHex } from '../../model/realtime/message-encoding.ts'
import { lineWindow } from '../response-viewer/line-window.ts'
import { filterLog, type Direction, type LogEntry, type MessageLogData } from './log-model.ts'
import { realtimeMessages as m } from './messages-realtime.ts'

const ROW = 40
const PREVIEW = 200
const DETAIL_LIMIT = 1024 * 1024
const decoder = new TextDecoder()

function clock(time: number): string {
  const d = new Date(time)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`
}

function preview(entry: LogEntry): string {
  if (entry.text !== undefined) return entry.text.slice(0, PREVIEW).replace(/\s+/g, ' ')
  return `${m.binary(entry.size)}: ${toHex(entry.bytes ?? new Uint8Array(), 24)}`
}

const ARROWS: Record<Direction, string> = { sent: '↑', received: '↓', info: '•' }
const NAMES: Record<Direction, string> = { sent: m.sent, received: m.received, info: m.info }

type View = 'text' | 'json' | 'hex'

function detail(entry: LogEntry, view: View): string {
  const bytes = entry.bytes
  if (view === 'hex') {
    const source = bytes ?? new TextEncoder().encode(entry.text ?? '')
    return toHex(source, DETAIL_LIMIT / 3)
  }
  const text = entry.text ?? decoder.decode(bytes?.subarray(0, DETAIL_LIMIT))
  if (view === 'json') {
    try {
      return JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      return `${m.notJson}\n\n${text.slice(0, DETAIL_LIMIT)}`
    }
  }
  return text.slice(0, DETAIL_LIMIT)
}

const DIRECTIONS: Direction[] = ['sent', 'received', 'info']
const FILTERS: Record<Direction, string> = {
  sent: m.filterSent,
  received: m.filterReceived,
  info: m.filterInfo,
}

/** Whether the text is a JSON object or array (checked when a row is opened, not per row). */
function isJson(text: string | undefined): boolean {
  const head = text?.trimStart()[0]
  if (head !== '{' && head !== '[') return false
  try {
    JSON.parse(text!)
    return true
  } catch {
    return false
  }
}

export interface MessageLogProps {
  log: MessageLogData
  /** The region's and the list's name (default `Messages`). */
  label?: string
  /** The directions the filter offers (default all). */
  directions?: Direction[]
  empty?: string
  count?: (shown: number, total: number) => string
  /** `Clear` (default: empties the log). */
  onClear?: () => void
  /** An opened message whose text is JSON is shown pretty-printed first. */
  jsonFirst?: boolean
  /** Rows have name and id columns (a Server-Sent Event's `event:` and `id:`), empty for info rows. */
  named?: boolean
}

export function MessageLog(props: MessageLogProps) {
  let viewport!: HTMLDivElement
  const [scrollTop, setScrollTop] = createSignal(0)
  const [height, setHeight] = createSignal(320)
  const [direction, setDirection] = createSignal<Direction | 'all'>('all')
  const [search, setSearch] = createSignal('')
  const [selected, setSelected] = createSignal<number | null>(null)
  const [view, setView] = createSignal<View>('text')
  let follow = true

  const kept = createMemo(() => {
    props.log.version()
    return filterLog(props.log.entries, direction(), search())
  })
  const count = () => {
    props.log.version()
    return kept()?.length ?? props.log.entries.length
  }
  const win = createMemo(() => lineWindow(count(), ROW, scrollTop(), height()))
  const rows = createMemo(() => {
    const { first } = win()
    const total = count()
    const indices = kept()
    const out: number[] = []
    for (let i = first; i < Math.min(total, first + Math.ceil(height() / ROW) + 2); i++)
      out.push(indices ? indices[i]! : i)
    // Keep the newest in view while the user has not scrolled up.
    if (follow) queueMicrotask(() => viewport && (viewport.scrollTop = viewport.scrollHeight))
    return out
  })
  const chosen = () => {
    const index = selected()
    props.log.version()
    return index === null ? undefined : props.log.entries[index]
  }

  return (
    <section class="message-log" aria-label={props.label ?? m.log}>
      <div class="message-log-tools">
        <label class="sr-only" for="message-log-filter">
          {m.filter}
        </label>
        <select
          id="message-log-filter"
          class="input"
          aria-label={m.filter}
          value={direction()}
          onChange={(e) => setDirection(e.currentTarget.value as Direction | 'all')}
        >
          <option value="all">{m.filterAll}</option>
          <For each={props.directions ?? DIRECTIONS}>{(d) => <option value={d}>{FILTERS[d]}</option>}</For>
        </select>
        <input
          class="input message-log-search"
          type="search"
          aria-label={m.search}
          placeholder={m.search}
          value={search()}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
        <span class="muted message-log-count" role="status">
          {(props.count ?? m.count)(count(), (props.log.version(), props.log.entries.length))}
        </span>
        <button
          type="button"
          class="button"
          onClick={() => {
            setSelected(null)
            if (props.onClear) props.onClear()
            else props.log.clear()
          }}
        >
          {m.clear}
        </button>
      </div>
      <div
        class="message-log-viewport"
        ref={(el) => {
          viewport = el
          new ResizeObserver(() => setHeight(el.clientHeight || 320)).observe(el)
        }}
        role="list"
        aria-label={props.label ?? m.log}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget
          follow = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW
          setScrollTop(el.scrollTop)
        }}
      >
        <Show when={count() > 0} fallback={<p class="muted message-log-empty">{props.empty ?? m.empty}</p>}>
          <div style={{ height: `${win().height}px`, position: 'relative' }}>
            <div style={{ transform: `translateY(${win().top}px)` }}>
              <For each={rows()}>
                {(index) => {
                  const entry = () => props.log.entries[index]!
                  return (
                    <button
                      type="button"
                      role="listitem"
                      class={`message-row message-${entry().direction}${entry().error ? ' message-error' : ''}`}
                      classList={{ selected: selected() === index }}
                      aria-label={`${NAMES[entry().direction]} ${clock(entry().time)}`}
                      onClick={() => {
                        setSelected(index)
                        if (props.jsonFirst) setView(isJson(entry().text) ? 'json' : 'text')
                      }}
                    >
                      <span class="message-arrow" aria-hidden="true">
                        {ARROWS[entry().direction]}
                      </span>
                      <span class="message-time muted">{clock(entry().time)}</span>
                      <Show when={props.named}>
                        <span class="message-name">{entry().name}</span>
                        <span class="message-id muted">{entry().id}</span>
                      </Show>
                      <span class="message-size muted">{m.bytes(entry().size)}</span>
                      <span class="message-preview">{preview(entry())}</span>
                    </button>
                  )
                }}
              </For>
            </div>
          </div>
        </Show>
      </div>
      <Show when={chosen()}>
        {(entry) => (
          <div class="message-detail">
            <div class="message-detail-tools" role="group" aria-label={m.view}>
              <For each={['text', 'json', 'hex'] as View[]}>
                {(v) => (
                  <button type="button" class="button" aria-pressed={view() === v} onClick={() => setView(v)}>
                    {v === 'text' ? m.viewText : v === 'json' ? m.viewJson : m.viewHex}
                  </button>
                )}
              </For>
            </div>
            <pre class="message-detail-body" aria-label={m.view}>
              {detail(entry(), view())}
            </pre>
          </div>
        )}
      </Show>
    </section>
  )
}

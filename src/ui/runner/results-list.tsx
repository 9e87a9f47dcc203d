/**
 * The run's results, virtualised: only the rows in view are in the DOM (the response viewer's
 * `lineWindow` places them), so a run of thousands of requests keeps the page light. Filters
 * `All`, `Passed`, `Failed`; a row opens the request as sent and its response.
 */
import { batch, createMemo, createSignal, For, onCleanup, Show } from 'solid-js'
import { formatDuration } from '../history/history-list.ts'
import { runnerMessages as m } from '../messages-runner.ts'
import { lineWindow, MAX_SCROLL_PX } from '../response-viewer/line-window.ts'
import { TestMark } from '../test-results/test-mark.tsx'
import { filterRows, type RowFilter, type RunRow } from './run-record.ts'

const ROW = 44

export interface ResultsListProps {
  rows: () => readonly RunRow[]
  /** Re-read when rows were appended. */
  version: () => number
  onOpen: (index: number) => void
  /** Keeps the newest row in view while the user has not scrolled up (a live run). */
  follow?: boolean
}

export function statusText(row: RunRow): string {
  const { execution } = row
  if (execution.response) return `${execution.response.code} ${execution.response.status}`.trim()
  if (execution.outcome === 'skipped') return m.skipped
  return execution.outcome === 'failed' ? m.requestFailed : m.notSent
}

const FILTERS: [RowFilter, string][] = [
  ['all', m.all],
  ['passed', m.passed],
  ['failed', m.failed],
]

export function ResultsList(props: ResultsListProps) {
  const [filter, setFilter] = createSignal<RowFilter>('all')
  const [scrollTop, setScrollTop] = createSignal(0)
  const [height, setHeight] = createSignal(360)
  // Whether the newest row is kept in view: until the user scrolls up, again once back at the end.
  const [following, setFollowing] = createSignal(true)
  let viewport: HTMLDivElement | undefined

  const kept = createMemo(() => {
    props.version()
    return filterRows(props.rows(), filter())
  })
  const count = () => {
    props.version()
    return kept()?.length ?? props.rows().length
  }
  const follows = () => !!props.follow && following()
  /** The content's height, known without asking the page (rows are ROW px high). */
  const contentHeight = () => Math.min(count() * ROW, MAX_SCROLL_PX)
  // While following, the window is the last rows, placed from the counts alone: no scroll event
  // and no second drawing is needed to show them.
  const top = () => (follows() ? Math.max(0, contentHeight() - height()) : scrollTop())
  const win = createMemo(() => lineWindow(count(), ROW, top(), height()))
  const shown = createMemo(() => {
    const { first } = win()
    const indices = kept()
    const out: number[] = []
    const end = Math.min(count(), first + Math.ceil(height() / ROW) + 2)
    for (let i = first; i < end; i++) out.push(indices ? indices[i]! : i)
    return out
  })
  /**
   * The viewport is scrolled to the end from a ResizeObserver on the content, which is told after
   * the page laid the new rows out: setting scrollTop then forces no layout of its own (from a
   * microtask after the rows were drawn, it did, every time rows came in).
   */
  const stickToEnd = (content: HTMLElement) => {
    const observer = new ResizeObserver(() => {
      if (follows() && viewport) viewport.scrollTop = content.offsetHeight
    })
    observer.observe(content)
    onCleanup(() => observer.disconnect())
  }

  return (
    <section class="runner-results" aria-label={m.results}>
      <div class="segmented runner-filters" role="group" aria-label={m.filter}>
        <For each={FILTERS}>
          {([value, label]) => (
            <button
              type="button"
              class="button"
              aria-pressed={filter() === value}
              onClick={() => {
                batch(() => {
                  setFilter(value)
                  setScrollTop(0)
                })
                // From the top; following again only if the kept rows fit in view.
                setFollowing(contentHeight() <= height())
                if (viewport) viewport.scrollTop = 0
              }}
            >
              {label}
            </button>
          )}
        </For>
      </div>
      <div
        class="runner-viewport"
        role="list"
        aria-label={m.results}
        ref={(el) => {
          viewport = el
          new ResizeObserver(() => setHeight(el.clientHeight || 360)).observe(el)
        }}
        onScroll={(e) => {
          // The content's height comes from the counts, the viewport's from its ResizeObserver:
          // a scroll reads no layout but the scroll position.
          const at = e.currentTarget.scrollTop
          batch(() => {
            setFollowing(at + height() >= contentHeight() - ROW)
            setScrollTop(at)
          })
        }}
      >
        <Show
          when={count() > 0}
          fallback={<p class="muted runner-empty">{props.rows().length > 0 ? m.noneMatch : m.noResults}</p>}
        >
          <div ref={stickToEnd} style={{ height: `${win().height}px`, position: 'relative' }}>
            <div style={{ transform: `translateY(${win().top}px)` }}>
              <For each={shown()}>
                {(index) => <ResultRow row={props.rows()[index]!} index={index} onOpen={props.onOpen} />}
              </For>
            </div>
          </div>
        </Show>
      </div>
    </section>
  )
}

function ResultRow(props: { row: RunRow; index: number; onOpen: (index: number) => void }) {
  const tests = () => props.row.execution.tests
  const passed = () => tests().filter((t) => t.passed).length
  const time = () => props.row.execution.response?.responseTime
  return (
    <div role="listitem" class="runner-row-item">
      <button
        type="button"
        class="runner-row"
        classList={{ failed: props.row.failed }}
        aria-label={m.rowLabel(
          props.row.iteration,
          props.row.method,
          props.row.execution.name,
          statusText(props.row),
        )}
        onClick={() => props.onOpen(props.index)}
      >
        <span class="runner-row-iteration muted">#{props.row.iteration}</span>
        <span class="runner-row-method">{props.row.method}</span>
        <span class="runner-row-name">{props.row.execution.name}</span>
        <span class="runner-row-status" classList={{ 'error-text': props.row.failed }}>
          {statusText(props.row)}
        </span>
        <span class="runner-row-time muted">{time() === undefined ? '–' : formatDuration(time())}</span>
        <span class="runner-row-tests">
          <Show when={tests().length > 0} fallback={<span class="muted">{m.noTests}</span>}>
            <TestMark passed={passed() === tests().length} /> {m.testsCount(passed(), tests().length)}
          </Show>
        </span>
      </button>
    </div>
  )
}

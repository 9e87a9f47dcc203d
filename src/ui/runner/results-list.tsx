/**
 * The run's results, virtualised: only the rows in view are in the DOM (the response viewer's
 * `lineWindow` places them), so a run of thousands of requests keeps the page light. Filters
 * `All`, `Passed`, `Failed`; a row opens the request as sent and its response.
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import { formatDuration } from '../history/history-list.ts'
import { runnerMessages as m } from '../messages-runner.ts'
import { lineWindow } from '../response-viewer/line-window.ts'
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
  let viewport: HTMLDivElement | undefined
  let following = true
  let followed = -1

  const kept = createMemo(() => {
    props.version()
    return filterRows(props.rows(), filter())
  })
  const count = () => {
    props.version()
    return kept()?.length ?? props.rows().length
  }
  const win = createMemo(() => lineWindow(count(), ROW, scrollTop(), height()))
  const shown = createMemo(() => {
    const { first } = win()
    const indices = kept()
    const out: number[] = []
    const end = Math.min(count(), first + Math.ceil(height() / ROW) + 2)
    for (let i = first; i < end; i++) out.push(indices ? indices[i]! : i)
    // Keeps the newest row in view: the content's height is known, so nothing forces a layout here.
    const total = count()
    if (props.follow && following && total !== followed) {
      followed = total
      const bottom = win().height
      queueMicrotask(() => viewport && (viewport.scrollTop = bottom))
    }
    return out
  })

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
                setFilter(value)
                setScrollTop(0)
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
          const el = e.currentTarget
          following = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW
          setScrollTop(el.scrollTop)
        }}
      >
        <Show
          when={count() > 0}
          fallback={<p class="muted runner-empty">{props.rows().length > 0 ? m.noneMatch : m.noResults}</p>}
        >
          <div style={{ height: `${win().height}px`, position: 'relative' }}>
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

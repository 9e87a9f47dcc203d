/**
 * Per-request history: the clock button next to the URL lists earlier runs of the saved request
 * (status, duration, time); choosing one shows that response as it was, and a chip next to the
 * request name returns to the current one.
 */
import { createSignal, Show } from 'solid-js'
import type { RunEntry, TabState } from '../../model/workspace/api.ts'
import { Menu } from '../menus/menu.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { formatDuration, timeOfDay } from './history-list.ts'
import Clock from 'lucide-solid/icons/clock'

export function runLabel(run: RunEntry): string {
  const head =
    run.outcome === 'done'
      ? `${run.status ?? ''} · ${formatDuration(run.durationMs)}`
      : run.outcome === 'failed'
        ? messages.runFailed
        : messages.runNotSent
  return `${head} · ${timeOfDay(run.time)}`
}

export function RunHistoryButton(props: { tab: TabState }) {
  const store = useStore()
  const [menu, setMenu] = createSignal<{ x: number; y: number } | null>(null)
  const requestId = () => props.tab.savedRequestId
  const runs = () => {
    const id = requestId()
    return id ? store.history.runs(id) : []
  }
  return (
    <>
      <button
        type="button"
        class="icon-button run-history-button"
        aria-label={messages.runHistory}
        title={messages.runHistory}
        disabled={!requestId()}
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect()
          setMenu({ x: rect.left, y: rect.bottom })
        }}
      >
        <Clock size={18} />
      </button>
      <Show when={menu()} keyed>
        {(at) => (
          <Menu
            label={messages.runHistory}
            x={at.x}
            y={at.y}
            onClose={() => setMenu(null)}
            items={
              runs().length === 0
                ? [{ label: messages.noRuns }]
                : runs().map((run) => ({
                    label: runLabel(run),
                    action: () => store.history.viewRun(props.tab.id, run.id),
                  }))
            }
          />
        )}
      </Show>
    </>
  )
}

/** Shown next to the request name while an older run is open. */
export function RunChip(props: { tab: TabState }) {
  const store = useStore()
  const run = () => store.history.viewedRun(props.tab.id, props.tab.savedRequestId)
  return (
    <Show when={run()} keyed>
      {(r) => (
        <span class="run-chip">
          <span>{messages.viewingRun(timeOfDay(r.time))}</span>
          <button type="button" class="button" onClick={() => store.history.viewRun(props.tab.id, null)}>
            {messages.backToCurrent}
          </button>
        </span>
      )}
    </Show>
  )
}

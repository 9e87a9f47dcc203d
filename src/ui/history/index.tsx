/**
 * The sidebar `Verlauf`: sent requests grouped by day, newest first, with a search over URL and
 * method and `Verlauf löschen` behind a confirmation. Clicking an entry fills the current tab
 * when it is empty, otherwise opens a new one.
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { KindBadge } from '../kind-badge.tsx'
import { messages } from '../messages.ts'
import './history.css'
import { useStore } from '../store/context.tsx'
import { filterHistory, groupByDay, timeOfDay, urlParts } from './history-list.ts'

export function HistoryPanel() {
  const { history } = useStore()
  const [query, setQuery] = createSignal('')
  const [confirming, setConfirming] = createSignal(false)
  const groups = createMemo(() => groupByDay(filterHistory(history.entries(), query()), Date.now()))

  return (
    <nav class="sidebar history-panel" aria-label={messages.history}>
      <div class="sidebar-header">
        <h2 class="sidebar-title">{messages.history}</h2>
        <button
          type="button"
          class="button"
          disabled={history.entries().length === 0}
          onClick={() => setConfirming(true)}
        >
          {messages.clearHistory}
        </button>
      </div>
      <input
        class="input history-search"
        type="search"
        aria-label={messages.searchHistory}
        placeholder={messages.searchHistory}
        value={query()}
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      <div class="history-list">
        <Show
          when={history.entries().length > 0}
          fallback={<p class="muted sidebar-empty">{messages.emptyHistory}</p>}
        >
          <Show
            when={groups().length > 0}
            fallback={<p class="muted sidebar-empty">{messages.noHistoryMatch}</p>}
          >
            <For each={groups()}>
              {(group) => (
                <section class="history-day" aria-label={group.label}>
                  <h3 class="history-day-title">{group.label}</h3>
                  <ul class="history-entries">
                    <For each={group.entries}>
                      {(entry) => (
                        <li>
                          <button
                            type="button"
                            class="history-entry"
                            classList={{ failed: entry.outcome !== 'done' }}
                            onClick={() => history.openHistoryEntry(entry)}
                          >
                            <KindBadge kind={entry.kind} method={entry.method} />
                            <span class="history-url" title={entry.url}>
                              <span class="history-path">{urlParts(entry.url).path}</span>
                              <span class="history-host muted">{urlParts(entry.url).host}</span>
                            </span>
                            <time class="muted history-time" dateTime={new Date(entry.time).toISOString()}>
                              {timeOfDay(entry.time)}
                            </time>
                          </button>
                        </li>
                      )}
                    </For>
                  </ul>
                </section>
              )}
            </For>
          </Show>
        </Show>
      </div>
      <Show when={confirming()}>
        <Dialog title={messages.clearHistoryTitle} onClose={() => setConfirming(false)}>
          <p>{messages.clearHistoryBody}</p>
          <div class="dialog-actions">
            <button type="button" class="button" onClick={() => setConfirming(false)}>
              {messages.cancel}
            </button>
            <button
              type="button"
              class="button danger"
              onClick={() => {
                setConfirming(false)
                history.clearHistory()
              }}
            >
              {messages.clearHistory}
            </button>
          </div>
        </Dialog>
      </Show>
    </nav>
  )
}

/** `Alle Tabs`: every open tab, searchable, and `Alle schließen` (closes all, opens a fresh one). */
import { createSignal, For } from 'solid-js'
import { Dialog } from '../dialogs/dialog.tsx'
import { KindBadge } from '../kind-badge.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { displayName } from '../store/request-name.ts'
import { matchesTabSearch } from './tab-order.ts'
import Circle from 'lucide-solid/icons/circle'

export function AllTabs() {
  const { tabs, ui } = useStore()
  const [query, setQuery] = createSignal('')
  const close = () => ui.closeDialog()
  const shown = () =>
    tabs.state.tabs
      .map((tab) => ({ tab, name: displayName(tab.draft.name, tab.draft.url, messages.untitled) }))
      .filter(({ tab, name }) =>
        matchesTabSearch(query(), { name, method: tab.draft.method, url: tab.draft.url }),
      )

  return (
    <Dialog title={messages.allTabs} onClose={close}>
      <input
        class="input"
        type="search"
        aria-label={messages.searchTabs}
        placeholder={messages.searchTabs}
        value={query()}
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      <ul class="all-tabs-list" aria-label={messages.allTabs}>
        <For each={shown()}>
          {({ tab, name }) => (
            <li>
              <button
                type="button"
                class="all-tabs-item"
                classList={{ active: tabs.state.activeTabId === tab.id }}
                onClick={() => {
                  tabs.activateTab(tab.id)
                  close()
                }}
              >
                <KindBadge kind={tab.draft.kind} method={tab.draft.method} />
                <span class="tab-name">{name}</span>
                {tab.dirty ? (
                  <Circle size={10} fill="currentColor" role="img" aria-label={messages.unsavedChanges} />
                ) : null}
              </button>
            </li>
          )}
        </For>
      </ul>
      <div class="dialog-actions">
        <button
          type="button"
          class="button danger"
          onClick={() => {
            // Closed first: closing may ask about unsaved changes in a dialog of its own.
            close()
            tabs.closeAllAndOpenFresh()
          }}
        >
          {messages.closeAll}
        </button>
        <button type="button" class="button" onClick={close}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}

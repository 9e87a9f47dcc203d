/** The tab bar: tabs (drag to reorder), `+` with the request kinds, and the `Alle Tabs` list. */
import { createSignal, For, Show } from 'solid-js'
import { REQUEST_KINDS } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { Menu } from '../menus/menu.tsx'
import { KIND_VIEWS } from '../request-kinds.tsx'
import { useStore } from '../store/context.tsx'
import { Tab } from './tab.tsx'
import { tabDropIndex } from './tab-order.ts'
import ChevronDown from 'lucide-solid/icons/chevron-down'
import Plus from 'lucide-solid/icons/plus'
import X from 'lucide-solid/icons/x'

export function TabBar() {
  const { tabs, ui } = useStore()
  const [newMenu, setNewMenu] = createSignal<{ x: number; y: number } | null>(null)
  const [dragFrom, setDragFrom] = createSignal<number | null>(null)
  const [hint, setHint] = createSignal<{ index: number; after: boolean } | null>(null)

  const sideOf = (e: DragEvent) => {
    const rect = (e.currentTarget as HTMLElement).getBoundingClientRect()
    return e.clientX > rect.left + rect.width / 2
  }

  return (
    <div class="tab-bar">
      <div class="tabs" role="tablist" aria-label="Tabs">
        <For each={tabs.state.tabs}>
          {(tab, index) => (
            <Tab
              tab={tab}
              index={index()}
              dropSide={hint()?.index === index() ? (hint()?.after ? 'after' : 'before') : null}
              onDragStart={(e) => {
                setDragFrom(index())
                e.dataTransfer?.setData('text/plain', tab.draft.name)
                if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'
              }}
              onDragOver={(e) => {
                if (dragFrom() === null) return
                e.preventDefault()
                setHint({ index: index(), after: sideOf(e) })
              }}
              onDrop={(e) => {
                const from = dragFrom()
                setHint(null)
                setDragFrom(null)
                if (from === null) return
                e.preventDefault()
                const to = tabDropIndex(from, index(), sideOf(e))
                const moving = tabs.state.tabs[from]
                if (moving && to !== from) tabs.moveTab(moving.id, to)
              }}
              onDragEnd={() => {
                setHint(null)
                setDragFrom(null)
              }}
            />
          )}
        </For>
        <Show when={ui.runner()}>
          <div
            class="tab runner-tab"
            classList={{ active: ui.runnerShown() }}
            role="tab"
            aria-selected={ui.runnerShown()}
            aria-label={messages.collectionRunner}
            tabindex={ui.runnerShown() ? 0 : -1}
            onClick={() => ui.showRunner(true)}
            onKeyDown={(e) => e.key === 'Delete' && ui.closeRunner()}
          >
            <span class="tab-name">{messages.collectionRunner}</span>
            <button
              type="button"
              class="icon-button tab-close"
              aria-label={messages.closeRunner}
              title={messages.closeRunner}
              onClick={(e) => {
                e.stopPropagation()
                ui.closeRunner()
              }}
            >
              <X size={16} />
            </button>
          </div>
        </Show>
        <button
          type="button"
          class="icon-button tab-new"
          aria-label={messages.newTabMenu}
          title={messages.newTabMenu}
          aria-haspopup="menu"
          onClick={(e) => {
            const rect = e.currentTarget.getBoundingClientRect()
            setNewMenu({ x: rect.left, y: rect.bottom })
          }}
        >
          <Plus size={18} />
        </button>
      </div>
      <button
        type="button"
        class="icon-button"
        aria-label={messages.allTabs}
        title={messages.allTabs}
        onClick={() => ui.openDialog({ kind: 'all-tabs' })}
      >
        <ChevronDown size={18} />
      </button>
      <Show when={newMenu()}>
        {(at) => (
          <Menu
            label={messages.newTabMenu}
            x={at().x}
            y={at().y}
            onClose={() => setNewMenu(null)}
            items={REQUEST_KINDS.map((kind) => ({
              label: KIND_VIEWS[kind].label,
              action: () => tabs.newTab(kind),
            }))}
          />
        )}
      </Show>
    </div>
  )
}

/** One tab: method, name, and a close button that shows a dot while there are unsaved changes. */
import { createSignal, Show } from 'solid-js'
import type { TabState } from '../../model/workspace/api.ts'
import { PresenceMarker } from '../collab/presence.tsx'
import { KindBadge } from '../kind-badge.tsx'
import { messages } from '../messages.ts'
import { attachDragAndMenu, makeContextTrigger, type DragHandlers } from '../menus/context-trigger.ts'
import { Menu, type MenuItem } from '../menus/menu.tsx'
import { useStore } from '../store/context.tsx'
import { displayName } from '../store/request-name.ts'
import Circle from 'lucide-solid/icons/circle'
import X from 'lucide-solid/icons/x'

export interface TabProps extends DragHandlers {
  tab: TabState
  index: number
  dropSide: 'before' | 'after' | null
}

export function Tab(props: TabProps) {
  const { tabs, tree, saving, ui, docs, collab } = useStore()
  const [menu, setMenu] = createSignal<{ x: number; y: number } | null>(null)
  const trigger = makeContextTrigger((x, y) => setMenu({ x, y }))
  const name = () => displayName(props.tab.draft.name, props.tab.draft.url, messages.untitled)
  const active = () => !ui.runnerShown() && tabs.state.activeTabId === props.tab.id
  /** Its request was deleted while the tab held unsaved edits: Save asks where to save them. */
  const deleted = () => {
    docs.workspaceVersion()
    const id = props.tab.savedRequestId
    return !!id && tree.itemType(id) === undefined
  }

  /** The dot stays until a save is on the disk (store/durable-commit.ts). */
  const unsaved = () => props.tab.dirty || saving.tabSaving(props.tab.id)

  const items = (): MenuItem[] => [
    { label: messages.newTab, action: () => tabs.newTab('http') },
    { label: messages.duplicateTab, action: () => tabs.duplicateTab(props.tab.id) },
    { label: messages.closeOthers, action: () => tabs.closeOtherTabs(props.tab.id) },
    { label: messages.closeTab, action: () => tabs.closeTab(props.tab.id) },
    { label: messages.closeAllTabs, action: () => tabs.closeAllTabs() },
  ]

  return (
    <div
      ref={(el) => attachDragAndMenu(el, trigger, props)}
      class="tab"
      classList={{
        active: active(),
        dirty: unsaved(),
        [`drop-${props.dropSide}`]: props.dropSide !== null,
      }}
      role="tab"
      aria-selected={active()}
      aria-label={name()}
      tabindex={active() ? 0 : -1}
      draggable={true}
      data-tab-id={props.tab.id}
      onClick={() => tabs.activateTab(props.tab.id)}
      onAuxClick={(e) => {
        if (e.button === 1) tabs.closeTab(props.tab.id)
      }}
      onKeyDown={(e) => {
        trigger.onKeyDown(e)
        if (e.key === 'Delete') tabs.closeTab(props.tab.id)
      }}
    >
      <Show when={deleted()}>
        <span class="tab-deleted" title={messages.deletedRequestHint}>
          {messages.deletedRequest}
        </span>
      </Show>
      <KindBadge kind={props.tab.draft.kind} method={props.tab.draft.method} />
      <span class="tab-name">{name()}</span>
      <PresenceMarker peers={collab?.peersOn(props.tab.savedRequestId) ?? []} />
      <button
        type="button"
        class="icon-button tab-close"
        aria-label={messages.closeTabNamed(name())}
        title={unsaved() ? messages.unsavedChanges : messages.closeTab}
        data-dirty={unsaved() ? 'true' : 'false'}
        onClick={(e) => {
          e.stopPropagation()
          tabs.closeTab(props.tab.id)
        }}
      >
        <Show when={unsaved()} fallback={<X size={16} />}>
          <Circle size={10} fill="currentColor" />
        </Show>
      </button>
      <Show when={menu()}>
        {(at) => <Menu items={items()} x={at().x} y={at().y} label={name()} onClose={() => setMenu(null)} />}
      </Show>
    </div>
  )
}

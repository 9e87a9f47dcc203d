/** One row of the sidebar tree: twisty, icon or method, name (or its rename field) and `⋯`. */
import { createSignal, Show } from 'solid-js'
import type { TreeRow } from '../../model/workspace/api.ts'
import { PresenceMarker } from '../collab/presence.tsx'
import { KindBadge } from '../kind-badge.tsx'
import { messages } from '../messages.ts'
import { attachDragAndMenu, makeContextTrigger, type DragHandlers } from '../menus/context-trigger.ts'
import { Menu, type MenuItem } from '../menus/menu.tsx'
import { useStore } from '../store/context.tsx'
import type { DropPosition } from './tree-rows.ts'
import ChevronDown from 'lucide-solid/icons/chevron-down'
import ChevronRight from 'lucide-solid/icons/chevron-right'
import Ellipsis from 'lucide-solid/icons/ellipsis'
import Folder from 'lucide-solid/icons/folder'
import Library from 'lucide-solid/icons/library'

export const ROW_HEIGHT = 40

export interface TreeRowProps extends DragHandlers {
  row: TreeRow
  /** Offset in the list, in pixels: pooled rows are placed, not flowed. */
  top: number
  dropHint: DropPosition | null
}

export function TreeRowView(props: TreeRowProps) {
  const store = useStore()
  const [menu, setMenu] = createSignal<{ x: number; y: number } | null>(null)
  const trigger = makeContextTrigger((x, y) => setMenu({ x, y }))
  const row = () => props.row
  const name = () => row().name || messages.untitled
  const isContainer = () => row().type !== 'request'
  const renaming = () => store.ui.renamingItem() === row().id

  const items = (): MenuItem[] => {
    const id = row().id
    const common: MenuItem[] = [
      { label: messages.rename, action: () => store.ui.setRenamingItem(id) },
      { label: messages.duplicate, action: () => store.tree.duplicateItem(id) },
    ]
    const del: MenuItem = {
      label: messages.delete,
      danger: true,
      action: () => store.ui.openDialog({ kind: 'confirm-delete', id, name: name() }),
    }
    if (!isContainer())
      return [
        ...common,
        {
          label: messages.generateCode,
          action: () => store.ui.openDialog({ kind: 'generate-code', source: { requestId: id } }),
        },
        del,
      ]
    return [
      {
        label: messages.add,
        children: [
          { label: messages.addRequest, action: () => store.tree.addRequest(id) },
          { label: messages.addFolder, action: () => store.tree.addFolder(id) },
        ],
      },
      ...common,
      {
        label: messages.run,
        action: () => {
          store.ui.openRunner({ containerId: id })
          if (matchMedia('(max-width: 900px)').matches) store.ui.setSidebarOpen(false)
        },
      },
      { label: messages.settings, action: () => store.ui.openDialog({ kind: 'container-settings', id }) },
      ...(row().type === 'collection'
        ? [
            {
              label: messages.export,
              action: () =>
                store.ui.openDialog({ kind: 'export', target: { kind: 'collection', id }, name: name() }),
            },
            ...(store.collab
              ? [
                  {
                    label: messages.mockServer,
                    action: () => store.ui.openDialog({ kind: 'mock-server', id, name: name() }),
                  },
                ]
              : []),
          ]
        : []),
      del,
    ]
  }

  const activate = () => {
    if (renaming()) return
    if (isContainer()) store.tree.toggleExpanded(row().id)
    else {
      store.tree.openRequest(row().id)
      // Where the sidebar overlays the workbench, get it out of the way of the opened request.
      if (matchMedia('(max-width: 900px)').matches) store.ui.setSidebarOpen(false)
    }
  }

  return (
    <div
      ref={(el) => attachDragAndMenu(el, trigger, props)}
      role="treeitem"
      class="tree-row"
      classList={{
        [`drop-${props.dropHint}`]: props.dropHint !== null,
        container: isContainer(),
      }}
      aria-level={row().depth + 1}
      aria-expanded={isContainer() ? row().expanded : undefined}
      aria-label={name()}
      data-id={row().id}
      tabindex="0"
      draggable={!renaming()}
      style={{ 'padding-left': `${row().depth * 14 + 4}px`, transform: `translateY(${props.top}px)` }}
      onClick={activate}
      onKeyDown={(e) => {
        trigger.onKeyDown(e)
        if (e.target !== e.currentTarget) return
        if (e.key === 'Enter') activate()
        else if (e.key === 'F2') {
          // The row's own rename, not the active tab's.
          e.stopPropagation()
          store.ui.setRenamingItem(row().id)
        }
      }}
    >
      <Show when={isContainer()} fallback={<KindBadge kind={row().kind} method={row().method ?? 'GET'} />}>
        <span class="twisty" aria-hidden="true">
          <Show when={row().expanded} fallback={<ChevronRight size={16} />}>
            <ChevronDown size={16} />
          </Show>
        </span>
        <span class="row-icon" aria-hidden="true">
          <Show when={row().type === 'collection'} fallback={<Folder size={16} />}>
            <Library size={16} />
          </Show>
        </span>
      </Show>
      <Show when={renaming()} fallback={<span class="row-name">{name()}</span>}>
        <RenameField
          value={row().name}
          onDone={(name) => {
            store.ui.setRenamingItem(null)
            if (name !== null && name !== row().name) store.tree.renameItem(row().id, name)
          }}
        />
      </Show>
      <PresenceMarker peers={store.collab?.peersOn(row().id) ?? []} />
      <button
        type="button"
        class="icon-button row-more"
        aria-label={messages.moreActions(name())}
        aria-haspopup="menu"
        onClick={(e) => {
          e.stopPropagation()
          const rect = e.currentTarget.getBoundingClientRect()
          setMenu({ x: rect.left, y: rect.bottom })
        }}
      >
        <Ellipsis size={18} />
      </button>
      <Show when={menu()}>
        {(at) => <Menu items={items()} x={at().x} y={at().y} label={name()} onClose={() => setMenu(null)} />}
      </Show>
    </div>
  )
}

/** In-place rename: Enter keeps, Escape cancels, leaving the field keeps. */
export function RenameField(props: { value: string; label?: string; onDone: (name: string | null) => void }) {
  let done = false
  const finish = (name: string | null) => {
    if (done) return
    done = true
    props.onDone(name)
  }
  return (
    <input
      class="input rename-input"
      aria-label={props.label ?? messages.rename}
      value={props.value}
      ref={(el) => queueMicrotask(() => (el.focus(), el.select()))}
      enterkeyhint="done"
      onClick={(e) => e.stopPropagation()}
      // Native, so it stops before the row's own (native) long-press listener.
      on:pointerdown={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Enter') finish(e.currentTarget.value)
        else if (e.key === 'Escape') finish(null)
      }}
      onBlur={(e) => finish(e.currentTarget.value)}
    />
  )
}

/** One row of the sidebar tree: twisty, icon or method, name (or its rename field) and `⋯`. */
import { createMemo, createRenderEffect, createSignal, Show, untrack } from 'solid-js'
import type { TreeRow } from '../../model/workspace/api.ts'
import { PresenceMarker } from '../collab/presence.tsx'
import { badgeLook } from '../kind-badge.tsx'
import { messages } from '../messages.ts'
import { attachDragAndMenu, makeContextTrigger, type DragHandlers } from '../menus/context-trigger.ts'
import { Menu, type MenuItem } from '../menus/menu.tsx'
import { useStore } from '../store/context.tsx'
import type { DropPosition } from './tree-rows.ts'
import { RenameField } from './rename-field.tsx'
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
  const isContainer = createMemo(() => row().type !== 'request')
  const renaming = createMemo(() => store.ui.renamingItem() === row().id)

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

  // The row's own element and the parts its data changes: one render effect sets what changed
  // (scrolling hands each pooled row a new request every frame; one computation per row instead
  // of one per attribute and text keeps that frame short at a 4x CPU slowdown).
  let el!: HTMLDivElement
  let more!: HTMLButtonElement
  const label = (<span class="row-name" />) as HTMLSpanElement
  const badge = (<span class="method" />) as HTMLSpanElement
  const view = (
    <div
      ref={(div) => {
        el = div
        attachDragAndMenu(div, trigger, props)
      }}
      role="treeitem"
      class="tree-row"
      tabindex="0"
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
      <Show when={isContainer()} fallback={badge}>
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
      <Show when={renaming()} fallback={label}>
        {untrack(() => {
          // The item this field renames: the pooled element may show another row by the time it is done.
          const { id, name: was } = row()
          return (
            <RenameField
              value={was}
              draft={store.ui.renameDraft}
              onDone={(name) => {
                store.ui.setRenamingItem(null)
                if (name !== null && name !== was) store.tree.renameItem(id, name)
              }}
            />
          )
        })}
      </Show>
      {store.collab && <PresenceMarker peers={store.collab.peersOn(row().id)} />}
      <button
        ref={more}
        type="button"
        class="icon-button row-more"
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
  createRenderEffect((shown: Shown) => {
    const current = row()
    const next: Shown = {
      name: name(),
      id: current.id,
      depth: current.depth,
      expanded: isContainer() ? String(current.expanded) : null,
      draggable: !renaming(),
      top: props.top,
      hint: props.dropHint,
      ...(isContainer() ? { badge: '', badgeClass: '' } : badgeParts(current)),
    }
    applyRow({ el, label, more, badge }, shown, next)
    return next
  }, EMPTY)
  return view
}

/** What a row element shows, as last set (compared field by field, so unchanged ones stay). */
interface Shown {
  name: string
  id: string
  depth: number
  expanded: string | null
  draggable: boolean
  top: number
  hint: DropPosition | null
  badge: string
  badgeClass: string
}

const EMPTY: Shown = {
  name: '',
  id: '',
  depth: -1,
  expanded: null,
  draggable: false,
  top: -1,
  hint: null,
  badge: '',
  badgeClass: '',
}

function badgeParts(row: TreeRow): { badge: string; badgeClass: string } {
  const look = badgeLook(row.kind, row.method ?? 'GET')
  return { badge: look.text, badgeClass: look.className }
}

function applyRow(
  parts: { el: HTMLElement; label: HTMLElement; more: HTMLElement; badge: HTMLElement },
  was: Shown,
  now: Shown,
): void {
  const { el, label, more, badge } = parts
  if (now.name !== was.name) {
    el.setAttribute('aria-label', now.name)
    label.textContent = now.name
    more.setAttribute('aria-label', messages.moreActions(now.name))
  }
  if (now.id !== was.id) el.dataset.id = now.id
  if (now.depth !== was.depth) {
    el.setAttribute('aria-level', String(now.depth + 1))
    el.style.paddingLeft = `${now.depth * 14 + 4}px`
  }
  if (now.expanded !== was.expanded) {
    if (now.expanded === null) el.removeAttribute('aria-expanded')
    else el.setAttribute('aria-expanded', now.expanded)
    el.classList.toggle('container', now.expanded !== null)
  }
  if (now.draggable !== was.draggable) el.draggable = now.draggable
  if (now.top !== was.top) el.style.transform = `translateY(${now.top}px)`
  if (now.hint !== was.hint) {
    if (was.hint) el.classList.remove(`drop-${was.hint}`)
    if (now.hint) el.classList.add(`drop-${now.hint}`)
  }
  if (now.badge !== was.badge) badge.textContent = now.badge
  if (now.badgeClass !== was.badgeClass) badge.className = now.badgeClass
}

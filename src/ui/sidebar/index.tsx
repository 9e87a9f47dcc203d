/**
 * The collections sidebar: a virtualized tree, so a workspace of 10,000 requests renders only
 * the rows in view. Rows come flat from the data layer; drag and drop moves and reorders.
 */
import { createMemo, createSignal, Index, onCleanup, onMount, Show } from 'solid-js'
import { CollabBar } from '../collab/collab-bar.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { TreeRowView, ROW_HEIGHT } from './tree-row.tsx'
import {
  dropPositionAt,
  dropTarget,
  poolSize,
  slotPosition,
  visibleRange,
  type DropPosition,
} from './tree-rows.ts'
import Plus from 'lucide-solid/icons/plus'
import ArchiveRestore from 'lucide-solid/icons/archive-restore'
import Upload from 'lucide-solid/icons/upload'

export function Sidebar() {
  const { tree, ui, collab } = useStore()
  let viewport!: HTMLDivElement
  const [scrollTop, setScrollTop] = createSignal(0)
  const [height, setHeight] = createSignal(600)
  // The dragged item's id, not its row: the tree can change while the pointer is down (a synced
  // edit, a folder opening after the last drop), and a row index would then name another item.
  const [dragged, setDragged] = createSignal<string | null>(null)
  const dragFrom = () => {
    const id = dragged()
    const at = id === null ? -1 : rows().findIndex((r) => r.id === id)
    return at < 0 ? null : at
  }
  const [hint, setHint] = createSignal<{ pos: number; position: DropPosition } | null>(null)

  const rows = tree.rows
  const range = createMemo(() => visibleRange(scrollTop(), height(), ROW_HEIGHT, rows().length), undefined, {
    equals: (a, b) => a.start === b.start && a.end === b.end,
  })
  // A fixed pool of row elements, created once per viewport height: scrolling hands new rows to
  // the elements that left the window and leaves the rest alone (see `slotPosition`).
  const pool = createMemo(() => Array.from({ length: poolSize(height(), ROW_HEIGHT) }, (_, slot) => slot))

  // One re-render per frame however many scroll events arrive in it.
  let frame = 0
  const onScroll = () => {
    if (frame) return
    frame = requestAnimationFrame(() => {
      frame = 0
      setScrollTop(viewport.scrollTop)
    })
  }
  onCleanup(() => cancelAnimationFrame(frame))

  onMount(() => {
    const observer = new ResizeObserver(() => setHeight(viewport.clientHeight))
    observer.observe(viewport)
    onCleanup(() => observer.disconnect())
  })

  const targetFor = (e: DragEvent, pos: number) => {
    const from = dragFrom()
    const row = rows()[pos]
    if (from === null || !row) return null
    const rect = (e.currentTarget as HTMLElement).getBoundingClientRect()
    const position = dropPositionAt(e.clientY - rect.top, ROW_HEIGHT, row.type)
    const target = dropTarget(rows(), from, pos, position)
    return target && { target, position }
  }

  return (
    <nav class="sidebar" aria-label={messages.collections}>
      <CollabBar />
      <div class="sidebar-header">
        <h2 class="sidebar-title">{messages.collections}</h2>
        <Show when={!collab?.readOnly}>
          <button
            type="button"
            class="button sidebar-import"
            onClick={() => ui.openDialog({ kind: 'import' })}
          >
            <Upload size={16} aria-hidden="true" />
            <span>{messages.import}</span>
          </button>
          <button
            type="button"
            class="icon-button"
            aria-label={messages.newCollection}
            title={messages.newCollection}
            onClick={() => {
              const id = tree.createCollection()
              ui.setRenamingItem(id ?? null)
            }}
          >
            <Plus size={18} />
          </button>
          <button
            type="button"
            class="icon-button"
            aria-label={messages.recentlyDeleted}
            title={messages.recentlyDeleted}
            onClick={() => ui.openDialog({ kind: 'recently-deleted' })}
          >
            <ArchiveRestore size={18} />
          </button>
        </Show>
      </div>
      <Show when={rows().length === 0}>
        <p class="muted sidebar-empty">{messages.emptyWorkspace}</p>
      </Show>
      <div
        ref={viewport}
        class="tree-viewport"
        role="tree"
        aria-label={messages.collections}
        onScroll={onScroll}
      >
        <div class="tree-spacer" style={{ height: `${rows().length * ROW_HEIGHT}px` }}>
          <Index each={pool()}>
            {(slot) => {
              const pos = createMemo(() => slotPosition(slot(), range(), pool().length))
              // Same row object while the tree is unchanged: scrolling past it updates nothing.
              const row = createMemo(() => (pos() < 0 ? undefined : rows()[pos()]))
              return (
                <Show when={row()}>
                  {(current) => (
                    <TreeRowView
                      row={current()}
                      top={pos() * ROW_HEIGHT}
                      dropHint={hint()?.pos === pos() ? (hint()?.position ?? null) : null}
                      onDragStart={(e) => {
                        setDragged(current().id)
                        e.dataTransfer?.setData('text/plain', current().name)
                        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'
                      }}
                      onDragOver={(e) => {
                        const found = targetFor(e, pos())
                        if (!found) return setHint(null)
                        e.preventDefault()
                        setHint({ pos: pos(), position: found.position })
                      }}
                      onDrop={(e) => {
                        const found = targetFor(e, pos())
                        const id = dragged()
                        setHint(null)
                        setDragged(null)
                        if (!found || id === null) return
                        e.preventDefault()
                        tree.moveItem(id, found.target)
                      }}
                      onDragEnd={() => {
                        setHint(null)
                        setDragged(null)
                      }}
                    />
                  )}
                </Show>
              )
            }}
          </Index>
        </div>
      </div>
    </nav>
  )
}

/**
 * The collections sidebar: a virtualized tree, so a workspace of 10,000 requests renders only
 * the rows in view. Rows come flat from the data layer; drag and drop moves and reorders.
 */
import { createMemo, createSignal, Index, onCleanup, onMount, Show } from 'solid-js'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { TreeRowView, ROW_HEIGHT } from './tree-row.tsx'
import { dropPositionAt, dropTarget, visibleRange, type DropPosition } from './tree-rows.ts'

export function Sidebar() {
  const store = useStore()
  let viewport!: HTMLDivElement
  const [scrollTop, setScrollTop] = createSignal(0)
  const [height, setHeight] = createSignal(600)
  const [dragFrom, setDragFrom] = createSignal<number | null>(null)
  const [hint, setHint] = createSignal<{ pos: number; position: DropPosition } | null>(null)

  const rows = store.tree
  const range = createMemo(() => visibleRange(scrollTop(), height(), ROW_HEIGHT, rows().length))
  const visible = createMemo(() => {
    const { start, end } = range()
    const all = rows()
    const slice = []
    for (let pos = start; pos < end; pos++) {
      const row = all[pos]
      if (row) slice.push({ row, pos })
    }
    return slice
  })

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
      <div class="sidebar-header">
        <h2 class="sidebar-title">{messages.collections}</h2>
        <button
          type="button"
          class="icon-button"
          aria-label={messages.newCollection}
          title={messages.newCollection}
          onClick={() => {
            const id = store.createCollection()
            store.ui.setRenamingItem(id)
          }}
        >
          ＋
        </button>
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
          <div class="tree-window" style={{ transform: `translateY(${range().start * ROW_HEIGHT}px)` }}>
            {/* Index keeps one row component per slot: scrolling updates slots instead of rebuilding rows. */}
            <Index each={visible()}>
              {(slot) => (
                <TreeRowView
                  row={slot().row}
                  dropHint={hint()?.pos === slot().pos ? (hint()?.position ?? null) : null}
                  onDragStart={(e) => {
                    setDragFrom(slot().pos)
                    e.dataTransfer?.setData('text/plain', slot().row.name)
                    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'
                  }}
                  onDragOver={(e) => {
                    const found = targetFor(e, slot().pos)
                    if (!found) return setHint(null)
                    e.preventDefault()
                    setHint({ pos: slot().pos, position: found.position })
                  }}
                  onDrop={(e) => {
                    const found = targetFor(e, slot().pos)
                    const from = dragFrom()
                    const dragged = from === null ? undefined : rows()[from]
                    setHint(null)
                    setDragFrom(null)
                    if (!found || !dragged) return
                    e.preventDefault()
                    store.moveItem(dragged.id, found.target)
                  }}
                  onDragEnd={() => {
                    setHint(null)
                    setDragFrom(null)
                  }}
                />
              )}
            </Index>
          </div>
        </div>
      </div>
    </nav>
  )
}

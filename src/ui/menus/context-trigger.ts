/**
 * Ways to open one element's context menu, so none is reachable by right-click alone:
 * right-click, a long press on touch, the ContextMenu key or Shift+F10, and a `⋯` button that
 * calls `openAt` itself.
 */
export const LONG_PRESS_MS = 500
const MOVE_TOLERANCE_PX = 10

export interface ContextTrigger {
  onContextMenu: (e: MouseEvent) => void
  onPointerDown: (e: PointerEvent) => void
  onPointerMove: (e: PointerEvent) => void
  onPointerUp: () => void
  onPointerCancel: () => void
  onKeyDown: (e: KeyboardEvent) => void
  /** A drag started: a long press must not also open the menu. */
  cancel: () => void
}

export function makeContextTrigger(openAt: (x: number, y: number) => void): ContextTrigger {
  let timer: ReturnType<typeof setTimeout> | undefined
  let start = { x: 0, y: 0 }
  let firedAt = Number.NEGATIVE_INFINITY
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
  }
  return {
    onContextMenu(e) {
      e.preventDefault()
      // A touch long press fires contextmenu as well; open once.
      if (performance.now() - firedAt < 1000) return
      openAt(e.clientX, e.clientY)
    },
    onPointerDown(e) {
      if (e.pointerType === 'mouse') return
      start = { x: e.clientX, y: e.clientY }
      cancel()
      timer = setTimeout(() => {
        firedAt = performance.now()
        openAt(start.x, start.y)
      }, LONG_PRESS_MS)
    },
    onPointerMove(e) {
      if (timer && Math.hypot(e.clientX - start.x, e.clientY - start.y) > MOVE_TOLERANCE_PX) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onKeyDown(e) {
      if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
        e.preventDefault()
        const rect = (e.currentTarget as HTMLElement).getBoundingClientRect()
        openAt(rect.left + 16, rect.bottom)
      }
    },
    cancel,
  }
}

/** Drag-and-drop callbacks of an element that can be dragged to move or reorder it. */
export interface DragHandlers {
  onDragStart: (e: DragEvent) => void
  onDragOver: (e: DragEvent) => void
  onDrop: (e: DragEvent) => void
  onDragEnd: () => void
}

/**
 * Wires a draggable element with a context menu (use as its `ref`): starting a drag cancels a
 * pending long press, so one gesture never both moves the element and opens its menu. `drag` is
 * read at event time, so reactive props can be passed as they are. Plain listeners rather than a
 * props spread keep the element's other attributes fine-grained (sidebar rows are pooled).
 */
export function attachDragAndMenu(el: HTMLElement, trigger: ContextTrigger, drag: DragHandlers): void {
  el.addEventListener('contextmenu', trigger.onContextMenu)
  el.addEventListener('pointerdown', trigger.onPointerDown)
  el.addEventListener('pointermove', trigger.onPointerMove)
  el.addEventListener('pointerup', trigger.onPointerUp)
  el.addEventListener('pointercancel', trigger.onPointerCancel)
  el.addEventListener('dragstart', (e) => {
    trigger.cancel()
    drag.onDragStart(e)
  })
  el.addEventListener('dragover', (e) => drag.onDragOver(e))
  el.addEventListener('drop', (e) => drag.onDrop(e))
  el.addEventListener('dragend', () => drag.onDragEnd())
}

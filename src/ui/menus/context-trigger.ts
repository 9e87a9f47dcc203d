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

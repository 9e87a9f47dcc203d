import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LONG_PRESS_MS, makeContextTrigger } from './context-trigger.ts'

const pointer = (pointerType: string, x = 10, y = 20) =>
  ({ pointerType, clientX: x, clientY: y }) as PointerEvent
const mouse = (x: number, y: number) =>
  ({ clientX: x, clientY: y, preventDefault: vi.fn() }) as unknown as MouseEvent

describe('makeContextTrigger', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('opens on right-click, also right after the page loaded', () => {
    const open = vi.fn()
    makeContextTrigger(open).onContextMenu(mouse(5, 6))
    expect(open).toHaveBeenCalledWith(5, 6)
  })

  it('opens on a touch long press, once even when contextmenu follows', () => {
    const open = vi.fn()
    const trigger = makeContextTrigger(open)
    trigger.onPointerDown(pointer('touch'))
    vi.advanceTimersByTime(LONG_PRESS_MS - 1)
    expect(open).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(open).toHaveBeenCalledWith(10, 20)
    trigger.onContextMenu(mouse(10, 20))
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('does not open when the finger lifts, moves away or a drag starts', () => {
    const open = vi.fn()
    const trigger = makeContextTrigger(open)
    trigger.onPointerDown(pointer('touch'))
    trigger.onPointerUp()
    trigger.onPointerDown(pointer('touch'))
    trigger.onPointerMove(pointer('touch', 40, 20))
    trigger.onPointerDown(pointer('pen'))
    trigger.cancel()
    vi.advanceTimersByTime(LONG_PRESS_MS * 2)
    expect(open).not.toHaveBeenCalled()
  })

  it('leaves mouse presses to right-click', () => {
    const open = vi.fn()
    makeContextTrigger(open).onPointerDown(pointer('mouse'))
    vi.advanceTimersByTime(LONG_PRESS_MS * 2)
    expect(open).not.toHaveBeenCalled()
  })
})

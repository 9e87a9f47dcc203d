/**
 * Which lines a virtualized view shows for a scroll position. Browsers cap an element's height
 * (about 33 M px in Chromium), and a 100 MB JSON body has over 10 M lines of 18 px: above
 * `MAX_SCROLL_PX` the scroll range is scaled, so the scrollbar maps proportionally to lines.
 */
export const MAX_SCROLL_PX = 8_000_000

export interface LineWindow {
  /** Height of the scrolled content. */
  height: number
  /** First line shown and where (px from the content's top) it is drawn. */
  first: number
  top: number
}

export function lineWindow(
  count: number,
  lineHeight: number,
  scrollTop: number,
  viewport: number,
): LineWindow {
  const natural = count * lineHeight
  if (natural <= MAX_SCROLL_PX) {
    const first = Math.max(0, Math.min(count - 1, Math.floor(scrollTop / lineHeight)))
    return { height: natural, first, top: first * lineHeight }
  }
  const range = MAX_SCROLL_PX - viewport
  const visible = Math.ceil(viewport / lineHeight)
  const ratio = range > 0 ? Math.min(1, Math.max(0, scrollTop / range)) : 0
  const first = Math.round(ratio * Math.max(0, count - visible))
  return { height: MAX_SCROLL_PX, first, top: scrollTop }
}

/** The scroll position that shows `line` near the top third of the viewport. */
export function scrollTopFor(line: number, count: number, lineHeight: number, viewport: number): number {
  const natural = count * lineHeight
  const target = Math.max(0, line - Math.floor(viewport / lineHeight / 3))
  if (natural <= MAX_SCROLL_PX) return target * lineHeight
  const visible = Math.ceil(viewport / lineHeight)
  return (target / Math.max(1, count - visible)) * (MAX_SCROLL_PX - viewport)
}

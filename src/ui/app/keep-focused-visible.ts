/**
 * When an on-screen keyboard opens it shrinks the visual viewport; scroll the focused field back
 * into view so the keyboard never hides what is being edited.
 */
export function keepFocusedFieldVisible(): () => void {
  const viewport = window.visualViewport
  if (!viewport) return () => {}
  const onResize = () => {
    const el = document.activeElement
    if (
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ) {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    }
  }
  viewport.addEventListener('resize', onResize)
  return () => viewport.removeEventListener('resize', onResize)
}

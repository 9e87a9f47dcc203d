/**
 * Pastes text into the focused element the way a user's Ctrl+V does (a cancelable `paste` event
 * with clipboard data). Typing instead would let a code editor close brackets and quotes on its
 * own, and a headless browser has no clipboard to press Ctrl+V against.
 */
import type { Page } from '@playwright/test'

export async function pasteIntoFocused(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => {
    const data = new DataTransfer()
    data.setData('text/plain', value)
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, text)
}

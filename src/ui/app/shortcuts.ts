/**
 * The keyboard shortcuts of spec 4.4 as a pure function from a key event to an action, so the
 * mapping is unit-tested without a browser. Cmd replaces Ctrl on a Mac.
 */

export type ShortcutAction = 'new-tab' | 'save' | 'rename' | 'duplicate' | 'send'

/** The fields of a KeyboardEvent that decide a shortcut. */
export interface KeyInput {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform)
}

export function matchShortcut(event: KeyInput, mac: boolean): ShortcutAction | null {
  const primary = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  if (event.key === 'F2' && !event.ctrlKey && !event.metaKey && !event.altKey) return 'rename'
  if (!primary || event.altKey || event.shiftKey) return null
  switch (event.key.toLowerCase()) {
    case 't':
      return 'new-tab'
    case 's':
      return 'save'
    case 'e':
      return 'rename'
    case 'd':
      return 'duplicate'
    case 'enter':
      return 'send'
    default:
      return null
  }
}

/** The shortcut as the user reads it in a tooltip: `Ctrl+S`, or `⌘S` on a Mac. */
export function shortcutLabel(action: ShortcutAction, mac: boolean): string {
  const keys: Record<ShortcutAction, string> = {
    'new-tab': 'T',
    save: 'S',
    rename: 'E',
    duplicate: 'D',
    send: 'Enter',
  }
  return mac ? `⌘${keys[action]}` : `Ctrl+${keys[action]}`
}

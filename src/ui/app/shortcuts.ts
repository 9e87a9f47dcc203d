/**
 * The keyboard shortcuts of spec 4.4 as pure functions from a key event to an action, so the
 * mapping and its rebinding (Settings → Tastatur) are unit-tested without a browser. Cmd replaces
 * Ctrl on a Mac: a binding is written with `Mod` (`Mod+T`) and means Cmd there, Ctrl elsewhere.
 */

export type ShortcutAction = 'new-tab' | 'save' | 'rename' | 'duplicate' | 'send'

/** Send and Save keep their keys (spec 4.4); every other action can be rebound. */
export const FIXED_ACTIONS: readonly ShortcutAction[] = ['send', 'save']
export const REBINDABLE_ACTIONS: readonly ShortcutAction[] = ['new-tab', 'rename', 'duplicate']

export type Bindings = Record<ShortcutAction, string[]>

/** The first binding of an action is the one its label shows. */
export const DEFAULT_BINDINGS: Bindings = {
  'new-tab': ['Mod+T'],
  save: ['Mod+S'],
  rename: ['Mod+E', 'F2'],
  duplicate: ['Mod+D'],
  send: ['Mod+Enter'],
}

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

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Shift', 'Alt', 'AltGraph', 'CapsLock', 'OS', 'Dead'])

/**
 * The binding a key press spells (`Mod+Shift+K`, `F2`), or null for a lone modifier. The other
 * platform's modifier (Ctrl on a Mac, the Windows key elsewhere) is kept apart so it never
 * matches a `Mod` binding.
 */
export function bindingFromEvent(event: KeyInput, mac: boolean): string | null {
  if (MODIFIER_KEYS.has(event.key) || event.key === '') return null
  const parts: string[] = []
  if (mac ? event.metaKey : event.ctrlKey) parts.push('Mod')
  if (mac ? event.ctrlKey : event.metaKey) parts.push(mac ? 'Ctrl' : 'Meta')
  if (event.altKey) parts.push('Alt')
  if (event.shiftKey) parts.push('Shift')
  const key = event.key === ' ' ? 'Space' : event.key.length === 1 ? event.key.toUpperCase() : event.key
  parts.push(key)
  return parts.join('+')
}

/** The defaults with the user's choices (action → binding) laid over them. */
export function resolveBindings(custom: Readonly<Record<string, string>>): Bindings {
  const out: Bindings = { ...DEFAULT_BINDINGS }
  for (const action of REBINDABLE_ACTIONS) {
    const binding = custom[action]
    if (binding) out[action] = [binding]
  }
  return out
}

export function matchShortcut(
  event: KeyInput,
  mac: boolean,
  bindings: Bindings = DEFAULT_BINDINGS,
): ShortcutAction | null {
  const pressed = bindingFromEvent(event, mac)
  if (!pressed) return null
  for (const action of Object.keys(bindings) as ShortcutAction[]) {
    if (bindings[action].includes(pressed)) return action
  }
  return null
}

export type RebindResult =
  | { ok: true; keyboard: Record<string, string> }
  | { ok: false; reason: 'fixed' }
  | { ok: false; reason: 'conflict'; action: ShortcutAction }

/**
 * The keyboard settings after binding `action` to `binding`, or why not: Send and Save cannot be
 * rebound, and a binding another action already uses is refused naming that action.
 */
export function rebind(
  keyboard: Readonly<Record<string, string>>,
  action: ShortcutAction,
  binding: string,
): RebindResult {
  if (FIXED_ACTIONS.includes(action)) return { ok: false, reason: 'fixed' }
  const bindings = resolveBindings(keyboard)
  for (const other of Object.keys(bindings) as ShortcutAction[]) {
    if (other !== action && bindings[other].includes(binding)) {
      return { ok: false, reason: 'conflict', action: other }
    }
  }
  return { ok: true, keyboard: { ...keyboard, [action]: binding } }
}

/** Back to the default keys for one action (an empty binding: settings merge, so nothing is deleted). */
export function resetBinding(
  keyboard: Readonly<Record<string, string>>,
  action: ShortcutAction,
): Record<string, string> {
  return { ...keyboard, [action]: '' }
}

/** A binding as the user reads it: `Ctrl+Shift+K`, or `⌘⇧K` on a Mac. */
export function bindingLabel(binding: string, mac: boolean): string {
  const parts = binding.split('+').filter(Boolean)
  const key = parts.pop() ?? ''
  if (!mac) return [...parts.map((p) => (p === 'Mod' ? 'Ctrl' : p)), key].join('+')
  const symbols: Record<string, string> = { Mod: '⌘', Ctrl: '⌃', Alt: '⌥', Shift: '⇧' }
  return parts.map((p) => symbols[p] ?? p).join('') + key
}

/** The shortcut of an action as shown in a tooltip: its first binding. */
export function shortcutLabel(
  action: ShortcutAction,
  mac: boolean,
  bindings: Bindings = DEFAULT_BINDINGS,
): string {
  const first = bindings[action][0]
  return first ? bindingLabel(first, mac) : ''
}

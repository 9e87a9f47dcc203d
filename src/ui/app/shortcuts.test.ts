import { describe, expect, it } from 'vitest'
import {
  bindingFromEvent,
  isMacPlatform,
  matchShortcut,
  rebind,
  resetBinding,
  resolveBindings,
  shortcutLabel,
  type KeyInput,
} from './shortcuts.ts'

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('matchShortcut', () => {
  const table: [string, KeyInput, boolean, ReturnType<typeof matchShortcut>][] = [
    ['Ctrl+T new tab', key('t', { ctrlKey: true }), false, 'new-tab'],
    ['Ctrl+S save', key('s', { ctrlKey: true }), false, 'save'],
    ['Ctrl+S with caps lock', key('S', { ctrlKey: true }), false, 'save'],
    ['Ctrl+E rename', key('e', { ctrlKey: true }), false, 'rename'],
    ['F2 rename', key('F2'), false, 'rename'],
    ['F2 rename on a Mac', key('F2'), true, 'rename'],
    ['Ctrl+D duplicate', key('d', { ctrlKey: true }), false, 'duplicate'],
    ['Ctrl+Enter send', key('Enter', { ctrlKey: true }), false, 'send'],
    ['Cmd+T on a Mac', key('t', { metaKey: true }), true, 'new-tab'],
    ['Cmd+S on a Mac', key('s', { metaKey: true }), true, 'save'],
    ['Ctrl+S on a Mac is not save', key('s', { ctrlKey: true }), true, null],
    ['Meta+S elsewhere is not save', key('s', { metaKey: true }), false, null],
    ['plain s', key('s'), false, null],
    ['Ctrl+Shift+T is left to the browser', key('T', { ctrlKey: true, shiftKey: true }), false, null],
    ['Ctrl+Alt+D', key('d', { ctrlKey: true, altKey: true }), false, null],
    ['Ctrl+X is not ours', key('x', { ctrlKey: true }), false, null],
  ]
  for (const [name, input, mac, expected] of table) {
    it(name, () => expect(matchShortcut(input, mac)).toBe(expected))
  }
})

describe('platform', () => {
  it('detects Macs and iPads', () => {
    expect(isMacPlatform('MacIntel')).toBe(true)
    expect(isMacPlatform('iPad')).toBe(true)
    expect(isMacPlatform('Linux x86_64')).toBe(false)
    expect(isMacPlatform('Win32')).toBe(false)
  })
  it('labels shortcuts per platform', () => {
    expect(shortcutLabel('save', false)).toBe('Ctrl+S')
    expect(shortcutLabel('save', true)).toBe('⌘S')
  })
})

describe('rebinding (Settings → Tastatur)', () => {
  it('spells a key press as a binding', () => {
    expect(bindingFromEvent(key('k', { ctrlKey: true, shiftKey: true }), false)).toBe('Mod+Shift+K')
    expect(bindingFromEvent(key('k', { metaKey: true }), true)).toBe('Mod+K')
    expect(bindingFromEvent(key('k', { ctrlKey: true }), true)).toBe('Ctrl+K')
    expect(bindingFromEvent(key('F4'), false)).toBe('F4')
    expect(bindingFromEvent(key('Shift', { shiftKey: true }), false)).toBeNull()
  })
  it('applies a new binding and drops the old keys of that action', () => {
    const result = rebind({}, 'new-tab', 'Mod+Shift+Y')
    expect(result).toEqual({ ok: true, keyboard: { 'new-tab': 'Mod+Shift+Y' } })
    if (!result.ok) return
    const bindings = resolveBindings(result.keyboard)
    expect(matchShortcut(key('Y', { ctrlKey: true, shiftKey: true }), false, bindings)).toBe('new-tab')
    expect(matchShortcut(key('t', { ctrlKey: true }), false, bindings)).toBeNull()
    expect(shortcutLabel('new-tab', false, bindings)).toBe('Ctrl+Shift+Y')
    expect(shortcutLabel('new-tab', true, bindings)).toBe('⌘⇧Y')
  })
  it('refuses a binding another action uses, naming that action', () => {
    expect(rebind({}, 'new-tab', 'Mod+S')).toEqual({ ok: false, reason: 'conflict', action: 'save' })
    expect(rebind({}, 'duplicate', 'F2')).toEqual({ ok: false, reason: 'conflict', action: 'rename' })
    expect(rebind({ rename: 'Mod+R' }, 'duplicate', 'Mod+R')).toEqual({
      ok: false,
      reason: 'conflict',
      action: 'rename',
    })
  })
  it('frees the old keys of a rebound action for others', () => {
    expect(rebind({ rename: 'Mod+R' }, 'duplicate', 'F2')).toEqual({
      ok: true,
      keyboard: { rename: 'Mod+R', duplicate: 'F2' },
    })
  })
  it('accepts the action’s own current binding again', () => {
    expect(rebind({}, 'rename', 'F2').ok).toBe(true)
  })
  it('never rebinds Send or Save', () => {
    expect(rebind({}, 'send', 'Mod+J')).toEqual({ ok: false, reason: 'fixed' })
    expect(rebind({}, 'save', 'Mod+J')).toEqual({ ok: false, reason: 'fixed' })
    expect(resolveBindings({ send: 'Mod+J', save: 'Mod+K' }).send).toEqual(['Mod+Enter'])
  })
  it('resets an action to its defaults', () => {
    const keyboard = resetBinding({ rename: 'Mod+R', duplicate: 'F4' }, 'rename')
    expect(resolveBindings(keyboard).rename).toEqual(['Mod+E', 'F2'])
    expect(resolveBindings(keyboard).duplicate).toEqual(['F4'])
  })
})

import { describe, expect, it } from 'vitest'
import { isMacPlatform, matchShortcut, shortcutLabel, type KeyInput } from './shortcuts.ts'

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

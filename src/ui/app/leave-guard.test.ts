import { expect, it } from 'vitest'
import { askBeforeLeaving, expectReload } from './leave-guard.ts'

it('asks before leaving only with unsaved changes, and not when reloading into an update', () => {
  expect(askBeforeLeaving([])).toBe(false)
  expect(askBeforeLeaving([{ dirty: false }, { dirty: false }])).toBe(false)
  expect(askBeforeLeaving([{ dirty: false }, { dirty: true }])).toBe(true)
  expectReload()
  expect(askBeforeLeaving([{ dirty: true }])).toBe(false)
})

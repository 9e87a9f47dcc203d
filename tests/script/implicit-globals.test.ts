/**
 * Implicit globals (`leaked = 5`) carry from one script to the next of the same collection run, as
 * in newman, and never to another run or to a single send (tests/parity/implicit-globals too).
 */
import { describe, expect, it } from 'vitest'
import { createScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { jsonResponse, runScript } from '../helpers/run-script.ts'

const names = (result: { tests: { name: string; passed: boolean; error: string | null }[] }) =>
  result.tests.map((t) => (t.passed ? t.name : `${t.name}: ${t.error}`))

describe('implicit globals', () => {
  it('carry between the scripts of one run, objects by identity, until deleted', async () => {
    const runner = await createScriptRunner()
    try {
      const a = await runScript(`leaked = 5; helper = { n: 1 }; var local = 1; function fn() {}`, {
        runner,
        runKey: 'run-1',
      })
      expect(a.error).toBeNull()
      const b = await runScript(
        `pm.test(typeof leaked + ' ' + leaked, () => {}); pm.test(typeof local + ' ' + typeof fn, () => {}); helper.n++; leaked++`,
        { runner, runKey: 'run-1', response: jsonResponse({}) },
      )
      expect(names(b)).toEqual(['number 5', 'undefined undefined'])
      const c = await runScript(`pm.test(leaked + ' ' + helper.n, () => {}); delete leaked`, {
        runner,
        runKey: 'run-1',
        response: jsonResponse({}),
      })
      expect(names(c)).toEqual(['6 2'])
      const d = await runScript(`pm.test(typeof leaked + ' ' + typeof helper, () => {})`, {
        runner,
        runKey: 'run-1',
        response: jsonResponse({}),
      })
      expect(names(d)).toEqual(['undefined object'])
    } finally {
      runner.dispose()
    }
  })

  it('never reach another run, a single send, or a later script of the first run after another ran', async () => {
    const runner = await createScriptRunner()
    try {
      await runScript(`secret = 'run-1 only'`, { runner, runKey: 'run-1' })
      const other = await runScript(`pm.test(typeof secret, () => {})`, {
        runner,
        runKey: 'run-2',
        response: jsonResponse({}),
      })
      expect(names(other)).toEqual(['undefined'])
      const single = await runScript(`pm.test(typeof secret, () => {})`, {
        runner,
        response: jsonResponse({}),
      })
      expect(names(single)).toEqual(['undefined'])
      const back = await runScript(`pm.test(typeof secret, () => {})`, {
        runner,
        runKey: 'run-1',
        response: jsonResponse({}),
      })
      expect(names(back)).toEqual(['undefined'])
    } finally {
      runner.dispose()
    }
  })
})

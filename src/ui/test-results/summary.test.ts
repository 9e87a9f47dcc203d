import { describe, expect, it } from 'vitest'
import { testVerdict } from './summary.ts'

const ok = { passed: true }
const bad = { passed: false }

describe('testVerdict', () => {
  it.each([
    [[ok, ok], false, false, { kind: 'passed' }],
    [[ok, bad, bad], false, false, { kind: 'failed', count: 2 }],
    [[ok], true, false, { kind: 'script-error' }],
    [[], true, false, { kind: 'script-error' }],
    [[ok], false, true, { kind: 'timed-out' }],
    [[bad], true, true, { kind: 'failed', count: 1 }],
  ] as const)('%j, script error %s, timed out %s → %j', (tests, scriptError, timedOut, verdict) => {
    expect(testVerdict(tests, scriptError, timedOut)).toEqual(verdict)
  })
})

/**
 * The verdict the Test results summary shows beside `n / m bestanden`. A run whose script threw or
 * whose tests timed out is never summarised as passed, even when every test that ran passed.
 */
export type TestVerdict =
  | { kind: 'passed' }
  | { kind: 'failed'; count: number }
  | { kind: 'script-error' }
  | { kind: 'timed-out' }

export function testVerdict(
  tests: readonly { passed: boolean }[],
  scriptError: boolean,
  timedOut: boolean,
): TestVerdict {
  const failed = tests.filter((t) => !t.passed).length
  if (failed > 0) return { kind: 'failed', count: failed }
  if (scriptError) return { kind: 'script-error' }
  if (timedOut) return { kind: 'timed-out' }
  return { kind: 'passed' }
}

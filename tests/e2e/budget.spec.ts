import { expect, test } from '@playwright/test'
import { measureShell, SHELL_BUDGET_BYTES } from '../../bench/shell-size.ts'

// Runs after `vite build` (npm run test:e2e), so it fails CI when the shell outgrows its budget.
test('the shell’s initial JavaScript stays within 120 KB gzipped, without Monaco or QuickJS', () => {
  const shell = measureShell('dist')
  expect(shell.files.length).toBeGreaterThan(0)
  expect(shell.gzipBytes).toBeLessThanOrEqual(SHELL_BUDGET_BYTES)
  expect(shell.files.filter((f) => /editor\.api|monaco|quickjs|emscripten|tsMode|\.wasm/i.test(f))).toEqual(
    [],
  )
})

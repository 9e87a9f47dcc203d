import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { measureLazyChunk, measureShell, SHELL_BUDGET_BYTES } from '../../bench/shell-size.ts'

// Runs after `vite build` (npm run test:e2e), so it fails CI when the shell outgrows its budget.
test('the shell’s initial JavaScript stays within 110 KB gzipped, without Monaco or QuickJS', () => {
  const shell = measureShell('dist')
  expect(shell.files.length).toBeGreaterThan(0)
  expect(shell.gzipBytes).toBeLessThanOrEqual(SHELL_BUDGET_BYTES)
  expect(shell.files.filter((f) => /editor\.api|monaco|quickjs|emscripten|tsMode|\.wasm/i.test(f))).toEqual(
    [],
  )
})

test('the Generate Code dialog’s chunk stays within 120 KB gzipped, Monaco loading apart', () => {
  const chunk = measureLazyChunk('dist', 'codegen-')
  expect(chunk.gzipBytes).toBeLessThanOrEqual(120 * 1024)
  expect(chunk.files.filter((f) => /editor\.api|monaco/i.test(f))).toEqual([])
})

test('the shell leaves the Sendbox file readers, the cURL mapping and the {{$random…}} makers to lazy chunks', () => {
  const code = measureShell('dist')
    .files.map((file) => readFileSync(join('dist', file), 'utf8'))
    .join('\n')
  // Each a string only the module kept out holds: its error's name, or one of the makers' names.
  for (const marker of ['SendboxFormatError', 'CurlImportError', '$randomPhoneNumberExt'])
    expect(code, `${marker} is in the shell`).not.toContain(marker)
})

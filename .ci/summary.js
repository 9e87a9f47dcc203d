// Prints one plain closing line, "tests: N passed, N failed", from the runners' JSON reports.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
if (existsSync('.reports/vitest.json')) {
  const report = JSON.parse(readFileSync('.reports/vitest.json', 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
}
if (existsSync('.reports/playwright.json')) {
  const stats = JSON.parse(readFileSync('.reports/playwright.json', 'utf8')).stats ?? {}
  // A flaky test failed first and passed on a retry: it passed, and is named on its own line.
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  failed += stats.unexpected ?? 0
  skipped += stats.skipped ?? 0
  if (stats.flaky) console.log(`flaky end-to-end tests (passed on a retry): ${stats.flaky}`)
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)

/**
 * JUnit XML: one <testsuite> per execution (named by its path, `<iteration> / <path>` when the run
 * had more than one iteration), one <testcase> per test.
 */
import type { JsonReport } from './json-report.ts'

export function junitXml(report: JsonReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  const s = report.summary
  lines.push(
    `<testsuites name="${attr(report.collection)}" tests="${s.tests}" failures="${s.failedTests}" errors="${s.notSent + s.failed + s.scriptErrors}" time="${seconds(report.durationMs)}">`,
  )
  for (const execution of report.executions) {
    const path = execution.path.join(' / ')
    const name = s.iterations > 1 ? `${execution.iteration} / ${path}` : path
    const failures = execution.tests.filter((t) => !t.passed).length
    const error =
      execution.error ?? (execution.scriptError ? `Skript-Fehler: ${execution.scriptError}` : null)
    const time = seconds(execution.response?.responseTime ?? 0)
    lines.push(
      `  <testsuite name="${attr(name)}" tests="${execution.tests.length}" failures="${failures}" errors="${error ? 1 : 0}" time="${time}">`,
    )
    if (error) lines.push(`    <error message="${attr(error)}"/>`)
    for (const test of execution.tests) {
      if (test.passed) lines.push(`    <testcase name="${attr(test.name)}" classname="${attr(name)}"/>`)
      else {
        lines.push(`    <testcase name="${attr(test.name)}" classname="${attr(name)}">`)
        lines.push(`      <failure message="${attr(test.error ?? 'failed')}"/>`)
        lines.push('    </testcase>')
      }
    }
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return `${lines.join('\n')}\n`
}

function attr(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3)
}

/** The human report: one line per request, its tests under it, then a summary table. */
import type { JsonExecution, JsonReport } from '../../runtime/report/json-report.ts'

export function formatExecution(execution: JsonExecution, color: boolean): string {
  const c = colors(color)
  const lines: string[] = []
  const title = execution.path.join(' / ')
  if (execution.outcome === 'done' && execution.response && execution.request) {
    const r = execution.response
    lines.push(`→ ${title}`)
    lines.push(
      `  ${execution.request.method} ${execution.request.url} [${r.code} ${r.status}, ${formatBytes(r.size.total)}, ${r.responseTime}ms]`,
    )
  } else if (execution.outcome === 'skipped') {
    lines.push(`→ ${title} (skipped)`)
  } else {
    lines.push(`→ ${title}`)
    lines.push(`  ${c.red(execution.error ?? '')}`)
  }
  for (const notice of execution.notices ?? []) lines.push(`  ${c.yellow(notice)}`)
  for (const test of execution.tests) {
    lines.push(
      test.passed ? `  ${c.green('✓')} ${test.name}` : `  ${c.red('✗')} ${test.name}: ${test.error ?? ''}`,
    )
  }
  if (execution.scriptError) lines.push(`  ${c.red(`Skript-Fehler: ${execution.scriptError}`)}`)
  return lines.join('\n')
}

export function formatSummary(report: JsonReport, color: boolean): string {
  const c = colors(color)
  const s = report.summary
  const row = (label: string, total: number, bad: number) =>
    `│ ${label.padEnd(12)} │ ${String(total).padStart(8)} │ ${bad ? c.red(String(bad).padStart(8)) : String(bad).padStart(8)} │`
  return [
    '┌──────────────┬──────────┬──────────┐',
    '│              │ executed │   failed │',
    '├──────────────┼──────────┼──────────┤',
    ...(s.iterations > 1 ? [row('iterations', s.iterations, 0)] : []),
    row('requests', s.requests, s.notSent + s.failed),
    row('tests', s.tests, s.failedTests),
    '└──────────────┴──────────┴──────────┘',
    ...(s.scriptErrors ? [c.red(`script errors: ${s.scriptErrors}`)] : []),
    `total run duration: ${report.durationMs}ms`,
  ].join('\n')
}

function formatBytes(bytes: number): string {
  return bytes < 1024
    ? `${bytes}B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)}KB`
      : `${(bytes / 1024 / 1024).toFixed(1)}MB`
}

function colors(on: boolean) {
  const wrap = (code: number) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text)
  return { red: wrap(31), green: wrap(32), yellow: wrap(33) }
}

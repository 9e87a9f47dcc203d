/**
 * `-r html`: the run as one self-contained HTML file. No script, font, image or stylesheet is
 * fetched: it opens offline, and under a strict CSP (Jenkins' `default-src 'none'`) it reads the
 * same without its inline style, since tables, lists and <details> carry the structure.
 */
import type { JsonExecution, JsonReport } from '../../runtime/report/json-report.ts'

export function htmlReport(report: JsonReport): string {
  const s = report.summary
  const failedRequests = s.notSent + s.failed
  const byIteration = new Map<number, JsonExecution[]>()
  for (const execution of report.executions) {
    const list = byIteration.get(execution.iteration) ?? []
    list.push(execution)
    byIteration.set(execution.iteration, list)
  }
  const sections = [...byIteration].map(([iteration, executions]) =>
    [
      s.iterations > 1 ? `<h2>Iteration ${iteration + 1} of ${s.iterations}</h2>` : '<h2>Requests</h2>',
      '<ol class="executions">',
      ...executions.map(executionHtml),
      '</ol>',
    ].join('\n'),
  )
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(report.collection)}: Sendbox run report</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${esc(report.collection)}</h1>
<p>Started ${esc(report.startedAt)}, took ${report.durationMs} ms.</p>
<p class="verdict ${s.failedTests + failedRequests + s.scriptErrors === 0 ? 'pass' : 'fail'}">${s.passed} passed, ${s.failedTests} failed</p>
</header>
<table class="summary">
<thead><tr><th scope="col"></th><th scope="col">executed</th><th scope="col">failed</th></tr></thead>
<tbody>
<tr><th scope="row">iterations</th><td>${s.iterations}</td><td>0</td></tr>
<tr><th scope="row">requests</th><td>${s.requests}</td><td>${failedRequests}</td></tr>
<tr><th scope="row">tests</th><td>${s.tests}</td><td>${s.failedTests}</td></tr>
<tr><th scope="row">script errors</th><td></td><td>${s.scriptErrors}</td></tr>
</tbody>
</table>
${sections.join('\n')}
</body>
</html>
`
}

function executionHtml(execution: JsonExecution): string {
  const failed =
    execution.error !== null || execution.scriptError !== null || execution.tests.some((t) => !t.passed)
  const r = execution.response
  const line =
    execution.outcome === 'skipped'
      ? 'skipped'
      : r && execution.request
        ? `${esc(execution.request.method)} ${esc(execution.request.url)} · ${r.code} ${esc(r.status)} · ${r.responseTime} ms · ${r.size.total} B`
        : esc(execution.error ?? '')
  const parts = [
    `<li class="${failed ? 'fail' : 'pass'}">`,
    `<details${failed ? ' open' : ''}>`,
    `<summary><strong>${esc(execution.path.join(' / '))}</strong> <span>${line}</span></summary>`,
  ]
  for (const notice of execution.notices ?? []) parts.push(`<p class="notice">${esc(notice)}</p>`)
  if (execution.tests.length > 0) {
    parts.push('<ul class="tests">')
    for (const test of execution.tests) {
      parts.push(
        test.passed
          ? `<li class="pass">✓ ${esc(test.name)}</li>`
          : `<li class="fail">✗ ${esc(test.name)}: ${esc(test.error ?? 'failed')}</li>`,
      )
    }
    parts.push('</ul>')
  }
  if (execution.scriptError) parts.push(`<p class="fail">Skript-Fehler: ${esc(execution.scriptError)}</p>`)
  if (execution.request) parts.push(headersTable('Request headers', execution.request.headers))
  if (r) parts.push(headersTable('Response headers', r.headers))
  parts.push('</details>', '</li>')
  return parts.join('\n')
}

function headersTable(caption: string, headers: [string, string][]): string {
  if (headers.length === 0) return ''
  const rows = headers.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`)
  return `<table class="headers"><caption>${caption}</caption>\n${rows.join('\n')}\n</table>`
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem auto;max-width:70rem;padding:0 1rem;color:#1b1b1b}
h1{margin:0 0 .25rem}h2{margin-top:2rem;font-size:1.1rem}
.verdict{font-weight:600}.pass{color:#1f6f2b}.fail{color:#b3261e}
table{border-collapse:collapse}th,td{padding:.2rem .6rem;text-align:left;border-bottom:1px solid #ddd}
.summary td{text-align:right}
.executions{padding-left:1.2rem}.executions>li{margin:.4rem 0}
summary{cursor:pointer}summary span{color:#555;word-break:break-all}
.tests{list-style:none;padding-left:.5rem}.notice{color:#8a5a00}
.headers{margin:.5rem 0;font-size:12px}.headers caption{text-align:left;font-weight:600}
.headers td{word-break:break-all}
`

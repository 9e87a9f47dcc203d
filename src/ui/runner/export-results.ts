/** `Export results`: a run as the CLI's json report or as JUnit XML (the CLI's own writers). */
import { junitXml } from '../../runtime/report/junit.ts'
import { safeFileName, saveText } from '../transfer/save-text.ts'
import { reportOf, type RunRecord } from './run-record.ts'

export function exportResults(record: RunRecord, format: 'json' | 'junit'): void {
  const report = reportOf(record)
  const base = `${safeFileName(record.name)}-${record.startedAt.replace(/[:.]/g, '-')}`
  if (format === 'json') saveText(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`)
  else saveText(`${base}.xml`, junitXml(report), 'application/xml')
}

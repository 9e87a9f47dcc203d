/**
 * What an export leaves out, in the import report's shape and wording (import/report.ts), so the
 * CLI and the Export dialog show one line for both: `1 item skipped: WebSocket request "x" (not
 * supported in Postman)`. Exporters append to `options.report` when the caller gives one.
 */
import { emptyReport, named, skip as skipItem, type ImportReport } from '../import/report.ts'
import { kindName, whyNot } from './kinds.ts'
import type { Collection, RequestSpec } from '../types.ts'
import type { ExportFile, ExportFormat, ExportOptions, Exporter } from './types.ts'

/** Notes one item the export leaves out; `where` is its folder path (`Auth/Tokens`, '' at the top). */
export function skip(options: ExportOptions, what: string, where: string, reason: string): void {
  if (options.report) skipItem(options.report, where, what, reason)
}

/** Notes a request of a kind the format has no form for: `WebSocket request "x"`. */
export function skipKind(options: ExportOptions, request: RequestSpec, where: string, format: string): void {
  const why = whyNot(request.kind, FORMAT_IDS[format] ?? 'sendbox')
  skip(
    options,
    named(`${kindName(request.kind)} request`, request.name),
    where,
    `not supported in ${format}${why ? `: ${why}` : ''}`,
  )
}

/** The format ids of the names the exporters pass. */
const FORMAT_IDS: Record<string, ExportFormat> = {
  Postman: 'postman',
  Bruno: 'bruno',
  HAR: 'har',
  OpenAPI: 'openapi',
}

/** A folder path one level down: `where` for the children of folder `name`. */
export function below(where: string, name: string): string {
  return where ? `${where}/${name}` : name
}

/** Runs an exporter and returns its files with the report of what it left out. */
export function exportWithReport(
  exporter: Exporter,
  collection: Collection,
  options: Omit<ExportOptions, 'report'>,
): { files: ExportFile[]; report: ImportReport } {
  const report = emptyReport()
  const files = exporter(collection, { ...options, report })
  return { files, report }
}

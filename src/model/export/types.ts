/**
 * The shape every exporter has: a collection (and optionally environments) in, the files of the
 * target format out. Exporters are pure (no file system, no network), one module per format.
 */
import type { ImportReport } from '../import/report.ts'
import type { Collection, Environment } from '../types.ts'

export const EXPORT_FORMATS = ['sendbox', 'postman', 'bruno', 'openapi', 'har'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** One file to write; `path` is relative (a one-file format returns one entry). */
export interface ExportFile {
  path: string
  text: string
}

export interface ExportOptions {
  /** Write secret variables' values; otherwise they are exported as names with empty values. */
  includeSecrets: boolean
  /** Environments to write beside the collection, where the format has them. */
  environments?: Environment[]
  /** Where the exporter lists what it leaves out (report.ts); none: it leaves them out silently. */
  report?: ImportReport
}

export type Exporter = (collection: Collection, options: ExportOptions) => ExportFile[]

/**
 * The export registry: every format Sendbox writes, by the id `sendbox export --format` and the
 * app's Export dialog take. Each exporter is a pure module (collection in, files out).
 */
import { exportBruno } from './bruno.ts'
import { exportHar } from './har.ts'
import { exportOpenApi } from './openapi.ts'
import { exportPostman } from './postman.ts'
import { exportSendbox } from './sendbox.ts'
import type { ExportFormat, Exporter } from './types.ts'

export interface ExportEntry {
  id: ExportFormat
  /** For people: `OpenAPI 3.1`. */
  label: string
  /** Writes a folder of files (Bruno) rather than one file. */
  folder: boolean
  exporter: Exporter
}

export const EXPORTERS: readonly ExportEntry[] = [
  { id: 'sendbox', label: 'Sendbox collection export', folder: false, exporter: exportSendbox },
  { id: 'postman', label: 'Postman Collection v2.1', folder: false, exporter: exportPostman },
  { id: 'bruno', label: 'Bruno collection', folder: true, exporter: exportBruno },
  { id: 'openapi', label: 'OpenAPI 3.1', folder: false, exporter: exportOpenApi },
  { id: 'har', label: 'HAR 1.2', folder: false, exporter: exportHar },
]

export function findExporter(id: string): ExportEntry | undefined {
  return EXPORTERS.find((entry) => entry.id === id)
}

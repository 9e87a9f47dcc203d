/**
 * From an import source (a file's text or a folder's files) to collections and environments: the
 * model's one entry point for every format. Until that entry point covers folders, a folder is
 * refused with a clear message.
 */
import {
  detectCollectionFormat,
  FORMAT_LABELS,
  importCollection,
  UNKNOWN_FORMAT,
} from '../../model/import/detect.ts'
import { parseEnvironment } from '../../model/import/environment.ts'
import { ImportError } from '../../model/import/import-error.ts'
import { parseJsonText } from '../../model/import/json-text.ts'
import { emptyReport, type ImportReport } from '../../model/import/report.ts'
import type { ImportSource } from '../../model/import/source.ts'
import type { Collection, Environment } from '../../model/types.ts'

export interface ImportBundle {
  format: string
  label: string
  collections: Collection[]
  environments: Environment[]
  report: ImportReport
}

/** Throws an `ImportError` whose message names the format the source looked like and the first problem. */
export function importSource(source: ImportSource): ImportBundle {
  if (source.kind === 'folder')
    throw new ImportError('', 'folders (Bruno collections) cannot be imported yet')
  const json = parseJsonText(source.text)
  const format = detectCollectionFormat(json)
  if (format) {
    try {
      const { value, report } = importCollection(json, format)
      return { format, label: FORMAT_LABELS[format], collections: [value], environments: [], report }
    } catch (error) {
      if (error instanceof ImportError)
        throw new ImportError('', `${FORMAT_LABELS[format]}: ${error.message}`)
      throw error
    }
  }
  try {
    const environment = parseEnvironment(json)
    return {
      format: 'environment',
      label: 'Environment',
      collections: [],
      environments: [environment],
      report: emptyReport(),
    }
  } catch (error) {
    if (error instanceof ImportError) throw new ImportError('', UNKNOWN_FORMAT)
    throw error
  }
}

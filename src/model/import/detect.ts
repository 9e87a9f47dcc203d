/**
 * The collection formats of the first importers, by id, for code that holds parsed JSON already
 * (the fuzz tests). New code reads through `import-source.ts`, which knows every format.
 */
import type { Collection } from '../types.ts'
import { IMPORT_FORMATS } from './formats.ts'
import { ImportError } from './import-error.ts'
import type { ImportResult } from './report.ts'
import { emptyReport } from './report.ts'

export const COLLECTION_FORMATS = ['sendbox', 'postman', 'har', 'hoppscotch'] as const
export type CollectionFormat = (typeof COLLECTION_FORMATS)[number]

export function detectCollectionFormat(json: unknown): CollectionFormat | undefined {
  const found = IMPORT_FORMATS.find((format) => format.input === 'json' && format.detect(json))
  return (COLLECTION_FORMATS as readonly string[]).includes(found?.id ?? '')
    ? (found!.id as CollectionFormat)
    : undefined
}

/**
 * Reads parsed `json` as `format` into a collection value (`workspace/actions.ts`
 * `importCollection` is what puts one into a workspace). Throws `ImportError` naming the first
 * problem's JSON path.
 */
export function parseCollectionAs(json: unknown, format: CollectionFormat): ImportResult<Collection> {
  const entry = IMPORT_FORMATS.find((f) => f.id === format)
  if (entry?.input !== 'json') throw new ImportError('', `no JSON format ${format}`)
  const content = entry.read(json)
  const value = content.collections?.[0]
  if (!value)
    throw new ImportError('', `holds no collection (it is a ${entry.labelOf?.(json) ?? entry.label})`)
  return { value, report: content.report ?? emptyReport() }
}

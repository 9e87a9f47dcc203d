/**
 * Which collection format a parsed file is, told from its content, and the importer for each:
 * what `sendbox run` and `sendbox import` read. Every importer returns the collection and the
 * report of what it left out.
 */
import type { Collection } from '../types.ts'
import { isHar, parseHar } from './har.ts'
import { isHoppscotchCollection, parseHoppscotchCollection } from './hoppscotch.ts'
import { isPostmanCollection, parsePostmanCollection } from './postman.ts'
import { emptyReport, type ImportResult } from './report.ts'
import { parseSendboxCollection } from './sendbox.ts'

export const COLLECTION_FORMATS = ['sendbox', 'postman', 'har', 'hoppscotch'] as const
export type CollectionFormat = (typeof COLLECTION_FORMATS)[number]

/** The format's name for people, as messages write it. */
export const FORMAT_LABELS: Record<CollectionFormat, string> = {
  sendbox: 'Sendbox collection export',
  postman: 'Postman Collection v2.1',
  har: 'HAR 1.2',
  hoppscotch: 'Hoppscotch collection',
}

export function detectCollectionFormat(json: unknown): CollectionFormat | undefined {
  if (isPostmanCollection(json)) return 'postman'
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'sendbox' in json) return 'sendbox'
  if (isHar(json)) return 'har'
  if (isHoppscotchCollection(json)) return 'hoppscotch'
  return undefined
}

/** Reads `json` as `format`; throws `ImportError` naming the first problem's JSON path. */
export function importCollection(json: unknown, format: CollectionFormat): ImportResult<Collection> {
  switch (format) {
    case 'sendbox':
      return { value: parseSendboxCollection(json), report: emptyReport() }
    case 'postman':
      return { value: parsePostmanCollection(json), report: emptyReport() }
    case 'har':
      return parseHar(json)
    case 'hoppscotch':
      return parseHoppscotchCollection(json)
  }
}

/** Why a file is none of the formats: the line `sendbox run` prints. */
export const UNKNOWN_FORMAT = `unknown format (expected a ${FORMAT_LABELS.sendbox}, a ${FORMAT_LABELS.postman}, a ${FORMAT_LABELS.har} file or a ${FORMAT_LABELS.hoppscotch})`

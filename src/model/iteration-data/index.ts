/**
 * Iteration data files (CSV or JSON) to rows, for collection runs in the CLI and the app.
 * Pure: the caller reads the file and hands over its text and name.
 */
import { parseCsvData } from './csv.ts'
import { parseJsonData } from './json.ts'
import type { IterationData, IterationDataFormat } from './types.ts'

export { castField, parseCsvData } from './csv.ts'
export { parseJsonData } from './json.ts'
export {
  IterationDataError,
  rowFor,
  valueText,
  type IterationData,
  type IterationDataFormat,
  type IterationRow,
  type IterationValue,
} from './types.ts'

/**
 * Which format a data file is in: told by its name (`.csv`, `.json`), else by its text (JSON
 * starts with `[` or `{` once a byte order mark and whitespace are skipped), as newman tries JSON
 * first.
 */
export function detectDataFormat(text: string, file = ''): IterationDataFormat {
  const name = file.toLowerCase()
  if (name.endsWith('.csv')) return 'csv'
  if (name.endsWith('.json')) return 'json'
  return /^\uFEFF?\s*[[{]/.test(text) ? 'json' : 'csv'
}

/**
 * Parses a data file's text. Throws IterationDataError (file, row, problem) when it cannot be read:
 * CSV quotes left open or a character after a closing quote; JSON that is not an array of objects.
 */
export function parseIterationData(
  text: string,
  file: string,
  format: IterationDataFormat = detectDataFormat(text, file),
): IterationData {
  return format === 'json' ? parseJsonData(text.replace(/^\uFEFF/, ''), file) : parseCsvData(text, file)
}

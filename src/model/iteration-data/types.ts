/**
 * Iteration data: the rows of a data file (CSV or JSON) a collection run goes through, one
 * iteration per row. Pure: the caller reads the file (on the device, or from disk in the CLI) and
 * hands over its text.
 */

/** A value of a row: text from CSV (numbers cast as newman casts them), anything JSON holds. */
export type IterationValue =
  string | number | boolean | null | IterationValue[] | { [key: string]: IterationValue }

/** One row: column name → value. A CSV row missing a column has no key for it. */
export type IterationRow = Record<string, IterationValue>

export type IterationDataFormat = 'csv' | 'json'

export interface IterationData {
  format: IterationDataFormat
  rows: IterationRow[]
  /** Column names in file order (CSV: the header; JSON: every key, in order of first appearance). */
  columns: string[]
}

/** A data file that cannot be read: which file, which row (1-based, when known) and the problem. */
export class IterationDataError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    /** CSV: the line of the file (the header is row 1); JSON: the array item (the first is row 1). */
    readonly row?: number,
  ) {
    super(`${file}${row === undefined ? '' : `, row ${row}`}: ${problem}`)
    this.name = 'IterationDataError'
  }
}

/** The row iteration `iteration` (0-based) uses: its own, or the last one when there are fewer rows (newman). */
export function rowFor(rows: readonly IterationRow[], iteration: number): IterationRow {
  if (rows.length === 0) return {}
  return rows[Math.min(iteration, rows.length - 1)]!
}

/** The text `{{name}}` becomes: strings as they are, other values as JSON text (numbers, booleans...). */
export function valueText(value: IterationValue | undefined): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
}

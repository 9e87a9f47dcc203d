/**
 * CSV data files, read as newman reads them: the first line names the columns; quoted fields may
 * hold commas, quotes (`""`) and newlines; a byte order mark is dropped; whitespace around a
 * field is trimmed; a row with fewer fields lacks the missing columns, extra fields are dropped;
 * unquoted integers and decimals become numbers. Parsed by csv-parse (its browser build, which
 * needs no Node built-ins).
 */
import { CsvError, parse } from 'csv-parse/browser/esm/sync'
import { IterationDataError, type IterationData, type IterationRow } from './types.ts'

const INTEGER = /^[+-]?[1-9][0-9]*$/

/** newman's cast: an unquoted integer or decimal becomes a number; a quoted field stays text. */
export function castField(value: string, quoted: boolean): string | number {
  if (quoted) return value
  if (INTEGER.test(value)) return parseInt(value, 10)
  const number = parseFloat(value)
  // Accepts what newman accepts: text that reads as a number from its start (`1.5`, `007`, `1e3`).
  if (Number(value) - number + 1 >= 0) return number
  return value
}

export function parseCsvData(text: string, file: string): IterationData {
  let records: Record<string, string | number>[]
  let columns: string[] = []
  // The line the last whole record ended on: a quote left open belongs to the record after it.
  let lastLine = 0
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => {
        lastLine = 1
        return (columns = header.map((name) => String(name)))
      },
      on_record: (record: Record<string, string | number>, context: { lines: number }) => {
        lastLine = context.lines
        return record
      },
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      cast: (value: string, context: { header: boolean; quoting: boolean }) =>
        context.header ? value : castField(value, context.quoting),
    }) as Record<string, string | number>[]
  } catch (error) {
    if (error instanceof CsvError) {
      const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? lastLine + 1 : (error as { lines?: unknown }).lines
      throw new IterationDataError(
        file,
        problemOf(error.message),
        typeof line === 'number' ? line : undefined,
      )
    }
    throw new IterationDataError(file, (error as Error).message)
  }
  const rows: IterationRow[] = records.map((record) => ({ ...record }))
  return { format: 'csv', rows, columns }
}

/** csv-parse's message without its own "at line N" (the error names the row itself). */
function problemOf(message: string): string {
  return message.replace(/\s+at line \d+\s*$/, '').replace(/:\s*$/, '')
}

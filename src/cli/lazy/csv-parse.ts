/** csv-parse's synchronous parser for the CLI's bundle, loaded by the first CSV data file (10 ms). */
import type * as CsvParse from 'csv-parse/browser/esm/sync'
import { onFirstUse } from './load.ts'

const real = onFirstUse<typeof CsvParse>('csv-parse/browser/esm/sync')

export const parse = ((...args: Parameters<typeof CsvParse.parse>) =>
  real().parse(...args)) as typeof CsvParse.parse

/** `error instanceof CsvError`: only an error of a loaded parser can be one. */
export const CsvError = {
  [Symbol.hasInstance]: (value: unknown) => value instanceof real().CsvError,
} as unknown as typeof CsvParse.CsvError

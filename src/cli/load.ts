/** Reads the files named on the command line; every problem becomes one line naming the file. */
import { readFile } from 'node:fs/promises'
import { ImportError } from '../model/import/import-error.ts'
import { decodeText, parseJsonText } from '../model/import/json-text.ts'
import { parseEnvironment } from '../model/import/environment.ts'
import {
  detectCollectionFormat,
  FORMAT_LABELS,
  importCollection,
  UNKNOWN_FORMAT,
  type CollectionFormat,
} from '../model/import/detect.ts'
import type { ImportReport } from '../model/import/report.ts'
import type { Collection, Environment } from '../model/types.ts'

export class InputError extends Error {}

/** `format`: the format the file claims to be (by `--format` or its extension), named in errors. */
async function readJson(file: string, format?: string): Promise<unknown> {
  let text: string
  try {
    text = decodeText(await readFile(file))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message
    throw new InputError(`${file}: cannot read the file (${reason})`)
  }
  try {
    return parseJsonText(text)
  } catch (error) {
    describeImportError(file, error, format)
  }
}

/** `format`: the format's name, written between the file and the problem. */
function describeImportError(file: string, error: unknown, format?: string): never {
  if (error instanceof ImportError)
    throw new InputError(`${file}: ${format ? `${format}: ` : ''}${error.message}`)
  throw error
}

export interface LoadedCollection {
  collection: Collection
  format: CollectionFormat
  /** What the importer left out (empty for the Sendbox and Postman formats). */
  report: ImportReport
}

/**
 * Reads a collection file in any format `sendbox run` accepts, detected from its content unless
 * `format` names it. `labelAll`: name the format in every message; otherwise the Sendbox and Postman
 * messages keep the shape of docs/cli.md (`file: path: problem`) and only the other formats are named.
 */
export async function loadImport(
  file: string,
  options: { format?: CollectionFormat; labelAll?: boolean } = {},
): Promise<LoadedCollection> {
  const claimed = options.format ?? (/\.har$/i.test(file) ? 'har' : undefined)
  const json = await readJson(file, claimed && FORMAT_LABELS[claimed])
  const format = options.format ?? detectCollectionFormat(json)
  if (!format) throw new InputError(`${file}: ${UNKNOWN_FORMAT}`)
  const named = options.labelAll || (format !== 'sendbox' && format !== 'postman')
  try {
    const { value, report } = importCollection(json, format)
    return { collection: value, format, report }
  } catch (error) {
    describeImportError(file, error, named ? FORMAT_LABELS[format] : undefined)
  }
}

export async function loadCollection(file: string): Promise<Collection> {
  return (await loadImport(file)).collection
}

export async function loadEnvironment(file: string): Promise<Environment> {
  const json = await readJson(file)
  try {
    return parseEnvironment(json)
  } catch (error) {
    describeImportError(file, error)
  }
}

export async function readPem(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw new InputError(
      `${file}: cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
}

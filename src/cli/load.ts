/**
 * Reads the files and folders named on the command line through the one import entry point
 * (`model/import/import-source.ts`); every problem becomes one line naming the file.
 */
import { readFile } from 'node:fs/promises'
import { makeCollection, makeFolder } from '../model/factories.ts'
import { ImportError } from '../model/import/import-error.ts'
import { importSource, ImportSourceError, type ImportBundle } from '../model/import/import-source.ts'
import type { ImportReport } from '../model/import/report.ts'
import type { Collection, Environment } from '../model/types.ts'
import { InputError, readSourcePath } from './read-source.ts'

export { InputError }

/** Formats whose messages keep the shape of docs/cli.md (`file: path: problem`) in `sendbox run`. */
const UNLABELLED = new Set(['sendbox', 'postman'])

/** `labelAll`: name the format in every message; otherwise Sendbox and Postman messages do not. */
export async function readBundle(file: string, format?: string, labelAll = false): Promise<ImportBundle> {
  const source = await readSourcePath(file)
  try {
    return importSource(source, format)
  } catch (error) {
    if (error instanceof ImportSourceError) {
      const plain = !labelAll && error.format !== undefined && UNLABELLED.has(error.format)
      throw new InputError(`${file}: ${plain ? error.detail : error.message}`)
    }
    if (error instanceof ImportError) throw new InputError(`${file}: ${error.message}`)
    throw error
  }
}

export interface LoadedCollection {
  collection: Collection
  format: string
  /** The format's name for people (`Postman Collection v2.1`). */
  label: string
  /** Environments the source holds beside the collection (a Bruno folder's `environments/`). */
  environments: Environment[]
  /** What the importer left out. */
  report: ImportReport
}

/**
 * Reads a collection file or folder in any format `sendbox run` accepts, detected from its
 * content unless `format` (an import format id) names it. Several collections in one source
 * become folders of one collection.
 */
export async function loadImport(
  file: string,
  options: { format?: string; labelAll?: boolean } = {},
): Promise<LoadedCollection> {
  return collectionOf(file, await readBundle(file, options.format, options.labelAll))
}

/** The one collection of what a source holds (several become folders); none is bad input. */
export function collectionOf(file: string, bundle: ImportBundle): LoadedCollection {
  const [first, ...more] = bundle.collections
  if (!first)
    throw new InputError(
      `${file}: ${bundle.label}: holds no collection${bundle.environments.length > 0 ? ' (an environment: pass it with -e)' : ''}`,
    )
  const collection =
    more.length === 0
      ? first
      : makeCollection({
          name: bundle.label,
          children: bundle.collections.map((c) =>
            makeFolder({
              name: c.name,
              auth: c.auth,
              variables: c.variables,
              scripts: c.scripts,
              children: c.children,
            }),
          ),
        })
  return {
    collection,
    format: bundle.format,
    label: bundle.label,
    environments: bundle.environments,
    report: bundle.report,
  }
}

export async function loadCollection(file: string): Promise<Collection> {
  return (await loadImport(file)).collection
}

const NOT_AN_ENVIRONMENT =
  'not an environment: expected "values" (Postman), "variables" (Hoppscotch) or "sendbox" (Sendbox export)'

export async function loadEnvironment(file: string): Promise<Environment> {
  let bundle: ImportBundle
  try {
    bundle = await readBundle(file)
  } catch (error) {
    // A file no format reads: say what an environment file looks like.
    if (error instanceof InputError && / unknown format \(/.test(error.message))
      throw new InputError(`${file}: ${NOT_AN_ENVIRONMENT}`)
    throw error
  }
  const [first, ...more] = bundle.environments
  if (!first) throw new InputError(`${file}: not an environment (it is a ${bundle.label})`)
  if (more.length > 0)
    throw new InputError(`${file}: holds ${more.length + 1} environments (export one environment per file)`)
  return first
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

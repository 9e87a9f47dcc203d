/**
 * The one entry point for importing: a file's text or a folder's files in, the collections and
 * environments it holds out, whatever the format (told from the content, see `formats.ts`).
 * The app's Import dialog, `sendbox import` and `sendbox run` all read through here.
 */
import type { Collection, Environment } from '../types.ts'
import type { ImportFormat } from './format.ts'
import { IMPORT_FORMATS } from './formats.ts'
import { ImportError, quoted } from './import-error.ts'
import { parseJsonText } from './json-text.ts'
import { emptyReport, type ImportReport } from './report.ts'
import type { ImportSource } from './source.ts'

export interface ImportBundle {
  /** The format's id (`postman`). */
  format: string
  /** The format's name for people (`Postman environment`). */
  label: string
  collections: Collection[]
  environments: Environment[]
  report: ImportReport
}

/**
 * A source that could not be imported. `format`/`label` name the format it was read as (absent
 * when none fits); `detail` is the problem without the format (`item[0].name: expected a string…`).
 */
export class ImportSourceError extends ImportError {
  readonly detail: string
  constructor(
    path: string,
    problem: string,
    readonly format?: string,
    readonly label?: string,
  ) {
    super(path, problem)
    this.name = 'ImportSourceError'
    this.detail = this.message
    if (label) this.message = `${label}: ${this.detail}`
  }
}

/** The ids `--format` takes, in detection order. */
export function importFormatIds(): string[] {
  return IMPORT_FORMATS.map((format) => format.id)
}

export function findFormat(id: string): ImportFormat | undefined {
  return IMPORT_FORMATS.find((format) => format.id === id)
}

/** The source's text as JSON, parsed at most once; `undefined` for a folder or text that is not JSON. */
function jsonOf(source: ImportSource): () => { json?: unknown; error?: ImportError } {
  let parsed: { json?: unknown; error?: ImportError } | undefined
  return () => {
    if (parsed) return parsed
    if (source.kind !== 'file') return (parsed = {})
    try {
      parsed = { json: parseJsonText(source.text) }
    } catch (error) {
      if (!(error instanceof ImportError)) throw error
      parsed = { error }
    }
    return parsed
  }
}

function detectWith(source: ImportSource, json: ReturnType<typeof jsonOf>): ImportFormat | undefined {
  return IMPORT_FORMATS.find((format) => {
    if (format.input === 'source') return format.detect(source)
    const { json: value, error } = json()
    return error === undefined && source.kind === 'file' && format.detect(value)
  })
}

/** The id of the format `source` is in, told from its content; `undefined` when none fits. */
export function detectSource(source: ImportSource): string | undefined {
  return detectWith(source, jsonOf(source))?.id
}

/** The format a file's name claims (`x.har`), for files whose content fits no format. */
function claimedBy(source: ImportSource): ImportFormat | undefined {
  const name = source.name.toLowerCase()
  return IMPORT_FORMATS.find((format) => format.extensions?.some((ending) => name.endsWith(ending)))
}

/** Why a source is none of the formats: `unknown format (expected a …, a … or a …)`. */
export function unknownFormatProblem(kind: ImportSource['kind']): string {
  const folder = kind === 'folder'
  const names = IMPORT_FORMATS.flatMap((f) => {
    if (folder && f.folderDescribed) return [f.folderDescribed]
    return (f.input === 'source' && f.folder === true) === folder ? [f.described] : []
  })
  if (names.length === 0) return folder ? 'cannot read the file (is a directory)' : 'unknown format'
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
  return folder ? `not a collection folder (expected ${list})` : `unknown format (expected ${list})`
}

/**
 * Reads `source` as `format` (an id from `importFormatIds`), or as the format detected from its
 * content. Throws `ImportSourceError` naming the format and the first problem.
 */
export function importSource(source: ImportSource, format?: string): ImportBundle {
  const json = jsonOf(source)
  let entry: ImportFormat | undefined
  if (format !== undefined) {
    entry = findFormat(format)
    if (!entry)
      throw new ImportSourceError(
        '',
        `unknown format ${quoted(format)} (use ${importFormatIds().join(', ')})`,
      )
  } else {
    entry = detectWith(source, json) ?? claimedBy(source)
  }
  if (!entry) {
    const { error } = json()
    // Text that is meant as JSON but is broken says so rather than "unknown format".
    if (error && source.kind === 'file' && /^\s*[[{]/.test(source.text))
      throw new ImportSourceError(error.path, error.problem)
    throw new ImportSourceError('', unknownFormatProblem(source.kind))
  }
  let label = entry.label
  try {
    let content
    if (entry.input === 'json') {
      if (source.kind !== 'file') throw new ImportError('', `a folder cannot be read as ${entry.described}`)
      const { json: value, error } = json()
      if (error) throw error
      label = entry.labelOf?.(value) ?? label
      content = entry.read(value)
    } else {
      label = entry.labelOf?.(source) ?? label
      content = entry.read(source)
    }
    return {
      format: entry.id,
      label,
      collections: content.collections ?? [],
      environments: content.environments ?? [],
      report: content.report ?? emptyReport(),
    }
  } catch (error) {
    if (error instanceof ImportSourceError || !(error instanceof ImportError)) throw error
    throw new ImportSourceError(error.path, error.problem, entry.id, label)
  }
}

/**
 * The shape of one entry in the import format registry (`formats.ts`): how a format is told from
 * its content and how it is read. JSON formats get the parsed value; the others (YAML, a folder of
 * `.bru` files, cURL text) get the source itself.
 */
import type { Collection, Environment } from '../types.ts'
import type { ImportReport } from './report.ts'
import type { ImportSource } from './source.ts'

/** What a reader found: any number of collections and environments, and what it left out. */
export interface ImportContent {
  collections?: Collection[]
  environments?: Environment[]
  report?: ImportReport
}

interface FormatBase {
  /** Short and stable: what `--format` takes (`postman`, `bruno`). */
  id: string
  /** For people, as messages write it: `Postman Collection v2.1`. */
  label: string
  /** With an article, for the "unknown format (expected …)" line: `a HAR 1.2 file`. */
  described: string
  /** File name endings that claim the format (`.har`): such a file is read as it even when its
   * content does not look like it, so the message names the first problem. */
  extensions?: string[]
  /** For a format read from a file or a folder: how the unknown-folder message names its folder. */
  folderDescribed?: string
}

export interface JsonFormat extends FormatBase {
  input: 'json'
  detect(json: unknown): boolean
  /** A finer label for this document (`Postman environment`), used in messages and the bundle. */
  labelOf?(json: unknown): string
  /** Throws `ImportError` naming the first problem's JSON path. */
  read(json: unknown): ImportContent
}

export interface SourceFormat extends FormatBase {
  input: 'source'
  /** Reads folders only (a Bruno collection): named in the unknown-folder message, not the file one. */
  folder?: boolean
  detect(source: ImportSource): boolean
  labelOf?(source: ImportSource): string
  /** Throws `ImportError` naming the first problem (a file and line, or a path in it). */
  read(source: ImportSource): ImportContent
}

export type ImportFormat = JsonFormat | SourceFormat

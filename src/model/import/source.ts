/**
 * What the user hands to an importer: one file's text (JSON or YAML), or the files of a folder
 * (a Bruno collection). Importers and format detection read this, so the app's Import dialog,
 * `sendbox import` and `sendbox run` share one entry point.
 */
export interface SourceFile {
  /** Relative to the folder given, with `/` separators (`users/Get user.bru`). */
  path: string
  text: string
}

export type ImportSource =
  { kind: 'file'; name: string; text: string } | { kind: 'folder'; name: string; files: SourceFile[] }

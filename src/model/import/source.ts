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

/**
 * Limits for reading a folder (the CLI's reader and the app's folder picker share them): a Bruno
 * collection is a few hundred small files; anything far bigger is the wrong folder.
 */
export const MAX_FOLDER_FILES = 5000
export const MAX_FOLDER_BYTES = 64 * 1024 * 1024

/** The files a folder format reads; everything else in the folder is not read at all. */
const FOLDER_FILE_ENDINGS = ['.bru', '.json', '.yml', '.yaml']

/** Whether a folder's file is read: by its ending, never inside hidden folders or `node_modules`. */
export function isFolderFileWanted(path: string): boolean {
  const parts = path.split('/')
  if (parts.some((part) => part.startsWith('.') || part === 'node_modules')) return false
  const name = path.toLowerCase()
  return FOLDER_FILE_ENDINGS.some((ending) => name.endsWith(ending))
}

/** A folder's files as a tree of folders (by name) and the files directly in each. */
export interface SourceDir {
  files: SourceFile[]
  dirs: Map<string, SourceDir>
}

/**
 * The files `keep` wants (given each file and its path's parts), as a tree. A path nested deeper
 * than `maxDepth` folders is refused with `tooDeep`, kept or not.
 */
export function sourceTree(
  files: readonly SourceFile[],
  keep: (file: SourceFile, parts: string[]) => boolean,
  maxDepth: number,
  tooDeep: (file: SourceFile) => Error,
): SourceDir {
  const root: SourceDir = { files: [], dirs: new Map() }
  for (const file of files) {
    const parts = file.path.split('/')
    if (parts.length - 1 > maxDepth) throw tooDeep(file)
    if (!keep(file, parts)) continue
    let dir = root
    for (const part of parts.slice(0, -1)) {
      let next = dir.dirs.get(part)
      if (!next) dir.dirs.set(part, (next = { files: [], dirs: new Map() }))
      dir = next
    }
    dir.files.push(file)
  }
  return root
}

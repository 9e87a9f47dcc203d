/**
 * A path on the command line as an import source: a file's text, or the files of a folder (a
 * Bruno collection), within the limits of `source.ts`. Problems are one `InputError` line.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { decodeText, MAX_FOLDER_DEPTH } from '../model/import/json-text.ts'
import {
  isFolderFileWanted,
  MAX_FOLDER_BYTES,
  MAX_FOLDER_FILES,
  type ImportSource,
  type SourceFile,
} from '../model/import/source.ts'

export class InputError extends Error {}

export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EISDIR') return 'is a directory'
  if (code === 'EACCES') return 'permission denied'
  return (error as Error).message
}

export async function readSourcePath(path: string): Promise<ImportSource> {
  const name =
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || path
  let isFolder = false
  try {
    isFolder = (await stat(path)).isDirectory()
  } catch (error) {
    throw new InputError(`${path}: cannot read the file (${reasonOf(error)})`)
  }
  if (isFolder) return { kind: 'folder', name, files: readFolder(path) }
  try {
    return { kind: 'file', name, text: decodeText(await readFile(path)) }
  } catch (error) {
    throw new InputError(`${path}: cannot read the file (${reasonOf(error)})`)
  }
}

/**
 * The wanted files under `root`, in a stable order; symbolic links are not followed. Read
 * synchronously: nothing else runs while a command reads its input, and a Bruno collection is a
 * file per request (the promise API's open, stat, read and close are each a round trip through
 * libuv's threads and a promise, per file).
 */
function readFolder(root: string): SourceFile[] {
  const files: SourceFile[] = []
  let bytes = 0
  const walk = (relative: string, depth: number): void => {
    if (depth > MAX_FOLDER_DEPTH)
      throw new InputError(`${root}: folders nested more than ${MAX_FOLDER_DEPTH} levels deep`)
    let entries
    try {
      entries = readdirSync(join(root, relative), { withFileTypes: true })
    } catch (error) {
      throw new InputError(`${join(root, relative)}: cannot read the folder (${reasonOf(error)})`)
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') walk(path, depth + 1)
        continue
      }
      if (!entry.isFile() || !isFolderFileWanted(path)) continue
      if (files.length >= MAX_FOLDER_FILES)
        throw new InputError(
          `${root}: the folder holds more than ${MAX_FOLDER_FILES} collection files (.bru, .json, .yml); is it the collection's folder?`,
        )
      const full = join(root, path)
      bytes += lstatSync(full).size
      if (bytes > MAX_FOLDER_BYTES)
        throw new InputError(
          `${root}: the folder's collection files add up to more than ${MAX_FOLDER_BYTES / 1024 / 1024} MB; is it the collection's folder?`,
        )
      try {
        files.push({ path, text: decodeText(readFileSync(full)) })
      } catch (error) {
        throw new InputError(`${full}: cannot read the file (${reasonOf(error)})`)
      }
    }
  }
  walk('', 0)
  return files
}

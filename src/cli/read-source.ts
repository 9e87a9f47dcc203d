/**
 * A path on the command line as an import source: a file's text, or the files of a folder (a
 * Bruno collection), within the limits of `source.ts`. Problems are one `InputError` line.
 */
import { lstat, readdir, readFile, stat } from 'node:fs/promises'
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
  if (isFolder) return { kind: 'folder', name, files: await readFolder(path) }
  try {
    return { kind: 'file', name, text: decodeText(await readFile(path)) }
  } catch (error) {
    throw new InputError(`${path}: cannot read the file (${reasonOf(error)})`)
  }
}

/** The wanted files under `root`, in a stable order; symbolic links are not followed. */
async function readFolder(root: string): Promise<SourceFile[]> {
  const files: SourceFile[] = []
  let bytes = 0
  const walk = async (relative: string, depth: number): Promise<void> => {
    if (depth > MAX_FOLDER_DEPTH)
      throw new InputError(`${root}: folders nested more than ${MAX_FOLDER_DEPTH} levels deep`)
    let entries
    try {
      entries = await readdir(join(root, relative), { withFileTypes: true })
    } catch (error) {
      throw new InputError(`${join(root, relative)}: cannot read the folder (${reasonOf(error)})`)
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') await walk(path, depth + 1)
        continue
      }
      if (!entry.isFile() || !isFolderFileWanted(path)) continue
      if (files.length >= MAX_FOLDER_FILES)
        throw new InputError(
          `${root}: the folder holds more than ${MAX_FOLDER_FILES} collection files (.bru, .json, .yml); is it the collection's folder?`,
        )
      const full = join(root, path)
      bytes += (await lstat(full)).size
      if (bytes > MAX_FOLDER_BYTES)
        throw new InputError(
          `${root}: the folder's collection files add up to more than ${MAX_FOLDER_BYTES / 1024 / 1024} MB; is it the collection's folder?`,
        )
      try {
        files.push({ path, text: decodeText(await readFile(full)) })
      } catch (error) {
        throw new InputError(`${full}: cannot read the file (${reasonOf(error)})`)
      }
    }
  }
  await walk('', 0)
  return files
}

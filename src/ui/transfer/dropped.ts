/**
 * What the user dropped or chose, as an import input: files, or a whole folder (a Bruno
 * collection) with each file's path inside it. A dropped folder is walked through the entries
 * API (`webkitGetAsEntry`); a folder chosen with `<input webkitdirectory>` names its files by
 * `webkitRelativePath`.
 */
import type { FolderEntry, ImportInput } from '../../runtime/import/protocol.ts'

interface Entry {
  isFile: boolean
  isDirectory: boolean
  name: string
}
interface FileEntry extends Entry {
  file(done: (file: File) => void, fail: (error: unknown) => void): void
}
interface DirectoryEntry extends Entry {
  createReader(): { readEntries(done: (entries: Entry[]) => void, fail: (error: unknown) => void): void }
}

/** A folder's files, at most `limit` of them (a dropped home directory must not hang the page). */
async function walk(dir: DirectoryEntry, prefix: string, into: FolderEntry[], limit: number): Promise<void> {
  const reader = dir.createReader()
  for (;;) {
    // readEntries hands out a batch at a time (100 in Chromium) until it returns none.
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (batch.length === 0) return
    for (const entry of batch) {
      if (into.length >= limit) return
      const path = prefix ? `${prefix}/${entry.name}` : entry.name
      if (entry.isDirectory) await walk(entry as DirectoryEntry, path, into, limit)
      else {
        const file = await new Promise<File>((resolve, reject) => (entry as FileEntry).file(resolve, reject))
        into.push({ path, file })
      }
    }
  }
}

export const FOLDER_FILE_LIMIT = 10_000

/**
 * Reads a drop. The entries must be taken while the drop event runs (the data transfer is
 * emptied after it), so call this synchronously from the handler and await the result.
 */
export function droppedInput(transfer: DataTransfer): Promise<ImportInput | null> {
  const items = Array.from(transfer.items).filter((item) => item.kind === 'file')
  const entries = items.map((item) => item.webkitGetAsEntry?.() as Entry | null | undefined)
  const files = items.map((item) => item.getAsFile()).filter((file): file is File => file !== null)
  const folder = entries.length === 1 && entries[0]?.isDirectory ? (entries[0] as DirectoryEntry) : undefined
  if (!folder) return Promise.resolve(files.length > 0 ? { kind: 'files', files } : null)
  const found: FolderEntry[] = []
  return walk(folder, '', found, FOLDER_FILE_LIMIT).then(() => ({
    kind: 'folder',
    name: folder.name,
    entries: found,
  }))
}

/** The files of `<input webkitdirectory>`: paths inside the chosen folder, its name apart. */
export function chosenFolder(files: File[]): ImportInput | null {
  if (files.length === 0) return null
  const first = files[0]!.webkitRelativePath.split('/')[0] ?? ''
  return {
    kind: 'folder',
    name: first,
    entries: files.map((file) => ({
      path: file.webkitRelativePath.split('/').slice(1).join('/') || file.name,
      file,
    })),
  }
}

/** A name for a URL's body: its last path segment, or its host. */
export function nameFromUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return decodeURIComponent(parsed.pathname.split('/').filter(Boolean).at(-1) ?? '') || parsed.host
  } catch {
    return url
  }
}

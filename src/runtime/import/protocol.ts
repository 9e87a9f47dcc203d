/**
 * Messages between the Import dialog (client.ts) and the import worker (worker.ts). The page
 * hands over what the user gave (File objects, a folder's files, pasted text); the worker reads,
 * parses and maps it, answers with a preview, and on `commit` with the workspace update to apply.
 * One worker per import: cancelling terminates it.
 */
import type { SkippedItem } from '../../model/import/report.ts'
import type { WrittenImport } from '../../model/workspace/api.ts'

export interface FolderEntry {
  /** Relative to the folder, with `/` separators (`users/Get user.bru`). */
  path: string
  file: Blob
}

export type ImportInput =
  /** Files chosen or dropped: each is read on its own (a collection and its environment together). */
  | { kind: 'files'; files: File[] }
  /** A whole folder (a Bruno collection). */
  | { kind: 'folder'; name: string; entries: FolderEntry[] }
  /** Pasted text, or the body fetched from a URL. */
  | { kind: 'text'; name: string; text: string }

export interface CollectionSummary {
  name: string
  requests: number
  folders: number
}

export interface ImportPreview {
  /** The format's name for people (`Postman Collection v2.1`); several joined when files differ. */
  label: string
  collections: CollectionSummary[]
  environments: { name: string; variables: number }[]
  /** What will be left out, the first `PREVIEW_SKIPPED` of them. */
  skipped: SkippedItem[]
  skippedCount: number
}

export const PREVIEW_SKIPPED = 50

export type ImportPhase = 'read' | 'parse' | 'write'

export type ToImportWorker = { type: 'preview'; input: ImportInput } | { type: 'commit' }

export type FromImportWorker =
  | { type: 'progress'; phase: ImportPhase; done: number; total: number }
  | { type: 'preview'; preview: ImportPreview }
  /** One line: the file, the format it looked like and the first problem with its path. */
  | { type: 'error'; message: string }
  | { type: 'built'; update: Uint8Array; written: WrittenImport }

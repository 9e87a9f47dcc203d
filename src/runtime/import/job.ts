/**
 * One import, as the worker runs it: read what the user gave (reporting bytes as they come),
 * parse and map it, summarise it for the preview, and on commit write it into a scratch doc whose
 * update the page applies. Plain functions over `post`, so Node tests drive them without a worker.
 */
import { ImportError } from '../../model/import/import-error.ts'
import { decodeText } from '../../model/import/json-text.ts'
import type { SkippedItem } from '../../model/import/report.ts'
import type { ImportSource } from '../../model/import/source.ts'
import type { Collection, TreeItem } from '../../model/types.ts'
import { encodeImport, type ImportItems, type WrittenImport } from '../../model/workspace/api.ts'
import {
  PREVIEW_SKIPPED,
  type CollectionSummary,
  type FromImportWorker,
  type ImportInput,
  type ImportPreview,
} from './protocol.ts'
import { importSource, type ImportBundle } from '../../model/import/import-source.ts'
import { loadParsersFor } from './lazy/needs.ts'
import { isLoaded, loadPackages, PackageNotLoaded } from './lazy/packages.ts'

export type Post = (message: FromImportWorker, transfer?: Transferable[]) => void

/** Progress at most this often: a message per 64 KB chunk of a 50 MB file would flood the page. */
const PROGRESS_MS = 50

async function readBlob(blob: Blob, onBytes: (count: number) => void): Promise<Uint8Array> {
  const bytes = new Uint8Array(blob.size)
  let at = 0
  const reader = blob.stream().getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    // A blob that grew since it was chosen: keep what fits, never write past the end.
    bytes.set(value.subarray(0, bytes.length - at), at)
    at += value.length
    onBytes(value.length)
  }
  return bytes.subarray(0, Math.min(at, bytes.length))
}

/** The sources in `input`, read with progress (`read` counts bytes). */
export async function readInput(input: ImportInput, post: Post): Promise<ImportSource[]> {
  if (input.kind === 'text') return [{ kind: 'file', name: input.name, text: input.text }]
  const blobs = input.kind === 'files' ? input.files : input.entries.map((entry) => entry.file)
  const total = blobs.reduce((sum, blob) => sum + blob.size, 0)
  let done = 0
  let last = 0
  const onBytes = (count: number) => {
    done += count
    const now = Date.now()
    if (now - last < PROGRESS_MS) return
    last = now
    post({ type: 'progress', phase: 'read', done: Math.min(done, total), total })
  }
  if (input.kind === 'files') {
    const sources: ImportSource[] = []
    for (const file of input.files) {
      sources.push({ kind: 'file', name: file.name, text: decodeText(await readBlob(file, onBytes)) })
    }
    return sources
  }
  const files = []
  for (const entry of input.entries) {
    files.push({ path: entry.path, text: decodeText(await readBlob(entry.file, onBytes)) })
  }
  return [{ kind: 'folder', name: input.name, files }]
}

/**
 * `source` read with the parsers it needs loaded first; a parser that detection did not foresee
 * is loaded when a reader reaches it, and the source read again (readers are pure).
 */
async function importLoaded(source: ImportSource): Promise<ImportBundle> {
  await loadParsersFor(source)
  for (;;) {
    try {
      return importSource(source)
    } catch (error) {
      if (!(error instanceof PackageNotLoaded) || isLoaded(error.packageName)) throw error
      await loadPackages([error.packageName])
      // A fresh object: the YAML formats keep what they parsed (or failed to) per source.
      source = { ...source }
    }
  }
}

/** Every source imported; one bad file stops the import, named when there are several. */
export async function importAll(sources: ImportSource[], post: Post): Promise<ImportBundle[]> {
  const bundles: ImportBundle[] = []
  for (const [index, source] of sources.entries()) {
    post({ type: 'progress', phase: 'parse', done: index, total: sources.length })
    try {
      bundles.push(await importLoaded(source))
    } catch (error) {
      if (!(error instanceof ImportError)) throw error
      throw new ImportError('', `${source.name}: ${error.message}`)
    }
  }
  return bundles
}

function count(items: TreeItem[], into: CollectionSummary): void {
  for (const item of items) {
    if (item.type === 'request') into.requests++
    else {
      into.folders++
      count(item.children, into)
    }
  }
}

function summary(collection: Collection): CollectionSummary {
  const result = { name: collection.name, requests: 0, folders: 0 }
  count(collection.children, result)
  return result
}

export function previewOf(bundles: ImportBundle[]): ImportPreview {
  const skipped: SkippedItem[] = bundles.flatMap((bundle) => bundle.report.skipped)
  return {
    label: [...new Set(bundles.map((bundle) => bundle.label))].join(', '),
    collections: bundles.flatMap((bundle) => bundle.collections.map(summary)),
    environments: bundles.flatMap((bundle) =>
      bundle.environments.map((env) => ({ name: env.name, variables: env.variables.length })),
    ),
    skipped: skipped.slice(0, PREVIEW_SKIPPED),
    skippedCount: skipped.length,
  }
}

export function itemsOf(bundles: ImportBundle[]): ImportItems {
  return {
    collections: bundles.flatMap((bundle) => bundle.collections),
    environments: bundles.flatMap((bundle) => bundle.environments),
  }
}

/** A job's state in the worker: the preview's bundles wait for `commit`. */
export function makeImportJob(post: Post) {
  let bundles: ImportBundle[] | null = null
  let ready: { update: Uint8Array; written: WrittenImport } | null = null
  const build = () => {
    if (!bundles) return null
    const encoded = encodeImport(itemsOf(bundles))
    bundles = null
    // Transferred, not copied: the buffer must be the update's alone.
    const { update, written } = encoded
    const owns = update.byteOffset === 0 && update.byteLength === update.buffer.byteLength
    return { update: owns ? update : update.slice(), written }
  }
  const fail = (error: unknown) => {
    const message =
      error instanceof ImportError
        ? error.message
        : `the import failed (${error instanceof Error ? error.message : String(error)})`
    post({ type: 'error', message })
  }
  return {
    async preview(input: ImportInput): Promise<void> {
      try {
        const sources = await readInput(input, post)
        bundles = await importAll(sources, post)
        const preview = previewOf(bundles)
        if (preview.collections.length === 0 && preview.environments.length === 0) {
          throw new ImportError('', `${preview.label}: holds no collection and no environment`)
        }
        post({ type: 'preview', preview })
        // The update is built while the user reads the preview, so `Import` has little left to do.
        setTimeout(() => {
          try {
            ready ??= build()
          } catch {
            // `commit` builds it again and reports the error.
          }
        }, 0)
      } catch (error) {
        bundles = null
        fail(error)
      }
    },
    commit(): void {
      try {
        post({ type: 'progress', phase: 'write', done: 0, total: 1 })
        const built = ready ?? build()
        ready = null
        if (!built) return post({ type: 'error', message: 'nothing to import' })
        post({ type: 'built', ...built }, [built.update.buffer])
      } catch (error) {
        fail(error)
      }
    },
  }
}

/**
 * Files chosen for form-data rows, kept on this device as IndexedDB blobs keyed by the row's
 * `fileRef`, so a saved request can be sent again after a reload. They are never synced.
 */
import type { FormDataRow } from '../../model/types.ts'
import { newId } from '../../model/ids.ts'

const DB_NAME = 'sendbox-files'
const STORE = 'files'
let opening: Promise<IDBDatabase> | undefined

function db(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'))
  })
  return opening
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

/** Keeps the file and answers the reference to store in the row. */
export async function keepFile(file: Blob): Promise<string> {
  const ref = `file-${newId()}`
  const tx = (await db()).transaction(STORE, 'readwrite')
  await done(tx.objectStore(STORE).put(file, ref))
  return ref
}

/** The pipeline's `resolveFile`: the bytes of a file row. */
export async function resolveFile(row: FormDataRow): Promise<Uint8Array> {
  const blob = row.fileRef
    ? ((await done((await db()).transaction(STORE).objectStore(STORE).get(row.fileRef))) as Blob | undefined)
    : undefined
  if (!blob) throw new Error(`The file for form field "${row.key}" is not on this device; choose it again.`)
  return new Uint8Array(await blob.arrayBuffer())
}

/** The history of sends (last 100, failed ones included) and each request's run history. */
import * as Y from 'yjs'
import { newId } from '../ids.ts'
import type { Id } from '../types.ts'
import { headerValue, type WireResponse } from '../wire.ts'
import type { HistoryEntry, RunEntry, StoredResponse } from './types.ts'
import { clone } from './clone.ts'
import { deviceRoots, HISTORY_LIMIT, RUNS_PER_REQUEST } from './device-doc.ts'
import { transact } from './workspace-doc.ts'

/** Characters of a response body a run keeps: enough to read it again, not to fill the disk. */
export const RUN_BODY_LIMIT = 256 * 1024

function trim(array: Y.Array<unknown>, limit: number): void {
  if (array.length > limit) array.delete(0, array.length - limit)
}

export function readHistory(device: Y.Doc): HistoryEntry[] {
  return (clone(deviceRoots(device).history.toArray()) as HistoryEntry[]).reverse()
}

export function addHistoryEntry(device: Y.Doc, entry: Omit<HistoryEntry, 'id'>, origin?: unknown): Id {
  const id = newId()
  const { history } = deviceRoots(device)
  transact(device, origin, () => {
    history.push([{ ...clone(entry), id }])
    trim(history, HISTORY_LIMIT)
  })
  return id
}

export function clearHistory(device: Y.Doc, origin?: unknown): void {
  const { history } = deviceRoots(device)
  transact(device, origin, () => history.delete(0, history.length))
}

export function readRuns(device: Y.Doc, requestId: Id): RunEntry[] {
  const runs = deviceRoots(device).runs.get(requestId)
  return runs ? (clone(runs.toArray()) as RunEntry[]).reverse() : []
}

export function addRun(device: Y.Doc, requestId: Id, run: Omit<RunEntry, 'id'>, origin?: unknown): Id {
  const id = newId()
  const { runs } = deviceRoots(device)
  transact(device, origin, () => {
    let list = runs.get(requestId)
    if (!list) {
      list = new Y.Array<unknown>()
      runs.set(requestId, list)
    }
    list.push([{ ...clone(run), id }])
    trim(list, RUNS_PER_REQUEST)
  })
  return id
}

export function clearRuns(device: Y.Doc, requestId: Id, origin?: unknown): void {
  transact(device, origin, () => deviceRoots(device).runs.delete(requestId))
}

const TEXTUAL =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded|yaml|graphql))/i

export function storedResponse(response: WireResponse): StoredResponse {
  const contentType = headerValue(response.headers, 'content-type') ?? ''
  const body = response.body
  // Only the part that is kept is decoded: a 100 MB body is not turned into a string for 256 KB.
  // A UTF-16 unit takes at most 3 UTF-8 bytes; `stream` leaves a character cut at the end out.
  const head = body.subarray(0, RUN_BODY_LIMIT * 3)
  const textual = TEXTUAL.test(contentType.trim()) || (contentType === '' && isUtf8(head))
  if (textual) {
    const text = new TextDecoder().decode(head, { stream: true })
    return {
      status: response.status,
      statusText: response.statusText,
      headers: clone(response.headers),
      body: text.slice(0, RUN_BODY_LIMIT),
      bodyEncoding: 'text',
      truncated: text.length > RUN_BODY_LIMIT || head.length < body.length,
      sizeBytes: body.length,
    }
  }
  // Base64 grows 4/3: keep whole 3-byte groups that fit the limit.
  const keep = Math.floor((RUN_BODY_LIMIT / 4) * 3)
  return {
    status: response.status,
    statusText: response.statusText,
    headers: clone(response.headers),
    body: toBase64(body.subarray(0, keep)),
    bodyEncoding: 'base64',
    truncated: body.length > keep,
    sizeBytes: body.length,
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    // Streaming: a character cut at the end of a prefix is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true })
    return true
  } catch {
    return false
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

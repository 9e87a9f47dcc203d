/**
 * The message log's data, kept outside Solid's reactivity: a plain array that only grows, and a
 * version signal bumped at most once per frame. Incoming messages are queued and appended in
 * one batch per animation frame, so 100,000 messages never make one long task.
 */
import { createSignal } from 'solid-js'

export type Direction = 'sent' | 'received' | 'info'

export interface LogEntry {
  direction: Direction
  /** Epoch milliseconds. */
  time: number
  /** Bytes on the wire (UTF-8 length for text). */
  size: number
  text?: string
  bytes?: Uint8Array
  /** Info lines that report a problem (a failure, a refused upgrade). */
  error?: boolean
  /** A named message's name and id (a Server-Sent Event's `event:` and `id:`), shown as columns. */
  name?: string
  id?: string
}

const encoder = new TextEncoder()

export function textSize(text: string): number {
  // Exact for ASCII without encoding; longer text is encoded once.
  return /^[\x00-\x7f]*$/.test(text) ? text.length : encoder.encode(text).length
}

export function makeLogEntry(direction: Direction, data: string | Uint8Array, time = Date.now()): LogEntry {
  return typeof data === 'string'
    ? { direction, time, size: textSize(data), text: data }
    : { direction, time, size: data.length, bytes: data }
}

/** The next frame; a hidden page gets no frames, so then a short timer keeps the log up to date. */
function nextFrame(flush: () => void): void {
  if (document.visibilityState === 'visible') requestAnimationFrame(flush)
  else setTimeout(flush, 100)
}

export function createMessageLog(schedule: (flush: () => void) => void = nextFrame) {
  const entries: LogEntry[] = []
  let queue: LogEntry[] = []
  let scheduled = false
  const [version, setVersion] = createSignal(0)
  const flush = () => {
    scheduled = false
    if (queue.length === 0) return
    for (const entry of queue) entries.push(entry)
    queue = []
    setVersion((v) => v + 1)
  }
  return {
    entries: entries as readonly LogEntry[],
    /** Read it to re-run when entries were appended. */
    version,
    add(entry: LogEntry) {
      queue.push(entry)
      if (scheduled) return
      scheduled = true
      schedule(flush)
    },
    clear() {
      entries.length = 0
      queue = []
      setVersion((v) => v + 1)
    },
  }
}

export type MessageLogData = ReturnType<typeof createMessageLog>

/** Indices of the entries a filter and search keep (all when neither is set: no array is built). */
export function filterLog(
  entries: readonly LogEntry[],
  direction: Direction | 'all',
  search: string,
): number[] | null {
  if (direction === 'all' && !search) return null
  const needle = search.toLowerCase()
  const kept: number[] = []
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!
    if (direction !== 'all' && entry.direction !== direction) continue
    if (needle && !matches(entry, needle)) continue
    kept.push(i)
  }
  return kept
}

function matches(entry: LogEntry, needle: string): boolean {
  return (
    (entry.text ?? '').toLowerCase().includes(needle) ||
    (entry.name !== undefined && entry.name.toLowerCase().includes(needle)) ||
    (entry.id !== undefined && entry.id.toLowerCase().includes(needle))
  )
}

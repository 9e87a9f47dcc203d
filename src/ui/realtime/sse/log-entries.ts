/**
 * A Server-Sent Events connection's entries as rows of the generic message log: each event a
 * received message with its event name and id; connects, reconnects (with their delay and the id
 * sent), errors and the end as info rows.
 */
import type { SseEntry } from '../../../runtime/realtime/sse/connect.ts'
import { textSize, type LogEntry } from '../log-model.ts'
import { sseUi } from './messages.ts'

function info(time: number, text: string, error?: boolean): LogEntry {
  return { direction: 'info', time, size: 0, text, ...(error ? { error } : {}) }
}

export function sseLogEntry(entry: SseEntry): LogEntry {
  switch (entry.type) {
    case 'event':
      return {
        direction: 'received',
        time: entry.at,
        size: textSize(entry.data),
        text: entry.data,
        name: entry.event,
        id: entry.id,
      }
    case 'open':
      return info(entry.at, sseUi.connected(entry.status))
    case 'reconnect':
      return info(entry.at, `${entry.reason}. ${sseUi.reconnect(entry.delayMs, entry.lastEventId)}`)
    case 'error':
      return info(entry.at, entry.message, true)
    case 'closed':
      return info(entry.at, entry.reason)
  }
}

/**
 * One Server-Sent Events connection per tab, kept outside the component: switching tabs keeps it
 * reading, and coming back shows the same list. Entries go to the generic message log
 * (../log-model.ts), which appends them in one batch per frame and keeps all of them: the list
 * shows only the rows in view, so it stays fast however long the stream runs.
 */
import { createSignal, type Accessor } from 'solid-js'
import type { Id } from '../../../model/types.ts'
import {
  connectSse,
  type SseConnection,
  type SseEntry,
  type SseState,
} from '../../../runtime/realtime/sse/connect.ts'
import type { AppStore } from '../../store/index.ts'

import { createMessageLog, type MessageLogData } from '../log-model.ts'
import { perTab } from '../tab-sessions.ts'
import { sseLogEntry } from './log-entries.ts'

/** The store's slices a connection uses. */
type Slices = Pick<AppStore, 'tabs' | 'connections'>

export interface SseSession {
  state: Accessor<SseState>
  log: MessageLogData
  /** Events received since the last `Clear`, counted as the log shows them (once per frame). */
  received: Accessor<number>
  /** The message that ended the last connection, until the next `Connect`. */
  error: Accessor<string | null>
  connect(): Promise<void>
  disconnect(): void
  clear(): void
}

function makeSession(store: Slices, tabId: Id): SseSession {
  const [state, setState] = createSignal<SseState>('closed')
  const [error, setError] = createSignal<string | null>(null)
  const log = createMessageLog()
  let events = 0
  let current: SseConnection | undefined
  /** `Disconnect` pressed while the connection was still being prepared. */
  let stopped = false

  const push = (entry: SseEntry) => {
    if (entry.type === 'event') events++
    if (entry.type === 'error') setError(entry.message)
    log.add(sseLogEntry(entry))
  }

  return {
    state,
    log,
    received: () => (log.version(), events),
    error,
    async connect() {
      if (current || state() !== 'closed') return
      setError(null)
      setState('connecting')
      stopped = false
      const prepared = await store.connections.connectionFor(tabId)
      if (!prepared || stopped) {
        setState('closed')
        return
      }
      const open = connectSse(prepared.input, { ...prepared.deps, onEntry: push, onState: setState })
      current = open
      // A closed tab's connection ends with it.
      const watch = setInterval(() => {
        if (!store.tabs.state.tabs.some((t) => t.id === tabId)) open.close()
      }, 1000)
      const summary = await open.done
      clearInterval(watch)
      current = undefined
      store.connections.recordConnection(tabId, {
        kind: 'sse',
        url: summary.url,
        openedAt: summary.startedAt,
        durationMs: summary.durationMs,
        received: summary.events,
        sent: 0,
        ...(summary.reconnects ? { reconnects: summary.reconnects } : {}),
        ...(summary.error !== undefined ? { error: summary.error } : {}),
      })
      if (!store.tabs.state.tabs.some((t) => t.id === tabId)) sseSession.drop(tabId)
    },
    disconnect() {
      stopped = true
      current?.close()
    },
    clear() {
      events = 0
      log.clear()
    },
  }
}

/** The tab's SSE connection (tab-sessions.ts). */
export const sseSession = perTab(makeSession)

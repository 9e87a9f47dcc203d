/**
 * One Server-Sent Events connection per tab, kept outside the component: switching tabs keeps it
 * reading, and coming back shows the same list. Entries arrive in batches (one per frame), and
 * the list keeps the newest SHOWN_LIMIT of them so it stays fast however long the stream runs.
 */
import { batch, createSignal, type Accessor } from 'solid-js'
import type { Id } from '../../../model/types.ts'
import {
  connectSse,
  type SseConnection,
  type SseEntry,
  type SseState,
} from '../../../runtime/realtime/sse/connect.ts'
import type { AppStore } from '../../store/index.ts'

export const SHOWN_LIMIT = 500

export type ShownEntry = SseEntry & { seq: number }

export interface TabConnection {
  state: Accessor<SseState>
  entries: Accessor<ShownEntry[]>
  /** Events received since the last `Clear`, shown ones or not. */
  received: Accessor<number>
  /** Entries dropped from the top of the list to keep it at SHOWN_LIMIT. */
  hidden: Accessor<number>
  /** The message that ended the last connection, until the next `Connect`. */
  error: Accessor<string | null>
  connect(): Promise<void>
  disconnect(): void
  clear(): void
}

const connections = new Map<Id, TabConnection>()

export function tabConnection(store: AppStore, tabId: Id): TabConnection {
  const known = connections.get(tabId)
  if (known) return known
  const [state, setState] = createSignal<SseState>('closed')
  const [entries, setEntries] = createSignal<ShownEntry[]>([])
  const [received, setReceived] = createSignal(0)
  const [hidden, setHidden] = createSignal(0)
  const [error, setError] = createSignal<string | null>(null)
  let current: SseConnection | undefined
  let pending: ShownEntry[] = []
  let seq = 0
  let scheduled = false
  /** `Disconnect` pressed while the connection was still being prepared. */
  let stopped = false

  const flush = () => {
    scheduled = false
    const arrived = pending
    pending = []
    if (arrived.length === 0) return
    batch(() => {
      const all = [...entries(), ...arrived]
      const cut = Math.max(0, all.length - SHOWN_LIMIT)
      setEntries(cut > 0 ? all.slice(cut) : all)
      if (cut > 0) setHidden((n) => n + cut)
      setReceived((n) => n + arrived.filter((e) => e.type === 'event').length)
    })
  }
  const push = (entry: SseEntry) => {
    pending.push({ ...entry, seq: seq++ })
    if (entry.type === 'error') setError(entry.message)
    if (scheduled) return
    scheduled = true
    // A hidden page gets no frames: a timer then keeps the list (and its count) up to date.
    if (document.visibilityState === 'visible') requestAnimationFrame(flush)
    else setTimeout(flush, 100)
  }

  const connection: TabConnection = {
    state,
    entries,
    received,
    hidden,
    error,
    async connect() {
      if (current || state() !== 'closed') return
      setError(null)
      setState('connecting')
      stopped = false
      const prepared = await store.connectionFor(tabId)
      if (!prepared || stopped) {
        setState('closed')
        return
      }
      const open = connectSse(prepared.input, { ...prepared.deps, onEntry: push, onState: setState })
      current = open
      // A closed tab's connection ends with it.
      const watch = setInterval(() => {
        if (!store.state.tabs.some((t) => t.id === tabId)) open.close()
      }, 1000)
      const summary = await open.done
      clearInterval(watch)
      current = undefined
      flush()
      prepared.record({ ...summary, received: summary.events, sent: 0 })
      if (!store.state.tabs.some((t) => t.id === tabId)) connections.delete(tabId)
    },
    disconnect() {
      stopped = true
      current?.close()
    },
    clear() {
      pending = []
      batch(() => {
        setEntries([])
        setReceived(0)
        setHidden(0)
      })
    },
  }
  connections.set(tabId, connection)
  return connection
}

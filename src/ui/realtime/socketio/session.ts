/**
 * A tab's Socket.IO connection, kept per tab outside the editor (tab-sessions.ts). The request is
 * built as Send builds it (store.connect: variables, params as the query, headers, auth, the
 * pre-request script), then connected through the relay's bridge when the page has a relay (its
 * proxy, TLS and certificate settings), else by the page itself (runtime/realtime/socketio/).
 */
import { createSignal } from 'solid-js'
import { parseAuth, socketIoUrl, makeSocketIoSettings } from '../../../model/realtime/socketio.ts'
import type { Id } from '../../../model/types.ts'
import { connectSocketIo, type SocketIoConnection } from '../../../runtime/realtime/socketio/connect.ts'
import { connectViaRelay } from '../../../runtime/realtime/socketio/relay-connection.ts'
import type {
  AckCallback,
  SocketIoHandlers,
  SocketIoTarget,
} from '../../../runtime/realtime/socketio/types.ts'
import type { ConnectionSummary } from '../../store/history-record.ts'
import type { AppStore } from '../../store/index.ts'
import { createMessageLog, makeLogEntry } from '../log-model.ts'
import { DEFAULT_HEADERS, HandedOver, infoEntry as info } from '../connection-parts.tsx'
import { perTab } from '../tab-sessions.ts'
import { socketIoMessages as m } from './messages.ts'

export type SocketIoState = 'idle' | 'connecting' | 'open'

function makeSession(store: Pick<AppStore, 'tabs' | 'connections'>, tabId: Id) {
  const [state, setState] = createSignal<SocketIoState>('idle')
  const [socketId, setSocketId] = createSignal('')
  const [problem, setProblem] = createSignal<string | null>(null)
  /** Headers the last direct connection could send only while polling (none through the relay). */
  const [pollingOnly, setPollingOnly] = createSignal<string[]>([])
  const log = createMessageLog()
  let connection: SocketIoConnection | undefined
  let counts = { sent: 0, received: 0 }
  let summary: Pick<ConnectionSummary, 'url' | 'openedAt'> | undefined

  const settings = () =>
    store.tabs.state.tabs.find((t) => t.id === tabId)?.draft.socketio ?? makeSocketIoSettings()
  const end = (error?: string) => {
    if (summary)
      store.connections.recordConnection(tabId, {
        kind: 'socketio',
        ...summary,
        durationMs: Date.now() - summary.openedAt,
        ...counts,
        ...(error !== undefined ? { error } : {}),
      })
    summary = undefined
    connection = undefined
    setState('idle')
  }

  return {
    state,
    socketId,
    problem,
    pollingOnly,
    log,
    async connect() {
      if (state() !== 'idle') return
      setProblem(null)
      setState('connecting')
      counts = { sent: 0, received: 0 }
      const spec = settings()
      const auth = parseAuth(spec.auth)
      const result = await store.connections.connect(tabId, async (request, selected, options) => {
        if (!auth.ok) throw new Error(auth.problem)
        const url = socketIoUrl(request.url, spec.namespace)
        if (!url.ok) throw new Error(url.problem)
        summary = { url: url.value, openedAt: Date.now() }
        let opened = false
        const target: SocketIoTarget = {
          url: request.url,
          path: spec.path,
          namespace: spec.namespace,
          version: spec.version,
          headers: request.headers,
          events: spec.events,
          ...(auth.value ? { auth: auth.value } : {}),
        }
        const handlers: SocketIoHandlers = {
          open: (id) => {
            opened = true
            setSocketId(id)
            setState('open')
            log.add(info(m.opened(url.value, id)))
          },
          event: (name, args) => {
            counts.received++
            log.add({ ...makeLogEntry('received', JSON.stringify(args)), name })
          },
          failure: (message) => {
            const text = m.failed(message)
            log.add(info(text, true))
            setProblem(text)
          },
          reconnecting: (attempt) => {
            setState('connecting')
            log.add(info(m.reconnecting(attempt)))
          },
          closed: (reason, byClient) => {
            log.add(info(m.closed(reason, byClient), !byClient && !opened))
            end(byClient || opened ? undefined : reason)
          },
        }
        const relay = selected.mode === 'relay' ? selected.relay : undefined
        setPollingOnly(
          relay
            ? []
            : request.headers.map(([name]) => name).filter((n) => !DEFAULT_HEADERS.has(n.toLowerCase())),
        )
        connection = relay
          ? connectViaRelay(
              relay,
              {
                ...target,
                ...(options.proxy ? { proxy: options.proxy } : {}),
                ...(options.tls ? { tls: options.tls } : {}),
              },
              handlers,
            )
          : connectSocketIo(target, handlers)
        throw new HandedOver()
      })
      if (!connection) {
        const reason = m.failed((result && 'error' in result && result.error) || m.disconnected)
        log.add(info(reason, true))
        setProblem(reason)
        setState('idle')
      }
    },
    /** `Emit`: the event with its arguments; with `ack`, the reply is logged when it comes. */
    emit(event: string, args: unknown[], ack: boolean): boolean {
      if (!connection || state() !== 'open') {
        setProblem(m.notConnected)
        return false
      }
      setProblem(null)
      counts.sent++
      log.add({ ...makeLogEntry('sent', JSON.stringify(args)), name: event })
      const reply: AckCallback | undefined = ack
        ? (error, answer) =>
            log.add(
              error
                ? info(m.ackFailed(event, error.message), true)
                : { ...makeLogEntry('received', JSON.stringify(answer)), name: m.ackReply(event) },
            )
        : undefined
      try {
        connection.emit(event, args, reply)
      } catch (error) {
        // socket.io-client refuses its reserved names (connect, disconnect…).
        setProblem((error as Error).message)
        return false
      }
      return true
    },
    disconnect() {
      connection?.close()
    },
  }
}

export type SocketIoSession = ReturnType<typeof makeSession>

/** The tab's Socket.IO connection (tab-sessions.ts). */
export const socketioSession = perTab(makeSession)

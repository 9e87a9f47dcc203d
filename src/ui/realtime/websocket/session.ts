/**
 * A tab's WebSocket connection: kept per tab outside the component, so switching tabs and back
 * keeps it open and its log. The connector is picked from the page's transport: the relay's
 * bridge when there is a relay, else the browser's own WebSocket.
 */
import { createSignal } from 'solid-js'
import type { Id } from '../../../model/types.ts'
import type { HeaderList } from '../../../model/wire.ts'
import { directConnector, unsendableHeaders } from '../../../runtime/realtime/websocket/direct-connection.ts'
import { relayConnector } from '../../../runtime/realtime/websocket/relay-connection.ts'
import { webSocketUrl } from '../../../runtime/realtime/websocket/url.ts'
import type { WsConnection } from '../../../runtime/realtime/websocket/types.ts'
import type { SelectedTransport } from '../../../runtime/transport/select.ts'
import type { SendOptions } from '../../../runtime/transport/types.ts'
import type { ConnectionSummary } from '../../store/history-record.ts'
import type { AppStore } from '../../store/index.ts'
import { createMessageLog, makeLogEntry } from '../log-model.ts'
import { DEFAULT_HEADERS, HandedOver, infoEntry as info } from '../connection-parts.tsx'
import { perTab } from '../tab-sessions.ts'
import { realtimeMessages as m } from '../messages-realtime.ts'

export type ConnectionState = 'idle' | 'connecting' | 'open'

function makeSession(store: Pick<AppStore, 'tabs' | 'connections'>, tabId: Id) {
  const [state, setState] = createSignal<ConnectionState>('idle')
  const [openedAt, setOpenedAt] = createSignal(0)
  const [problem, setProblem] = createSignal<string | null>(null)
  const [dropped, setDropped] = createSignal<string[] | null>(null)
  const log = createMessageLog()
  let connection: WsConnection | undefined
  let counts = { sent: 0, received: 0 }
  let summary: Omit<ConnectionSummary, 'durationMs' | 'sent' | 'received'> | undefined

  const end = (error?: string) => {
    if (summary) {
      const durationMs = state() === 'open' ? Date.now() - openedAt() : 0
      store.connections.recordConnection(tabId, {
        ...summary,
        durationMs,
        ...counts,
        ...(error !== undefined ? { error } : {}),
      })
    }
    summary = undefined
    connection = undefined
    setState('idle')
  }

  return {
    state,
    openedAt,
    problem,
    /** Headers the browser could not send on the last direct connection. */
    dropped,
    log,
    /** Builds the request as Send does (store.connect) and opens it over the relay or directly. */
    async connect() {
      if (state() !== 'idle') return
      setProblem(null)
      setState('connecting')
      counts = { sent: 0, received: 0 }
      const open = async (
        request: { url: string; headers: HeaderList },
        selected: SelectedTransport,
        options: SendOptions,
      ): Promise<never> => {
        const url = webSocketUrl(request.url)
        if (!url.ok) throw new Error(url.error)
        const direct = selected.mode !== 'relay' || !selected.relay
        setDropped(
          direct
            ? unsendableHeaders(request.headers.filter(([n]) => !DEFAULT_HEADERS.has(n.toLowerCase())))
            : null,
        )
        const connector = direct ? directConnector() : relayConnector(selected.relay!)
        summary = { kind: 'websocket', url: url.url, openedAt: Date.now() }
        connection = connector(
          {
            url: url.url,
            headers: request.headers,
            ...(options.proxy ? { proxy: options.proxy } : {}),
            ...(options.tls ? { tls: options.tls } : {}),
          },
          {
            open: (handshake) => {
              setOpenedAt(Date.now())
              setState('open')
              if (summary) summary = { ...summary, status: handshake.status, openedAt: Date.now() }
              log.add(info(m.opened(url.url, handshake.protocol)))
            },
            message: (data) => {
              counts.received++
              log.add(makeLogEntry('received', data))
            },
            failure: (failure) => {
              const text = m.failed(failure.message + (failure.body ? `\n${failure.body}` : ''))
              log.add(info(text, true))
              setProblem(text)
              if (state() !== 'open') end(failure.message)
            },
            closed: (closed) => {
              log.add(info(m.closed(closed.code, closed.reason, closed.by)))
              end()
            },
          },
        )
        throw new HandedOver()
      }
      const result = await store.connections.connect(tabId, open)
      if (!connection) {
        // The pre-request script or the request's build failed, or the URL is not a WebSocket's.
        const reason = m.failed((result && 'error' in result && result.error) || m.disconnected)
        log.add(info(reason, true))
        setProblem(reason)
        setState('idle')
      }
    },
    send(data: string | Uint8Array): boolean {
      if (!connection || state() !== 'open') {
        setProblem(m.notConnected)
        return false
      }
      setProblem(null)
      connection.send(data)
      counts.sent++
      log.add(makeLogEntry('sent', data))
      return true
    },
    disconnect() {
      connection?.close(1000)
    },
  }
}

export type WsSession = ReturnType<typeof makeSession>

/** The tab's WebSocket connection (tab-sessions.ts). */
export const websocketSession = perTab(makeSession)

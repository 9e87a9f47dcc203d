/**
 * One gRPC tab's live state, kept per tab outside the component (as the WebSocket area keeps its
 * session): switching tabs and back keeps a running call receiving, and its log, status,
 * metadata, trailers and the loaded services are there on return. Closing the tab cancels the
 * call. Each call or look-up first goes through the send pipeline (prepare.ts: pre-request
 * scripts, auth), then over the relay (relay-client.ts). The request itself stays in the draft.
 */
import { createEffect, createRoot, createSignal } from 'solid-js'
import type { Id } from '../../../model/types.ts'
import { makeGrpcSpec } from '../../../model/realtime/grpc.ts'
import { prepareGrpc } from '../../../runtime/realtime/grpc/prepare.ts'
import type {
  GrpcCatalog,
  GrpcEndpoint,
  GrpcServerFrame,
  MetadataPairs,
} from '../../../runtime/realtime/grpc/protocol.ts'
import {
  describeViaRelay,
  GRPC_NEEDS_RELAY,
  openGrpcSocket,
  type GrpcCallSocket,
} from '../../../runtime/realtime/grpc/relay-client.ts'
import type { RelayEndpoint } from '../../../runtime/transport/select.ts'
import type { AppStore } from '../../store/index.ts'

/** The store's slices a connection uses. */
type Slices = Pick<AppStore, 'tabs' | 'connections'>
import { createMessageLog, makeLogEntry } from '../log-model.ts'
import { perTab } from '../tab-sessions.ts'
import { grpcMessages as m } from './messages.ts'

export interface CallStatus {
  code: number
  name: string
  details: string
}

/** `preparing`: the pre-request scripts run and the relay is found; nothing has gone out yet. */
export type CallState = 'idle' | 'preparing' | 'running'

type Ready = { relay: RelayEndpoint; at: GrpcEndpoint; fill: (text: string) => string; url: string }

function makeCall(store: Slices, tabId: Id) {
  const [catalog, setCatalog] = createSignal<GrpcCatalog | null>(null)
  const [loading, setLoading] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)
  /** The pipeline's reason when nothing was sent (`Request not sent`, as for HTTP). */
  const [notSent, setNotSent] = createSignal<string | null>(null)
  const [status, setStatus] = createSignal<CallStatus | null>(null)
  const [headers, setHeaders] = createSignal<MetadataPairs>([])
  const [trailers, setTrailers] = createSignal<MetadataPairs>([])
  const [state, setState] = createSignal<CallState>('idle')
  const log = createMessageLog()
  let socket: GrpcCallSocket | undefined
  let fill = (text: string) => text
  let counts = { sent: 0, received: 0 }
  let stopWatch: (() => void) | undefined
  /** `Cancel` pressed while the pre-request scripts ran: the call is not made. */
  let withdrawn = false

  const tabOpen = () => store.tabs.state.tabs.some((t) => t.id === tabId)

  /**
   * The tab's request through the pipeline and the relay; when nothing may go out, why (shown
   * already), or null when the tab is gone.
   */
  async function ready(): Promise<Ready | string | null> {
    setError(null)
    setNotSent(null)
    const connection = await store.connections.connectionFor(tabId)
    if (!connection) return null
    const prepared = await prepareGrpc(connection.input, connection.deps)
    if (!prepared.ok) {
      setNotSent(prepared.result.error)
      return prepared.result.error
    }
    const { relay, tls } = await store.connections.grpcServices()
    if (!relay) {
      setError(GRPC_NEEDS_RELAY)
      return GRPC_NEEDS_RELAY
    }
    const spec = connection.draft.grpc ?? makeGrpcSpec()
    return {
      relay,
      fill: prepared.fill,
      url: `${prepared.target}/${spec.service}/${spec.method}`,
      at: {
        target: prepared.target,
        tls: spec.tls,
        ...(spec.tls && tls ? { tlsSettings: tls } : {}),
        metadata: prepared.metadata,
        source: spec.source,
        protoFiles: spec.protoFiles,
      },
    }
  }

  function finish(frame: GrpcServerFrame & { type: 'status' | 'error' }, url: string, started: number) {
    setState('idle')
    socket = undefined
    stopWatch?.()
    stopWatch = undefined
    store.connections.recordConnection(tabId, {
      kind: 'grpc',
      url,
      openedAt: started,
      ...(frame.type === 'status' ? { status: frame.code } : { error: frame.message }),
      durationMs: Date.now() - started,
      ...counts,
    })
  }

  /**
   * A call that ended before anything went out (a script threw, the auth was refused, no relay,
   * `Cancel` while the scripts ran) is in the history as an HTTP send that was not sent is: the
   * URL as typed, the reason, no status.
   */
  function recordNotSent(at: { time: number; url: string }, error: string) {
    store.connections.recordConnection(tabId, {
      kind: 'grpc',
      url: at.url,
      openedAt: at.time,
      outcome: 'not-sent',
      error,
    })
  }

  const onFrame = (url: string, started: number) => (frame: GrpcServerFrame) => {
    if (frame.type === 'message') {
      counts.received++
      log.add(makeLogEntry('received', JSON.stringify(frame.message, null, 2), frame.at))
    } else if (frame.type === 'metadata') setHeaders(frame.metadata)
    else if (frame.type === 'status') {
      setStatus({ code: frame.code, name: frame.name, details: frame.details })
      setTrailers(frame.trailers)
      log.add({ ...makeLogEntry('info', m.ended(frame.code, frame.name), frame.at), error: frame.code !== 0 })
      finish(frame, url, started)
    } else if (frame.type === 'error') {
      setError(frame.message)
      log.add({ ...makeLogEntry('info', frame.message), error: true })
      finish(frame, url, started)
    }
  }

  /** One message of a client or bidirectional stream, its `{{variables}}` filled as the call's. */
  function sendMessage(json: string) {
    if (!socket) return
    const text = fill(json)
    socket.send({ type: 'message', json: text })
    counts.sent++
    log.add(makeLogEntry('sent', text))
  }

  /** A closed tab's call ends with it (and the tab's state is dropped). */
  function watchTab() {
    stopWatch = createRoot((dispose) => {
      createEffect(() => {
        if (tabOpen()) return
        socket?.send({ type: 'cancel' })
        socket?.close()
        socket = undefined
        dispose()
        grpcSession.drop(tabId)
      })
      return dispose
    })
  }

  return {
    catalog,
    loading,
    error,
    setError,
    notSent,
    log,
    status,
    headers,
    trailers,
    state,
    running: () => state() !== 'idle',

    /** `Load services`: reflection or the .proto files, with the call's metadata and auth. */
    async load() {
      setLoading(true)
      try {
        const at = await ready()
        if (at && typeof at !== 'string')
          setCatalog(await describeViaRelay({ relayUrl: at.relay.url, token: at.relay.token }, at.at))
      } catch (failure) {
        setCatalog(null)
        setError((failure as Error).message)
      } finally {
        setLoading(false)
      }
    },

    /**
     * `Invoke` / `Start stream`: `message` is sent at once (unary and server streaming, then the
     * stream is half-closed); without it the user sends messages one by one.
     */
    async start(message: string | undefined) {
      if (state() !== 'idle') return
      setState('preparing')
      withdrawn = false
      log.clear()
      setStatus(null)
      setHeaders([])
      setTrailers([])
      counts = { sent: 0, received: 0 }
      const draft = store.tabs.state.tabs.find((t) => t.id === tabId)?.draft
      const planned = {
        time: Date.now(),
        url: `${draft?.url ?? ''}/${draft?.grpc?.service ?? ''}/${draft?.grpc?.method ?? ''}`,
      }
      try {
        const at = await ready()
        if (!at || typeof at === 'string' || !tabOpen() || withdrawn) {
          setState('idle')
          if (at) recordNotSent(planned, typeof at === 'string' ? at : m.withdrawn)
          return
        }
        const spec = store.tabs.state.tabs.find((t) => t.id === tabId)?.draft.grpc ?? makeGrpcSpec()
        fill = at.fill
        setState('running')
        watchTab()
        socket = openGrpcSocket(
          { relayUrl: at.relay.url, token: at.relay.token },
          {
            type: 'start',
            ...at.at,
            service: spec.service,
            method: spec.method,
            deadlineMs: spec.deadlineMs,
          },
          onFrame(at.url, Date.now()),
        )
        if (message !== undefined) {
          sendMessage(message)
          socket?.send({ type: 'end' })
        }
      } catch (failure) {
        const error = (failure as Error).message
        setState('idle')
        setError(error)
        if (!socket) {
          stopWatch?.()
          stopWatch = undefined
          recordNotSent(planned, error)
        }
      }
    },

    send: sendMessage,
    end: () => socket?.send({ type: 'end' }),
    cancel() {
      if (state() === 'preparing') withdrawn = true
      socket?.send({ type: 'cancel' })
    },
  }
}

export type GrpcSession = ReturnType<typeof makeCall>

/** The tab's gRPC call (tab-sessions.ts). */
export const grpcSession = perTab(makeCall)

/** The component left: a closed tab's idle state is dropped (a running call drops it on its own). */
export function releaseIfClosed(store: Slices, tabId: Id): void {
  const call = grpcSession.peek(tabId)
  if (call && !call.running() && !store.tabs.state.tabs.some((t) => t.id === tabId)) grpcSession.drop(tabId)
}

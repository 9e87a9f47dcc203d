/**
 * One gRPC tab's live state: the catalog it loaded, the running call's socket (relay-client.ts),
 * the message log, status, metadata and trailers. The request itself stays in the draft.
 */
import { createSignal } from 'solid-js'
import type { GrpcSpec } from '../../../model/realtime/grpc.ts'
import type { KeyValueRow } from '../../../model/types.ts'
import type { TlsJson } from '../../../runtime/transport/relay-protocol.ts'
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

export interface LogEntry {
  direction: 'sent' | 'received'
  at: number
  text: string
}

export interface CallStatus {
  code: number
  name: string
  details: string
}

export interface GrpcServices {
  relay: () => Promise<{ relay?: RelayEndpoint; tls?: TlsJson }>
  record: (summary: {
    url: string
    started: number
    status?: number
    error?: string
    sent: number
    received: number
  }) => void
}

export interface GrpcInput {
  target: string
  metadata: KeyValueRow[]
  spec: GrpcSpec
  fill: (text: string) => string
}

export function createGrpcCall(services: GrpcServices) {
  const [catalog, setCatalog] = createSignal<GrpcCatalog | null>(null)
  const [loading, setLoading] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)
  const [log, setLog] = createSignal<LogEntry[]>([])
  const [status, setStatus] = createSignal<CallStatus | null>(null)
  const [headers, setHeaders] = createSignal<MetadataPairs>([])
  const [trailers, setTrailers] = createSignal<MetadataPairs>([])
  const [running, setRunning] = createSignal(false)
  let socket: GrpcCallSocket | undefined
  let counts = { sent: 0, received: 0 }

  async function endpoint(input: GrpcInput): Promise<{ relay: RelayEndpoint; at: GrpcEndpoint }> {
    const { relay, tls } = await services.relay()
    if (!relay) throw new Error(GRPC_NEEDS_RELAY)
    const metadata: MetadataPairs = input.metadata
      .filter((row) => row.enabled && row.key.trim() !== '')
      .map((row) => [input.fill(row.key), input.fill(row.value)])
    return {
      relay,
      at: {
        target: input.fill(input.target),
        tls: input.spec.tls,
        ...(input.spec.tls && tls ? { tlsSettings: tls } : {}),
        metadata,
        source: input.spec.source,
        protoFiles: input.spec.protoFiles,
      },
    }
  }

  async function load(input: GrpcInput) {
    setLoading(true)
    setError(null)
    try {
      const { relay, at } = await endpoint(input)
      setCatalog(await describeViaRelay({ relayUrl: relay.url, token: relay.token }, at))
    } catch (failure) {
      setCatalog(null)
      setError((failure as Error).message)
    } finally {
      setLoading(false)
    }
  }

  async function start(input: GrpcInput, firstMessage: string | undefined) {
    socket?.close()
    setError(null)
    setLog([])
    setStatus(null)
    setHeaders([])
    setTrailers([])
    const started = Date.now()
    let target = input.target
    counts = { sent: 0, received: 0 }
    try {
      const { relay, at } = await endpoint(input)
      target = at.target
      setRunning(true)
      const onFrame = (frame: GrpcServerFrame) => {
        if (frame.type === 'message') {
          counts = { ...counts, received: counts.received + 1 }
          setLog((old) => [
            ...old,
            { direction: 'received', at: frame.at, text: JSON.stringify(frame.message, null, 2) },
          ])
        } else if (frame.type === 'metadata') setHeaders(frame.metadata)
        else if (frame.type === 'status') {
          setStatus({ code: frame.code, name: frame.name, details: frame.details })
          setTrailers(frame.trailers)
        } else if (frame.type === 'error') setError(frame.message)
        if (frame.type === 'status' || frame.type === 'error') {
          setRunning(false)
          socket = undefined
          const url = `${target}/${input.spec.service}/${input.spec.method}`
          services.record({
            url,
            started,
            ...(frame.type === 'status' ? { status: frame.code } : { error: frame.message }),
            ...counts,
          })
        }
      }
      socket = openGrpcSocket(
        { relayUrl: relay.url, token: relay.token },
        {
          type: 'start',
          ...at,
          service: input.spec.service,
          method: input.spec.method,
          deadlineMs: input.spec.deadlineMs,
        },
        onFrame,
      )
      if (firstMessage !== undefined) send(input.fill(firstMessage))
    } catch (failure) {
      setRunning(false)
      setError((failure as Error).message)
    }
  }

  function send(json: string) {
    socket?.send({ type: 'message', json })
    counts = { ...counts, sent: counts.sent + 1 }
    setLog((old) => [...old, { direction: 'sent', at: Date.now(), text: json }])
  }

  return {
    catalog,
    loading,
    error,
    setError,
    log,
    status,
    headers,
    trailers,
    running,
    load,
    start,
    send,
    end: () => socket?.send({ type: 'end' }),
    cancel: () => socket?.send({ type: 'cancel' }),
    dispose: () => socket?.close(),
  }
}

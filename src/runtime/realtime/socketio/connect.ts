/**
 * One Socket.IO connection: in the page (direct mode) and in the relay's bridge (Node, with the
 * relay's TLS and proxy settings as an `agent`). The client version picks the library: v3 and v4
 * share a protocol (Engine.IO 4: `socket.io-client` 4, client-v4.ts); v2 servers speak Engine.IO
 * 3, so v2 loads `socket.io-client` 2 (client-v2.ts) only when asked for. It reports what happens
 * through `handlers` and is driven with `emit` and `close`. Reconnects as the client does by
 * default; a `close` ends it and reaches the server as a disconnect.
 */
import { socketIoUrl } from '../../../model/realtime/socketio.ts'
import type {
  ClientStart,
  SocketIoConnection,
  SocketIoHandlers,
  SocketIoTarget,
  StartClient,
} from './types.ts'

export { ACK_TIMEOUT_MS } from './types.ts'
export type { AckCallback, SocketIoConnection, SocketIoHandlers, SocketIoTarget } from './types.ts'

/** Why a v2 request cannot be made as asked, or null. */
function v2Problem(target: SocketIoTarget): string | null {
  return target.version === 'v2' && target.auth
    ? 'Socket.IO v2 has no auth payload: send the token in Params (the query) or Headers, or choose v3/v4'
    : null
}

function refuse(handlers: SocketIoHandlers, problem: string): SocketIoConnection {
  queueMicrotask(() => {
    handlers.failure(problem)
    handlers.closed(problem, false)
  })
  return { emit: () => {}, close: () => {} }
}

/** Starts `load`'s client once loaded; emits and a close made meanwhile wait for it. */
function deferred(load: Promise<StartClient>, start: ClientStart, version: string): SocketIoConnection {
  let connection: SocketIoConnection | undefined
  let closed = false
  const waiting: Array<(c: SocketIoConnection) => void> = []
  load.then(
    (startClient) => {
      if (closed) return start.handlers.closed('io client disconnect', true)
      connection = startClient(start)
      for (const run of waiting.splice(0)) run(connection)
    },
    (error: unknown) => {
      const message = `The Socket.IO ${version} client could not be loaded: ${(error as Error).message}`
      start.handlers.failure(message)
      start.handlers.closed(message, false)
    },
  )
  return {
    emit: (event, args, ack) =>
      connection ? connection.emit(event, args, ack) : waiting.push((c) => c.emit(event, args, ack)),
    close: () => {
      closed = true
      connection?.close()
    },
  }
}

export function connectSocketIo(target: SocketIoTarget, handlers: SocketIoHandlers): SocketIoConnection {
  const url = socketIoUrl(target.url, target.namespace)
  if (!url.ok) return refuse(handlers, url.problem)
  const problem = v2Problem(target)
  if (problem) return refuse(handlers, problem)
  const extraHeaders: Record<string, string> = {}
  for (const [name, value] of target.headers)
    extraHeaders[name] = extraHeaders[name] ? `${extraHeaders[name]}, ${value}` : value
  const start: ClientStart = {
    url: url.value,
    options: {
      path: target.path || '/socket.io',
      extraHeaders,
      forceNew: true,
      ...(target.auth ? { auth: target.auth } : {}),
      ...(target.node?.agent ? { agent: target.node.agent } : {}),
    },
    listening: new Set(target.events.map((e) => e.trim()).filter((e) => e !== '')),
    handlers,
  }
  const load =
    target.version === 'v2'
      ? import('./client-v2.ts').then((m) => m.startV2)
      : import('./client-v4.ts').then((m) => m.startV4)
  return deferred(load, start, target.version)
}

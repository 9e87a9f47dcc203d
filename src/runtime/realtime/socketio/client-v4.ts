/**
 * Socket.IO v3/v4 (Engine.IO 4) with `socket.io-client` 4. A server that answers in the older
 * Engine.IO 3 framing (Socket.IO 2) fails to parse: that is named, with the version to choose.
 */
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client'
import { ACK_TIMEOUT_MS, type ClientStart, type SocketIoConnection } from './types.ts'

export const SPEAKS_EIO3 =
  'the server does not speak the Socket.IO v3/v4 protocol (it answered in the Engine.IO 3 framing of Socket.IO 2): choose Client version v2'

/** A connect error in words: the server's refusal with its data, or an older server named. */
export function describeConnectError(error: Error & { data?: unknown; code?: unknown }): string {
  if (error.message === 'server error' && error.code === 'parser error') return SPEAKS_EIO3
  const detail = error.data === undefined ? '' : ` ${JSON.stringify(error.data)}`
  return `${error.message}${detail}`
}

export function startV4({ url, options, listening, handlers }: ClientStart): SocketIoConnection {
  const socket = io(url, options as Partial<ManagerOptions & SocketOptions>)
  let byClient = false
  let ended = false
  const end = (reason: string) => {
    if (ended) return
    ended = true
    socket.offAny()
    handlers.closed(reason, byClient)
  }
  socket.on('connect', () => handlers.open(socket.id ?? ''))
  socket.on('connect_error', (error: Error & { data?: unknown; code?: unknown }) => {
    const message = describeConnectError(error)
    handlers.failure(message)
    // A refusal by the server's middleware is final (the client does not retry it); so is a
    // server of the other protocol.
    if (message === SPEAKS_EIO3) socket.disconnect()
    if (!socket.active) end(message === SPEAKS_EIO3 ? message : error.message)
  })
  socket.on('disconnect', (reason) => {
    if (!socket.active) end(reason)
  })
  socket.io.on('reconnect_attempt', (attempt) => handlers.reconnecting(attempt))
  socket.onAny((name: string, ...args: unknown[]) => {
    if (listening.size > 0 && !listening.has(name)) return
    // An event that asks for an acknowledgement carries a callback last: it is answered empty.
    const last = args[args.length - 1]
    if (typeof last === 'function') {
      args.pop()
      ;(last as () => void)()
    }
    handlers.event(name, args)
  })
  return {
    emit(event, args, ack) {
      if (!ack) return void socket.emit(event, ...args)
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emit(event, ...args, (error: Error | null, ...reply: unknown[]) => ack(error, reply))
    },
    close() {
      byClient = true
      socket.disconnect()
      end('io client disconnect')
    },
  }
}

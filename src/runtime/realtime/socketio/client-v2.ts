/**
 * Socket.IO v2 (Engine.IO 3) with `socket.io-client` 2, loaded only for a request whose client
 * version is v2 (connect.ts). The v2 client has no catch-all listener nor an acknowledgement
 * timeout: incoming events are taken where the client dispatches them (`onevent`), and a reply
 * that does not come within ACK_TIMEOUT_MS is reported as missing.
 */
import io from 'socket.io-client-v2'
import { ACK_TIMEOUT_MS, type ClientStart, type SocketIoConnection } from './types.ts'

interface EventPacket {
  data?: unknown[]
  id?: number | null
}

/** The part of a v2 socket used here (the package has no types of its own). */
interface V2Socket {
  id?: string
  connected: boolean
  on(event: string, listener: (...args: never[]) => void): void
  emit(event: string, ...args: unknown[]): void
  close(): void
  onevent(packet: EventPacket): void
  ack(id: number): (...args: unknown[]) => void
}

export function startV2({ url, options, listening, handlers }: ClientStart): SocketIoConnection {
  const socket = (io as unknown as (url: string, options: object) => V2Socket)(url, options)
  let byClient = false
  let ended = false
  let opened = false
  const end = (reason: string) => {
    if (ended) return
    ended = true
    handlers.closed(reason, byClient)
  }
  socket.onevent = (packet) => {
    const [name, ...args] = packet.data ?? []
    // An event that asks for an acknowledgement is answered empty.
    if (packet.id !== null && packet.id !== undefined) socket.ack(packet.id)()
    if (ended || typeof name !== 'string') return
    if (listening.size > 0 && !listening.has(name)) return
    handlers.event(name, args)
  }
  socket.on('connect', () => {
    opened = true
    handlers.open(socket.id ?? '')
  })
  socket.on('connect_error', (error: Error) => handlers.failure(error.message))
  socket.on('connect_timeout', () => handlers.failure('the connection timed out'))
  // The server's middleware refused the socket (v2 sends its reason as an error packet): final.
  socket.on('error', (data: unknown) => {
    const message = typeof data === 'string' ? data : JSON.stringify(data)
    handlers.failure(message)
    if (!socket.connected) {
      socket.close()
      end(message)
    }
  })
  socket.on('reconnect_attempt', (attempt: number) => handlers.reconnecting(attempt))
  socket.on('disconnect', (reason: string) => {
    // The client reconnects after a dropped transport, not after the server's or our disconnect.
    if (reason === 'io server disconnect' || reason === 'io client disconnect' || !opened) end(reason)
  })
  return {
    emit(event, args, ack) {
      if (!ack) return socket.emit(event, ...args)
      let answered = false
      const timer = setTimeout(() => {
        answered = true
        ack(new Error('operation has timed out'), [])
      }, ACK_TIMEOUT_MS)
      socket.emit(event, ...args, (...reply: unknown[]) => {
        if (answered) return
        answered = true
        clearTimeout(timer)
        ack(null, reply)
      })
    },
    close() {
      byClient = true
      socket.close()
      end('io client disconnect')
    },
  }
}

/**
 * What the node transport can see of a request's life:
 * - dns / connect / tls: measured by our connector when it opens a socket, and given to the first
 *   request sent on it (a reused keep-alive connection has none of them);
 * - the request head exactly as undici writes it, from its `undici:client:sendHeaders` channel
 *   (published synchronously right after the request's `onConnect`, so the request is known);
 * - TLS facts of the socket, so a connection the server drops after the handshake can be explained.
 */
import diagnostics from 'node:diagnostics_channel'

export interface ConnectPhases {
  dns?: number
  connect?: number
  tls?: number
}

const phasesBySocket = new WeakMap<object, ConnectPhases>()

export function recordPhases<T extends object>(socket: T, phases: ConnectPhases): T {
  phasesBySocket.set(socket, phases)
  return socket
}

/** The phases of a new connection, once: later requests on the same socket get undefined. */
export function takePhases(socket: object): ConnectPhases | undefined {
  const phases = phasesBySocket.get(socket)
  if (phases) phasesBySocket.delete(socket)
  return phases
}

export interface TlsFacts {
  /** A client certificate was offered in the handshake. */
  clientCertificate: boolean
  /** The first error the TLS socket raised (a TLS 1.3 alert arrives after the handshake). */
  error?: Error
}

const tlsBySocket = new WeakMap<object, TlsFacts>()

export function watchTls(socket: import('node:tls').TLSSocket, clientCertificate: boolean): void {
  const facts: TlsFacts = { clientCertificate }
  tlsBySocket.set(socket, facts)
  socket.on('error', (error: Error) => {
    facts.error ??= error
  })
}

export function tlsFacts(socket: object): TlsFacts | undefined {
  return tlsBySocket.get(socket)
}

export interface SentHead {
  /** Request line and header block as written, including undici's additions. */
  head: string
  socket: object
}

type Listener = (sent: SentHead) => void
let waiting: Listener | null = null

/** Call from a handler's `onConnect`: the next head undici writes is this request's. */
export function expectHead(listener: Listener): void {
  waiting = listener
}

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  const listener = waiting
  if (!listener) return
  waiting = null
  const { headers, socket } = message as { headers: string; socket: object }
  listener({ head: headers, socket })
})

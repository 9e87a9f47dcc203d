/**
 * The app's side of `/relay/grpc` (protocol.ts): browsers cannot speak gRPC over HTTP/2, so each
 * call or look-up is one WebSocket to the sync-server, which makes the call with @grpc/grpc-js.
 * `relayUrl` is the relay endpoint the page's transport found (`.../relay`, select.ts).
 */
import type { GrpcCatalog, GrpcClientFrame, GrpcEndpoint, GrpcServerFrame } from './protocol.ts'

export interface GrpcRelay {
  relayUrl: string
  token: string
  /** The WebSocket class; the browser's by default (tests in Node pass ws's). */
  WebSocket?: new (url: string) => WebSocket
}

/** Shown when the page has no relay: a call cannot be made from the browser itself. */
export const GRPC_NEEDS_RELAY =
  'gRPC needs the Sendbox server: browsers cannot speak gRPC over HTTP/2. Start Sendbox with `npm start` and open it from there.'

function open(relay: GrpcRelay): WebSocket {
  const url = `${relay.relayUrl.replace(/^http/u, 'ws').replace(/\/+$/u, '')}/grpc?token=${encodeURIComponent(relay.token)}`
  const Socket = relay.WebSocket ?? globalThis.WebSocket
  return new Socket(url)
}

export interface GrpcCallSocket {
  send(frame: GrpcClientFrame): void
  close(): void
}

/**
 * Opens a socket, sends `first`, and reports every frame; a socket that closes without a status
 * or error reports an `error` frame, so the caller never waits forever.
 */
export function openGrpcSocket(
  relay: GrpcRelay,
  first: GrpcClientFrame,
  onFrame: (frame: GrpcServerFrame) => void,
): GrpcCallSocket {
  const socket = open(relay)
  const pending: GrpcClientFrame[] = [first]
  let done = false
  const report = (frame: GrpcServerFrame) => {
    if (done) return
    if (frame.type === 'status' || frame.type === 'error' || frame.type === 'catalog') done = true
    onFrame(frame)
  }
  socket.onopen = () => {
    for (const frame of pending.splice(0)) socket.send(JSON.stringify(frame))
  }
  socket.onmessage = (event: MessageEvent) => {
    try {
      report(JSON.parse(String(event.data)) as GrpcServerFrame)
    } catch {
      report({ type: 'error', message: 'The relay sent a frame that is not JSON' })
    }
  }
  // The close that follows says what happened.
  socket.onerror = () => undefined
  socket.onclose = (event: CloseEvent) =>
    report({
      type: 'error',
      message:
        event.code === 1006
          ? 'The Sendbox server refused or dropped the gRPC connection (is it running, and are you logged in?)'
          : `The gRPC connection closed (${event.code}${event.reason ? `: ${event.reason}` : ''})`,
    })
  return {
    send(frame) {
      if (socket.readyState === 0) pending.push(frame)
      else if (socket.readyState === 1) socket.send(JSON.stringify(frame))
    },
    close() {
      done = true
      socket.close()
    },
  }
}

/** Services and methods of an endpoint (reflection or its .proto files), via the relay. */
export function describeViaRelay(relay: GrpcRelay, endpoint: GrpcEndpoint): Promise<GrpcCatalog> {
  return new Promise((resolve, reject) => {
    openGrpcSocket(relay, { type: 'describe', ...endpoint }, (frame) => {
      if (frame.type === 'catalog') resolve(frame.catalog)
      else if (frame.type === 'error') reject(new Error(frame.message))
    })
  })
}

/**
 * A WebSocket through the relay's bridge (`/relay/ws`, bridge-protocol.ts): full fidelity
 * (custom headers, cookies, proxy, client certificates) at the cost of one local hop.
 *
 * Closing asks the bridge to close the upstream; when that has not finished within
 * CLOSE_GRACE_MS (the request waits behind messages an upstream is not reading), the connection
 * ends anyway: a BridgeCancel on a second socket drops both of the bridge's sockets.
 */
import { tlsToJson } from '../../transport/relay-protocol.ts'
import type { RelayEndpoint } from '../../transport/select.ts'
import {
  BRIDGE_PATH,
  BRIDGE_VERSION,
  decodeData,
  encodeData,
  type BridgeCancel,
  type BridgeConnect,
  type BridgeControl,
} from './bridge-protocol.ts'
import type { WebSocketClass, WsConnector } from './types.ts'

/** `http://host/relay` → `ws://host/relay/ws?token=…`. */
export function bridgeUrl(relay: RelayEndpoint): string {
  const url = new URL(relay.url)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = BRIDGE_PATH
  url.search = `?token=${encodeURIComponent(relay.token)}`
  return url.href
}

/** How long a close may take before the connection is dropped instead. */
export const CLOSE_GRACE_MS = 1000

/** Asks the bridge, on a socket of its own, to drop connection `id` now. */
function cancelOnBridge(relay: RelayEndpoint, Socket: WebSocketClass, id: string): void {
  const socket = new Socket(bridgeUrl(relay))
  socket.onopen = () => {
    const cancel: BridgeCancel = { type: 'cancel', v: BRIDGE_VERSION, id }
    socket.send(JSON.stringify(cancel))
  }
  socket.onmessage = () => socket.close()
  socket.onerror = () => {}
}

export function relayConnector(relay: RelayEndpoint, Socket: WebSocketClass = WebSocket): WsConnector {
  return (target, events) => {
    const socket = new Socket(bridgeUrl(relay))
    socket.binaryType = 'arraybuffer'
    const decoder = new TextDecoder()
    let ended = false
    let opened = false
    let id: string | undefined
    socket.onopen = () => {
      const connect: BridgeConnect = {
        type: 'connect',
        v: BRIDGE_VERSION,
        url: target.url,
        headers: target.headers,
        ...(target.protocols?.length ? { protocols: target.protocols } : {}),
        ...(target.proxy ? { proxy: target.proxy } : {}),
        ...(target.tls ? { tls: tlsToJson(target.tls) } : {}),
      }
      socket.send(JSON.stringify(connect))
    }
    socket.onmessage = (event: MessageEvent) => {
      if (ended) return
      if (typeof event.data !== 'string') {
        for (const { text, bytes } of decodeData(new Uint8Array(event.data as ArrayBuffer)))
          events.message(text ? decoder.decode(bytes) : bytes)
        return
      }
      const control = JSON.parse(event.data) as BridgeControl
      if (control.type === 'open') {
        opened = true
        id = control.id
        const { type: _type, id: _id, ...handshake } = control
        events.open(handshake)
      } else if (control.type === 'failure') {
        if (!opened) ended = true
        const { type: _type, ...failure } = control
        events.failure(failure)
      } else {
        ended = true
        const { type: _type, ...closed } = control
        events.closed(closed)
      }
    }
    // The close event follows with what happened.
    socket.onerror = () => {}
    socket.onclose = (event: CloseEvent) => {
      if (ended) return
      ended = true
      if (event.code === 1009) {
        events.failure({ code: 'too-large', message: "The message is larger than the relay's limit" })
      } else if (!opened) {
        events.failure({
          code: 'unreachable',
          message: `The relay's WebSocket bridge could not be reached (close code ${event.code})`,
        })
      }
      events.closed({ code: event.code === 1009 ? 1009 : 1006, reason: event.reason, by: 'limit' })
    }
    return {
      send(data) {
        socket.send(encodeData(data))
      },
      close(code, reason) {
        if (socket.readyState !== socket.OPEN) return socket.close()
        socket.send(
          JSON.stringify({ type: 'close', ...(code ? { code } : {}), ...(reason ? { reason } : {}) }),
        )
        setTimeout(() => {
          if (ended) return
          ended = true
          if (id) cancelOnBridge(relay, Socket, id)
          socket.close()
          events.closed({ code: code ?? 1000, reason: reason ?? '', by: 'client' })
        }, CLOSE_GRACE_MS)
      },
    }
  }
}

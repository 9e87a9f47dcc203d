/**
 * A WebSocket opened by the page itself: no relay. A browser's WebSocket sends no custom
 * headers, cookies of other sites or client certificates, and tells nothing about a refused
 * handshake; `unsendableHeaders` names what is lost so the UI can say so.
 */
import type { HeaderList } from '../../../model/wire.ts'
import type { WebSocketClass, WsConnector } from './types.ts'

/** Headers the browser sets itself on an upgrade (the rest of a request's headers cannot be sent). */
const BROWSER_SET = new Set(['user-agent', 'sec-websocket-protocol'])

export function unsendableHeaders(headers: HeaderList): string[] {
  return [...new Set(headers.map(([name]) => name).filter((name) => !BROWSER_SET.has(name.toLowerCase())))]
}

export function directConnector(Socket: WebSocketClass = WebSocket): WsConnector {
  return (target, events) => {
    let socket: WebSocket
    try {
      socket = new Socket(target.url, target.protocols ?? [])
    } catch (error) {
      queueMicrotask(() => events.failure({ code: 'invalid-request', message: (error as Error).message }))
      return { send() {}, close() {} }
    }
    socket.binaryType = 'arraybuffer'
    let opened = false
    let closing = false
    socket.onopen = () => {
      opened = true
      events.open({ status: 101, headers: [], protocol: socket.protocol })
    }
    socket.onmessage = (event: MessageEvent) =>
      events.message(typeof event.data === 'string' ? event.data : new Uint8Array(event.data as ArrayBuffer))
    socket.onclose = (event: CloseEvent) => {
      if (!opened) {
        events.failure({
          code: 'unreachable',
          message: `Could not connect to ${target.url} (the browser gives no reason without a relay)`,
        })
      }
      events.closed({ code: event.code, reason: event.reason, by: closing ? 'client' : 'server' })
    }
    return {
      send: (data) => socket.send(data),
      close: (code, reason) => {
        closing = true
        socket.close(code ?? 1000, reason)
      },
    }
  }
}

/**
 * A Socket.IO connection through the relay's bridge (`/relay/socketio`, bridge-protocol.ts): the
 * relay runs the client with the request's headers (all of them, on every transport), proxy, CA
 * and client certificate; the page sees the same handlers as in direct mode (connect.ts).
 * `Disconnect` asks the bridge to disconnect upstream; if that has not been confirmed within
 * CLOSE_GRACE_MS, the page's socket is closed, which ends the upstream too.
 */
import type { ProxySettings, TlsSettings } from '../../../model/settings.ts'
import { tlsToJson } from '../../transport/relay-protocol.ts'
import type { RelayEndpoint } from '../../transport/select.ts'
import {
  SIO_BRIDGE_PATH,
  SIO_BRIDGE_VERSION,
  type SioBridgeConnect,
  type SioPageFrame,
  type SioRelayFrame,
} from './bridge-protocol.ts'
import type { AckCallback, SocketIoConnection, SocketIoHandlers, SocketIoTarget } from './types.ts'

export const CLOSE_GRACE_MS = 1000

export interface RelayedTarget extends Omit<SocketIoTarget, 'node'> {
  proxy?: ProxySettings
  tls?: TlsSettings
}

type SocketClass = new (url: string) => WebSocket

/** `http://host/relay` → `ws://host/relay/socketio?token=…`. */
export function socketIoBridgeUrl(relay: RelayEndpoint): string {
  const url = new URL(relay.url)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = SIO_BRIDGE_PATH
  url.search = `?token=${encodeURIComponent(relay.token)}`
  return url.href
}

export function connectViaRelay(
  relay: RelayEndpoint,
  target: RelayedTarget,
  handlers: SocketIoHandlers,
  Socket: SocketClass = WebSocket,
): SocketIoConnection {
  const socket = new Socket(socketIoBridgeUrl(relay))
  const acks = new Map<number, AckCallback>()
  let nextAck = 1
  let ended = false
  let opened = false
  const send = (frame: SioPageFrame) => {
    if (socket.readyState === 1) socket.send(JSON.stringify(frame))
  }
  const end = (reason: string, byClient: boolean) => {
    if (ended) return
    ended = true
    for (const ack of acks.values()) ack(new Error('the connection ended first'), [])
    acks.clear()
    handlers.closed(reason, byClient)
  }
  socket.onopen = () => {
    const connect: SioBridgeConnect = {
      type: 'connect',
      v: SIO_BRIDGE_VERSION,
      url: target.url,
      path: target.path,
      namespace: target.namespace,
      version: target.version,
      headers: target.headers,
      events: target.events,
      ...(target.auth ? { auth: target.auth } : {}),
      ...(target.proxy ? { proxy: target.proxy } : {}),
      ...(target.tls ? { tls: tlsToJson(target.tls) } : {}),
    }
    socket.send(JSON.stringify(connect))
  }
  socket.onmessage = (message: MessageEvent) => {
    if (ended) return
    let frame: SioRelayFrame
    try {
      frame = JSON.parse(String(message.data)) as SioRelayFrame
    } catch {
      return handlers.failure('The relay sent a Socket.IO frame that is not JSON')
    }
    switch (frame.type) {
      case 'open':
        opened = true
        return handlers.open(frame.socketId)
      case 'event':
        return handlers.event(frame.name, frame.args)
      case 'ack': {
        const ack = acks.get(frame.ack)
        acks.delete(frame.ack)
        return ack?.(frame.error === undefined ? null : new Error(frame.error), frame.reply ?? [])
      }
      case 'failure':
        return handlers.failure(frame.message)
      case 'reconnecting':
        return handlers.reconnecting(frame.attempt)
      case 'closed':
        return end(frame.reason, frame.byClient)
    }
  }
  // The close event follows with what happened.
  socket.onerror = () => {}
  socket.onclose = (event: CloseEvent) => {
    if (ended) return
    const reason =
      event.code === 1009
        ? "a frame was larger than the relay's limit"
        : opened
          ? `the relay's bridge closed (code ${event.code})`
          : `the relay's Socket.IO bridge could not be reached (close code ${event.code})`
    handlers.failure(reason)
    end(reason, false)
  }
  return {
    emit(event, args, ack) {
      if (!ack) return send({ type: 'emit', event, args })
      const id = nextAck++
      acks.set(id, ack)
      send({ type: 'emit', event, args, ack: id })
    },
    close() {
      if (socket.readyState !== 1) {
        socket.close()
        return end('io client disconnect', true)
      }
      send({ type: 'close' })
      setTimeout(() => {
        if (ended) return
        socket.close()
        end('io client disconnect', true)
      }, CLOSE_GRACE_MS)
    },
  }
}

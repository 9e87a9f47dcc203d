/**
 * `/relay/socketio`: the Socket.IO bridge (frames: src/runtime/realtime/socketio/bridge-protocol.ts,
 * docs/relay.md). The page opens one WebSocket here per connection and names the target in its
 * first frame; the relay runs `socket.io-client` (v2, v3 or v4, as the request asks) on the HTTP
 * relay's connector (socketio-upstream.ts: proxy, CA, client certificate), and passes events,
 * acknowledgements, connects, disconnects and reconnects as JSON frames. The relay's limits hold:
 * a page frame is at most `maxRequestBytes`, an event or reply towards the page at most
 * `maxResponseBytes` (a larger one is reported, not passed), a connection lasts at most
 * `maxRelayMs`, and never this server's own API. Anything but the frames expected is named and,
 * before the connection exists, ends it.
 */
import { WebSocketServer, WebSocket, type RawData } from 'ws'
import { DEFAULT_TLS } from '../src/model/settings.ts'
import { socketIoUrl, SOCKETIO_VERSIONS } from '../src/model/realtime/socketio.ts'
import {
  SIO_BRIDGE_VERSION,
  type SioBridgeConnect,
  type SioBridgeEmit,
  type SioRelayFrame,
} from '../src/runtime/realtime/socketio/bridge-protocol.ts'
import { connectSocketIo, type SocketIoConnection } from '../src/runtime/realtime/socketio/connect.ts'
import type { Limits } from './config.ts'
import type { RelayUpgrade, RelayUpgradeContext } from './relay-upgrade-types.ts'
import { checkHeaders, checkProxy, checkTls, RelayRefusal } from './relay-validate.ts'
import { upstreamAgent } from './socketio-upstream.ts'

const MAX_EVENT_NAME = 1024
/** Acknowledgements awaited at once on one connection. */
const MAX_PENDING_ACKS = 1000

let servers = new Map<number, WebSocketServer>()

function serverFor(limits: Limits): WebSocketServer {
  let server = servers.get(limits.maxRequestBytes)
  if (!server) {
    server = new WebSocketServer({
      noServer: true,
      maxPayload: limits.maxRequestBytes,
      perMessageDeflate: false,
    })
    servers = new Map(servers).set(limits.maxRequestBytes, server)
  }
  return server
}

export const socketIoBridge: RelayUpgrade = (req, socket, head, context) => {
  serverFor(context.limits).handleUpgrade(req, socket, head, (app) => serve(app, context))
}

function invalid(message: string): never {
  throw new RelayRefusal(400, 'invalid-request', message)
}

/** A page frame: a JSON object with a `type`, or the problem named. */
function parse(data: RawData, isBinary: boolean): Record<string, unknown> {
  if (isBinary) invalid('Socket.IO bridge frames are JSON text, not binary')
  let value: unknown
  try {
    value = JSON.parse(String(data))
  } catch {
    invalid('a Socket.IO bridge frame is not JSON')
  }
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    typeof (value as { type?: unknown }).type !== 'string'
  )
    invalid('a Socket.IO bridge frame is a JSON object with a type')
  return value as Record<string, unknown>
}

const strings = (value: unknown, what: string): string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string')
    ? value
    : invalid(`${what} must be a list of strings`)

function checkConnect(frame: Record<string, unknown>): SioBridgeConnect {
  if (frame.type !== 'connect' || frame.v !== SIO_BRIDGE_VERSION)
    invalid(`the first frame must be a connect request of version ${SIO_BRIDGE_VERSION}`)
  const url = socketIoUrl(String(frame.url ?? ''), String(frame.namespace ?? '/'))
  if (!url.ok) invalid(url.problem)
  const version = frame.version ?? 'v4'
  if (!SOCKETIO_VERSIONS.includes(version as never))
    invalid(`the client version must be one of ${SOCKETIO_VERSIONS.join(', ')}`)
  const auth = frame.auth
  if (auth !== undefined && (auth === null || typeof auth !== 'object' || Array.isArray(auth)))
    invalid('auth must be a JSON object')
  if (frame.path !== undefined && typeof frame.path !== 'string') invalid('path must be a string')
  return {
    type: 'connect',
    v: SIO_BRIDGE_VERSION,
    url: String(frame.url),
    path: (frame.path as string | undefined) || '/socket.io',
    namespace: typeof frame.namespace === 'string' ? frame.namespace : '/',
    version: version as SioBridgeConnect['version'],
    headers: checkHeaders(frame.headers ?? []),
    events: strings(frame.events ?? [], 'events'),
    ...(auth ? { auth: auth as Record<string, unknown> } : {}),
    ...(frame.proxy !== undefined ? { proxy: checkProxy(frame.proxy) } : {}),
    ...(frame.tls !== undefined ? { tls: frame.tls as SioBridgeConnect['tls'] } : {}),
  }
}

function checkEmit(frame: Record<string, unknown>): SioBridgeEmit {
  const { event, args, ack } = frame
  if (typeof event !== 'string' || event === '' || event.length > MAX_EVENT_NAME)
    invalid(`an emit names its event (a string of 1 to ${MAX_EVENT_NAME} characters)`)
  if (!Array.isArray(args)) invalid('an emit carries its arguments as a list')
  if (ack !== undefined && !Number.isSafeInteger(ack)) invalid('an acknowledgement number must be an integer')
  return {
    type: 'emit',
    event: event as string,
    args: args as unknown[],
    ...(ack !== undefined ? { ack: ack as number } : {}),
  }
}

function serve(app: WebSocket, context: RelayUpgradeContext): void {
  const { limits } = context
  let connection: SocketIoConnection | undefined
  let started = false
  let done = false
  let pendingAcks = 0
  const send = (frame: SioRelayFrame) => {
    if (app.readyState !== WebSocket.OPEN) return
    const text = JSON.stringify(frame)
    if (
      Buffer.byteLength(text) <= limits.maxResponseBytes ||
      (frame.type !== 'event' && frame.type !== 'ack')
    )
      return app.send(text)
    const what =
      frame.type === 'event'
        ? `the event ${frame.name.slice(0, 100)}`
        : `the reply to acknowledgement ${frame.ack}`
    app.send(
      JSON.stringify({
        type: 'failure',
        message: `${what} was larger than the relay's limit of ${limits.maxResponseBytes} bytes`,
      }),
    )
    if (frame.type === 'ack')
      app.send(JSON.stringify({ type: 'ack', ack: frame.ack, error: 'the reply was too large' }))
  }
  const finish = (last: SioRelayFrame) => {
    if (done) return
    done = true
    clearTimeout(timer)
    send(last)
    app.close(1000)
    connection?.close()
  }
  const fail = (error: unknown) =>
    finish({ type: 'failure', message: error instanceof Error ? error.message : String(error) })
  const timer = limits.maxRelayMs
    ? setTimeout(() => {
        send({
          type: 'failure',
          message: `the relay's limit of ${limits.maxRelayMs} ms for one connection was reached`,
        })
        finish({ type: 'closed', reason: 'relay limit', byClient: false })
      }, limits.maxRelayMs)
    : undefined

  app.on('close', () => {
    done = true
    clearTimeout(timer)
    connection?.close()
  })
  app.on('error', () => app.terminate())
  app.on('message', (data, isBinary) => {
    if (done) return
    let frame: Record<string, unknown>
    try {
      frame = parse(data, isBinary)
    } catch (error) {
      return started ? send({ type: 'failure', message: (error as Error).message }) : fail(error)
    }
    if (!started) {
      started = true
      let request: SioBridgeConnect
      try {
        request = checkConnect(frame)
      } catch (error) {
        return fail(error)
      }
      return void open(request).catch(fail)
    }
    if (frame.type === 'close') {
      if (connection) connection.close()
      else finish({ type: 'closed', reason: 'io client disconnect', byClient: true })
      return
    }
    if (frame.type !== 'emit')
      return send({ type: 'failure', message: `unknown frame type ${String(frame.type).slice(0, 50)}` })
    let emit: SioBridgeEmit
    try {
      emit = checkEmit(frame)
      if (!connection) invalid('not connected yet: emit after the open frame')
      if (emit.ack !== undefined && pendingAcks >= MAX_PENDING_ACKS)
        invalid(`more than ${MAX_PENDING_ACKS} acknowledgements are awaited`)
    } catch (error) {
      return send({ type: 'failure', message: (error as Error).message })
    }
    const ack = emit.ack
    try {
      connection!.emit(
        emit.event,
        emit.args,
        ack === undefined
          ? undefined
          : (pendingAcks++,
            (error, reply) => {
              pendingAcks--
              send(error ? { type: 'ack', ack, error: error.message } : { type: 'ack', ack, reply })
            }),
      )
    } catch (error) {
      // socket.io-client refuses reserved names (connect, disconnect…) by throwing.
      send({ type: 'failure', message: (error as Error).message })
    }
  })

  async function open(request: SioBridgeConnect) {
    const tls = request.tls ? checkTls(request.tls) : DEFAULT_TLS
    const parsed = socketIoUrl(request.url, request.namespace)
    if (!parsed.ok) invalid(parsed.problem)
    const url = new URL(parsed.value)
    const refusal = await context.selfCheck(url.href)
    if (refusal) invalid(refusal)
    if (done) return
    const upstream = upstreamAgent(url, request.proxy, tls)
    connection = connectSocketIo(
      {
        url: request.url,
        path: request.path,
        namespace: request.namespace,
        version: request.version,
        headers: request.headers,
        events: request.events,
        ...(request.auth ? { auth: request.auth } : {}),
        node: { agent: upstream.agent },
      },
      {
        open: (socketId) => {
          upstream.takeProblem()
          send({ type: 'open', socketId })
        },
        event: (name, args) => send({ type: 'event', name, args }),
        failure: (message) => send({ type: 'failure', message: upstream.takeProblem() ?? message }),
        reconnecting: (attempt) => send({ type: 'reconnecting', attempt }),
        closed: (reason, byClient) => {
          finish({ type: 'closed', reason, byClient })
          upstream.agent.destroy()
        },
      },
    )
  }
}

/**
 * `/relay/ws`: the WebSocket bridge. The app opens a WebSocket here and names the target in its
 * first message (bridge-protocol.ts); the bridge opens the upstream with `ws`, sending the
 * request's headers (cookies and auth included) through the request's proxy and TLS settings
 * (the same connector as the HTTP relay), and passes text and binary messages both ways. The
 * upstream's handshake answer, its refusal, and its close code and reason are reported to the
 * app. The relay's limits hold: message sizes (`maxRequestBytes` towards the upstream,
 * `maxResponseBytes` back), a connection's lifetime (`maxRelayMs`), and never this server's API.
 * A side that cannot keep up pauses reading from the other (ws-bridge-flow.ts); so that a close
 * request stuck behind such a backlog cannot keep a connection open, the app can cancel it from a
 * second socket (BridgeCancel), and when the app goes away an upstream with unsent data is dropped.
 */
import { randomBytes } from 'node:crypto'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { DEFAULT_TLS } from '../src/model/settings.ts'
import type { HeaderList } from '../src/model/wire.ts'
import {
  BATCH_MAX_BYTES,
  BATCH_MAX_MESSAGES,
  BATCH_TAG,
  BRIDGE_VERSION,
  type BridgeCancel,
  type BridgeConnect,
  type BridgeControl,
} from '../src/runtime/realtime/websocket/bridge-protocol.ts'
import type { Limits } from './config.ts'
import type { RelayUpgrade, RelayUpgradeContext } from './relay-upgrade-types.ts'
import { checkHeaders, checkProxy, checkTls, RelayRefusal } from './relay-validate.ts'
import { throttled } from './ws-bridge-flow.ts'
import { failureOf, openUpstream } from './ws-bridge-upstream.ts'

const MAX_REFUSAL_BODY = 64 * 1024

let servers = new Map<number, WebSocketServer>()

/** Open bridged connections by the id their BridgeOpen gave: ending one drops both its sockets. */
const live = new Map<string, () => void>()

/** How many bridged connections hold sockets now (for tests and diagnostics). */
export function liveBridges(): number {
  return live.size
}

/** One server per message-size limit (a process has one; tests start several). */
function serverFor(limits: Limits): WebSocketServer {
  const max = limits.maxRequestBytes + 1
  let server = servers.get(max)
  if (!server) {
    server = new WebSocketServer({ noServer: true, maxPayload: max, perMessageDeflate: false })
    servers = new Map(servers).set(max, server)
  }
  return server
}

export const wsBridge: RelayUpgrade = (req, socket, head, context) => {
  serverFor(context.limits).handleUpgrade(req, socket, head, (app) => bridge(app, context))
}

function rawBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

function pairs(raw: string[]): HeaderList {
  const list: HeaderList = []
  for (let i = 0; i + 1 < raw.length; i += 2) list.push([raw[i]!, raw[i + 1]!])
  return list
}

function parseFirst(data: RawData, isBinary: boolean): unknown {
  if (isBinary)
    throw new RelayRefusal(400, 'invalid-request', 'the first message must be the connect request')
  try {
    return JSON.parse(rawBytes(data).toString('utf8'))
  } catch {
    throw new RelayRefusal(400, 'invalid-request', 'the connect request is not JSON')
  }
}

function isCancel(value: unknown): value is BridgeCancel {
  const cancel = value as Partial<BridgeCancel> | null
  return cancel?.type === 'cancel' && typeof cancel.id === 'string'
}

/** A second socket's BridgeCancel: ends that connection (if it is still open) and says so. */
function cancel(app: WebSocket, request: BridgeCancel): void {
  live.get(request.id)?.()
  const closed: BridgeControl = { type: 'closed', code: 1000, reason: '', by: 'client' }
  if (app.readyState === WebSocket.OPEN) app.send(JSON.stringify(closed))
  app.close(1000)
}

function parseConnect(value: unknown): BridgeConnect {
  const connect = value as Partial<BridgeConnect> | null
  if (connect?.type !== 'connect' || connect.v !== BRIDGE_VERSION)
    throw new RelayRefusal(400, 'invalid-request', `expected a connect request of version ${BRIDGE_VERSION}`)
  let url: URL
  try {
    url = new URL(String(connect.url))
  } catch {
    throw new RelayRefusal(400, 'invalid-request', `not a URL: ${String(connect.url).slice(0, 200)}`)
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    throw new RelayRefusal(
      400,
      'invalid-request',
      `a WebSocket URL starts with ws:// or wss://, not ${url.protocol}//`,
    )
  const protocols = connect.protocols ?? []
  if (!Array.isArray(protocols) || protocols.some((p) => typeof p !== 'string'))
    throw new RelayRefusal(400, 'invalid-request', 'protocols must be a list of names')
  return {
    type: 'connect',
    v: BRIDGE_VERSION,
    url: url.href,
    headers: checkHeaders(connect.headers ?? []),
    protocols,
    ...(connect.proxy !== undefined ? { proxy: checkProxy(connect.proxy) } : {}),
    ...(connect.tls !== undefined ? { tls: connect.tls } : {}),
  }
}

function bridge(app: WebSocket, context: RelayUpgradeContext): void {
  const { limits } = context
  let upstream: WebSocket | undefined
  let toUpstream: ReturnType<typeof throttled> | undefined
  let started = false
  let opened = false
  let closedByApp = false
  let done = false
  const id = randomBytes(18).toString('base64url')
  const control = (message: BridgeControl) => {
    if (app.readyState === WebSocket.OPEN) app.send(JSON.stringify(message))
  }
  const finish = (last: BridgeControl) => {
    if (done) return
    done = true
    live.delete(id)
    clearTimeout(timer)
    control(last)
    app.close(1000)
    if (upstream && upstream.readyState !== WebSocket.CLOSED) upstream.terminate()
  }
  live.set(id, () => {
    finish({ type: 'closed', code: 1000, reason: '', by: 'client' })
    app.terminate()
  })
  const timer = limits.maxRelayMs
    ? setTimeout(
        () =>
          finish({
            type: 'closed',
            code: 1008,
            reason: `the relay's limit of ${limits.maxRelayMs} ms for one connection was reached`,
            by: 'limit',
          }),
        limits.maxRelayMs,
      )
    : undefined

  app.on('close', () => {
    done = true
    live.delete(id)
    clearTimeout(timer)
    // A close frame would wait behind unsent data that the upstream is not reading: drop it.
    if (upstream?.readyState === WebSocket.OPEN && upstream.bufferedAmount === 0)
      upstream.close(1001, 'the app went away')
    else upstream?.terminate()
  })
  app.on('error', () => app.terminate())
  app.on('message', (data, isBinary) => {
    if (done) return
    if (!started) {
      started = true
      let first: unknown
      try {
        first = parseFirst(data, isBinary)
      } catch (error) {
        return finish(failureOf(error))
      }
      if (isCancel(first)) {
        done = true
        live.delete(id)
        clearTimeout(timer)
        return cancel(app, first)
      }
      connect(first).catch((error: unknown) => finish(failureOf(error)))
      return
    }
    if (!upstream) return
    const bytes = rawBytes(data)
    if (!isBinary) {
      const request = JSON.parse(bytes.toString('utf8')) as { type?: string; code?: number; reason?: string }
      if (request.type !== 'close') return
      closedByApp = true
      if (opened) upstream.close(request.code ?? 1000, request.reason ?? '')
      else finish({ type: 'closed', code: 1000, reason: '', by: 'client' })
      return
    }
    if (!opened || bytes.length === 0) return
    toUpstream?.(bytes.subarray(1), bytes[0] === 1)
  })

  async function connect(first: unknown) {
    const request = parseConnect(first)
    const tls = request.tls ? checkTls(request.tls) : DEFAULT_TLS
    const httpUrl = request.url.replace(/^ws/, 'http')
    const refusal = await context.selfCheck(httpUrl)
    if (refusal) throw new RelayRefusal(403, 'invalid-request', refusal)
    if (done) return
    const headers: Record<string, string> = {}
    for (const [name, value] of request.headers) {
      const key = name.toLowerCase()
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`
    }
    const { socket, explain } = openUpstream({
      url: request.url,
      headers,
      protocols: request.protocols ?? [],
      ...(request.proxy ? { proxy: request.proxy } : {}),
      tls,
      maxPayload: limits.maxResponseBytes,
    })
    upstream = socket
    toUpstream = throttled(app, socket)
    const toApp = throttled(socket, app)
    let handshake: HeaderList = []
    socket.on('upgrade', (res) => (handshake = pairs(res.rawHeaders)))
    socket.on('open', () => {
      opened = true
      control({ type: 'open', status: 101, headers: handshake, protocol: socket.protocol, id })
    })
    socket.on('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_REFUSAL_BODY) chunks.push(chunk)
        size += chunk.length
      })
      res.on('end', () =>
        finish({
          type: 'failure',
          code: 'refused',
          message:
            `The server refused the WebSocket upgrade: ${res.statusCode} ${res.statusMessage ?? ''}`.trim(),
          status: res.statusCode ?? 0,
          headers: pairs(res.rawHeaders),
          body: Buffer.concat(chunks).subarray(0, MAX_REFUSAL_BODY).toString('utf8'),
        }),
      )
      res.on('error', (error) => finish(explain(error)))
    })
    socket.on('error', (error) => {
      if (!opened) return finish(explain(error))
      const tooLarge = /max payload/i.test(error.message)
      control({
        type: 'failure',
        code: tooLarge ? 'too-large' : 'other',
        message: tooLarge
          ? `a message was larger than the relay's limit of ${limits.maxResponseBytes} bytes`
          : error.message,
      })
    })
    // Messages that arrive together leave together (bridge-protocol.ts): one frame per batch.
    let pending: { bytes: Buffer; binary: boolean }[] = []
    let pendingBytes = 0
    const flush = () => {
      const batch = pending
      pending = []
      pendingBytes = 0
      if (batch.length === 0 || app.readyState !== WebSocket.OPEN) return
      if (batch.length === 1) {
        const { bytes, binary } = batch[0]!
        const frame = Buffer.allocUnsafe(bytes.length + 1)
        frame[0] = binary ? 1 : 0
        bytes.copy(frame, 1)
        return toApp(frame, true)
      }
      const frame = Buffer.allocUnsafe(1 + batch.reduce((sum, m) => sum + 5 + m.bytes.length, 0))
      frame[0] = BATCH_TAG
      let at = 1
      for (const { bytes, binary } of batch) {
        frame.writeUInt32BE(bytes.length, at)
        frame[at + 4] = binary ? 1 : 0
        bytes.copy(frame, at + 5)
        at += 5 + bytes.length
      }
      toApp(frame, true)
    }
    socket.on('message', (message, binary) => {
      if (app.readyState !== WebSocket.OPEN) return
      const bytes = rawBytes(message)
      if (pending.length === 0) setImmediate(flush)
      pending.push({ bytes, binary })
      pendingBytes += bytes.length
      if (pending.length >= BATCH_MAX_MESSAGES || pendingBytes >= BATCH_MAX_BYTES) flush()
    })
    socket.on('close', (code, reason) => {
      flush()
      if (opened)
        finish({
          type: 'closed',
          code,
          reason: reason.toString('utf8'),
          by: closedByApp ? 'client' : 'server',
        })
    })
  }
}

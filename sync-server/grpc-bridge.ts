/**
 * `/relay/grpc`: one WebSocket per gRPC call or look-up (frames in
 * src/runtime/realtime/grpc/protocol.ts). The server has already checked Host, Origin and the
 * owner (relay-upgrades.ts). The first frame is `describe` or `start`; a call's frames follow,
 * and the socket closes after the status. Limits: the app's frames are at most
 * `maxRequestBytes`, and a call lasts at most `maxRelayMs` (its deadline is capped to it).
 */
import type * as grpc from '@grpc/grpc-js'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { GrpcClientFrame, GrpcServerFrame } from '../src/runtime/realtime/grpc/protocol.ts'
import {
  describe,
  makeClient,
  startCall,
  type CallHandle,
  type Described,
} from '../src/runtime/realtime/grpc/session.ts'
import type { RelayUpgrade, RelayUpgradeContext } from './relay-upgrade-types.ts'

const sockets = new WebSocketServer({ noServer: true })

function send(socket: WebSocket, frame: GrpcServerFrame) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
}

function parse(data: RawData): GrpcClientFrame | undefined {
  try {
    const frame = JSON.parse(String(data)) as GrpcClientFrame
    return frame && typeof frame === 'object' && typeof frame.type === 'string' ? frame : undefined
  } catch {
    return undefined
  }
}

function serve(socket: WebSocket, context: RelayUpgradeContext) {
  let client: grpc.Client | undefined
  let handle: CallHandle | undefined
  const fail = (error: unknown) => {
    send(socket, { type: 'error', message: error instanceof Error ? error.message : String(error) })
    socket.close(1000)
  }
  const closeAll = () => {
    handle?.cancel()
    client?.close()
  }
  socket.on('close', closeAll)
  // Frames arriving while the look-up runs wait their turn.
  const queue: GrpcClientFrame[] = []
  let ready = false
  const follow = (frame: GrpcClientFrame) => {
    try {
      if (frame.type === 'message') handle?.write(frame.json)
      else if (frame.type === 'end') handle?.end()
      else if (frame.type === 'cancel') handle?.cancel()
    } catch (error) {
      fail(error)
      handle?.cancel()
    }
  }
  const first = async (frame: GrpcClientFrame) => {
    if (frame.type !== 'describe' && frame.type !== 'start')
      return fail('The first frame must be describe or start')
    client = makeClient(frame)
    const refusal = await context.selfCheck(`http://${frame.target}/`)
    if (refusal) return fail(refusal)
    const described: Described = await describe(client, frame)
    if (frame.type === 'describe') {
      send(socket, { type: 'catalog', catalog: described.catalog })
      return socket.close(1000)
    }
    const cap = context.limits.maxRelayMs
    const deadlineMs = cap > 0 && (frame.deadlineMs <= 0 || frame.deadlineMs > cap) ? cap : frame.deadlineMs
    handle = startCall(client, described, { ...frame, deadlineMs }, (out) => {
      send(socket, out)
      if (out.type === 'status') socket.close(1000)
    })
    ready = true
    for (const waiting of queue.splice(0)) follow(waiting)
  }
  let started = false
  socket.on('message', (data) => {
    const frame = parse(data)
    if (!frame) return fail('Not a gRPC relay frame (JSON with a type)')
    if (!started) {
      started = true
      first(frame).catch(fail)
    } else if (!ready) queue.push(frame)
    else follow(frame)
  })
}

export const grpcBridge: RelayUpgrade = (req, socket, head, context) => {
  sockets.options.maxPayload = context.limits.maxRequestBytes
  sockets.handleUpgrade(req, socket, head, (ws) => serve(ws, context))
}

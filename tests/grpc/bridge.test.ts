import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { GrpcEndpoint, GrpcServerFrame } from '../../src/runtime/realtime/grpc/protocol.ts'
import {
  describeViaRelay,
  openGrpcSocket,
  type GrpcRelay,
} from '../../src/runtime/realtime/grpc/relay-client.ts'
import { createNodeTransport } from '../../src/runtime/transport/node.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { messagesOf, statusOf } from './helpers.ts'

let grpcServer: GrpcFixture
let server: TestServer
let relay: GrpcRelay
const transport = createNodeTransport()

beforeAll(async () => {
  grpcServer = await startGrpcServer()
  server = await startTestServer({ transport })
  relay = {
    relayUrl: `${server.url}/relay`,
    token: server.secrets.accessToken,
    WebSocket: WebSocket as unknown as GrpcRelay['WebSocket'],
  }
})
afterAll(async () => {
  await server.remove()
  await transport.close()
  await grpcServer.close()
})

const at = (fields: Partial<GrpcEndpoint> = {}): GrpcEndpoint => ({
  target: grpcServer.target,
  tls: false,
  metadata: [],
  source: 'reflection',
  protoFiles: [],
  ...fields,
})

function relayCall(method: string, messages: string[], using = relay): Promise<GrpcServerFrame[]> {
  return new Promise((resolve) => {
    const frames: GrpcServerFrame[] = []
    const socket = openGrpcSocket(
      using,
      {
        type: 'start',
        ...at({ metadata: [['x-echo-id', '7']] }),
        service: 'demo.Greeter',
        method,
        deadlineMs: 0,
      },
      (frame) => {
        frames.push(frame)
        if (frame.type === 'status' || frame.type === 'error') resolve(frames)
      },
    )
    for (const json of messages) socket.send({ type: 'message', json })
    socket.send({ type: 'end' })
  })
}

describe('/relay/grpc', () => {
  it('describes the service by reflection', async () => {
    const catalog = await describeViaRelay(relay, at())
    expect(catalog.services[0]?.methods.map((m) => m.name)).toContain('Chat')
  })

  it('makes unary, server-streaming, client-streaming and bidirectional calls', async () => {
    const unary = await relayCall('SayHello', ['{"name":"relay"}'])
    expect(messagesOf(unary)).toEqual([{ message: 'Hello, relay', index: 0 }])
    const head = unary.find((frame) => frame.type === 'metadata')
    expect(head?.type === 'metadata' && head.metadata).toContainEqual(['x-echo-id', '7'])
    expect(statusOf(unary)).toMatchObject({ name: 'OK', trailers: [['x-trailer', 'done']] })
    expect(messagesOf(await relayCall('CountTo', ['{"count":2}']))).toHaveLength(2)
    expect(messagesOf(await relayCall('Collect', ['{"name":"a"}', '{"name":"b"}']))).toEqual([
      { message: 'a,b', index: 2 },
    ])
    expect(messagesOf(await relayCall('Chat', ['{"name":"p"}', '{"name":"q"}']))).toHaveLength(2)
  })

  it('reports a bad message, an unknown method and a missing server as errors', async () => {
    const bad = await relayCall('SayHello', ['{"nmae":"x"}'])
    expect(bad.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/^message\.nmae: unknown field/u),
    })
    const unknown = await relayCall('Nope', [])
    expect(unknown.at(-1)).toMatchObject({
      type: 'error',
      message: 'The server has no method demo.Greeter/Nope',
    })
    await expect(describeViaRelay(relay, at({ target: '127.0.0.1:1' }))).rejects.toThrow(/Reflection failed/u)
  })

  it('refuses a socket without the owner token', async () => {
    const frames = await relayCall('SayHello', ['{}'], { ...relay, token: 'wrong' })
    expect(frames).toEqual([{ type: 'error', message: expect.stringMatching(/refused or dropped/u) }])
  })
})

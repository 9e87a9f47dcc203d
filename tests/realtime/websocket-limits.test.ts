/** The relay's time limit holds for a bridged WebSocket too (its own server: one per process). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { relayConnector } from '../../src/runtime/realtime/websocket/relay-connection.ts'
import type { WebSocketClass, WsClosed } from '../../src/runtime/realtime/websocket/types.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

let upstream: WsServer
let node: NodeTransport
let limited: TestServer

beforeAll(async () => {
  upstream = await startWsServer()
  node = createNodeTransport()
  limited = await startTestServer({ transport: node }, { args: ['--max-relay-ms', '300'] })
})

afterAll(async () => {
  await limited.remove()
  await node.close()
  await upstream.close()
})

describe('WebSocket bridge limits', () => {
  it("ends a connection at the relay's time limit", async () => {
    const via = relayConnector(
      { url: `${limited.url}/relay`, token: limited.secrets.accessToken },
      NodeWebSocket as unknown as WebSocketClass,
    )
    const closed = await new Promise<WsClosed>((resolve, reject) => {
      via(
        { url: `${upstream.url}/echo`, headers: [] },
        {
          open: () => {},
          message: () => {},
          failure: (failure) => reject(new Error(failure.message)),
          closed: resolve,
        },
      )
    })
    expect(closed).toMatchObject({ code: 1008, by: 'limit' })
    expect(closed.reason).toMatch(/limit of 300 ms/)
  })
})

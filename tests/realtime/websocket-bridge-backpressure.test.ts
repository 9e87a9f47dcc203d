/**
 * Backpressure through the WebSocket bridge, real sockets on 127.0.0.1: a fast upstream and a
 * page that stops reading (and the other way round). The bridge stops reading from the fast side
 * while the slow side's socket is full, so what it holds stays bounded; nothing is lost or
 * reordered once the slow side reads again. A page that disconnects while its messages wait
 * behind a stalled upstream still ends at once, and the bridge lets go of both sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  BRIDGE_VERSION,
  decodeData,
  encodeData,
  type BridgeConnect,
} from '../../src/runtime/realtime/websocket/bridge-protocol.ts'
import {
  bridgeUrl,
  CLOSE_GRACE_MS,
  relayConnector,
} from '../../src/runtime/realtime/websocket/relay-connection.ts'
import type { WebSocketClass, WsClosed } from '../../src/runtime/realtime/websocket/types.ts'
import { liveBridges } from '../../sync-server/ws-bridge.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startWsServer, type WsServer } from '../fixtures/ws-server.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

const MiB = 1024 * 1024
const SIZE = 64 * 1024
/** 256 MiB each way: without backpressure the bridge would hold nearly all of it. */
const COUNT = 4096
/** What may be in flight while the slow side reads nothing: kernel buffers of two connections
 * on loopback and the bridge's own threshold, well under the 256 MiB sent. */
const BOUND = 48 * MiB

let upstream: WsServer
let node: NodeTransport
let server: TestServer

beforeAll(async () => {
  upstream = await startWsServer()
  node = createNodeTransport()
  server = await startTestServer({ transport: node })
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await upstream.close()
})

/** A page's socket to the bridge (speaking bridge-protocol.ts itself), connected to /echo. */
async function connectPage(): Promise<WebSocket> {
  const page = new WebSocket(bridgeUrl({ url: `${server.url}/relay`, token: server.secrets.accessToken }))
  await new Promise((resolve, reject) => page.once('open', resolve).once('error', reject))
  const connect: BridgeConnect = {
    type: 'connect',
    v: BRIDGE_VERSION,
    url: `${upstream.url}/echo`,
    headers: [],
  }
  page.send(JSON.stringify(connect))
  const control = await new Promise<string>((resolve) =>
    page.once('message', (data) => resolve(String(data))),
  )
  expect(JSON.parse(control)).toMatchObject({ type: 'open' })
  return page
}

/** Waits until `value()` has not changed for `quietMs` (the pipe is full), at most 20 s. */
async function settled(value: () => number, quietMs = 500): Promise<number> {
  let last = value()
  let since = Date.now()
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    const now = value()
    if (now !== last) [last, since] = [now, Date.now()]
    else if (Date.now() - since >= quietMs) return now
  }
  return value()
}

const heldBytes = () => process.memoryUsage().arrayBuffers

describe('WebSocket bridge backpressure', () => {
  it('pauses a fast upstream while the page reads nothing, and loses or reorders nothing', async () => {
    const page = await connectPage()
    page.pause()
    const heldBefore = heldBytes()
    page.send(encodeData(`stream:${COUNT}:${SIZE}`))
    const sent = await settled(() => upstream.streamed)
    const held = heldBytes() - heldBefore
    expect(sent * SIZE).toBeLessThan(BOUND)
    expect(held).toBeLessThan(BOUND)

    const indexes: number[] = []
    let wrongSize = 0
    const all = new Promise<void>((resolve) => {
      page.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) return
        for (const { text, bytes } of decodeData(new Uint8Array(data))) {
          if (text || bytes.length !== SIZE) wrongSize++
          indexes.push(Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0))
        }
        if (indexes.length >= COUNT) resolve()
      })
    })
    page.resume()
    await all
    expect(wrongSize).toBe(0)
    expect(indexes.length).toBe(COUNT)
    expect(indexes.every((index, i) => index === i)).toBe(true)
    page.close()
  }, 90_000)

  it('stops reading the page while the upstream reads nothing, and delivers everything in order', async () => {
    const page = await connectPage()
    page.send(encodeData('stall:3000'))
    let handed = 0
    // A page that sends as fast as its socket takes it (as the fixture's `stream:` does).
    const more = () => {
      while (handed < COUNT && page.bufferedAmount < MiB) {
        const message = Buffer.alloc(SIZE)
        message.writeUInt32BE(handed++, 0)
        page.send(encodeData(message), () => {
          if (page.bufferedAmount < MiB / 4) setImmediate(more)
        })
      }
    }
    const heldBefore = heldBytes()
    more()
    const ahead = await settled(() => handed - page.bufferedAmount / (SIZE + 1))
    const held = heldBytes() - heldBefore
    expect(ahead * SIZE).toBeLessThan(BOUND)
    expect(held).toBeLessThan(BOUND)
    // The upstream reads again after its stall and echoes everything: count what comes back.
    const indexes: number[] = []
    await new Promise<void>((resolve) => {
      page.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) return
        for (const { bytes } of decodeData(new Uint8Array(data)))
          indexes.push(Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0))
        if (indexes.length >= COUNT) resolve()
      })
    })
    expect(indexes.every((index, i) => index === i)).toBe(true)
    page.close()
  }, 90_000)

  it('disconnects promptly while its messages wait behind a stalled upstream, releasing both sockets', async () => {
    const sockets: WebSocket[] = []
    const Recording = class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols)
        sockets.push(this)
      }
    } as unknown as WebSocketClass
    const relay = { url: `${server.url}/relay`, token: server.secrets.accessToken }
    let opened!: () => void
    const open = new Promise<void>((resolve) => (opened = resolve))
    let closedWith!: (closed: WsClosed) => void
    const closed = new Promise<WsClosed>((resolve) => (closedWith = resolve))
    const connection = relayConnector(relay, Recording)(
      { url: `${upstream.url}/echo`, headers: [] },
      { open: opened, message() {}, failure() {}, closed: closedWith },
    )
    await open
    expect(liveBridges()).toBe(1)
    const page = sockets[0]!
    connection.send('stall:30000')
    const message = new Uint8Array(SIZE)
    for (let i = 0; i < 512; i++) connection.send(message)
    // Backpressure holds most of the 32 MiB in the page's own socket: the close request waits.
    await settled(() => page.bufferedAmount)
    expect(page.bufferedAmount).toBeGreaterThan(MiB)
    const pageClosed = new Promise<void>((resolve) => page.once('close', () => resolve()))

    const start = Date.now()
    connection.close(1000)
    expect(await closed).toEqual({ code: 1000, reason: '', by: 'client' })
    const ended = Date.now() - start
    expect(ended).toBeLessThan(CLOSE_GRACE_MS + 1000)
    // The bridge drops its sockets to the page and the upstream, long before the stall ends.
    await pageClosed
    const deadline = Date.now() + 3000
    while (liveBridges() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(liveBridges()).toBe(0)
    expect(Date.now() - start).toBeLessThan(5000)
  }, 60_000)
})

/**
 * The Socket.IO bridge's limits (its own server: one per process): a connection's time limit, an
 * event or reply over the response limit, a page frame over the request limit, and hostile frames.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import {
  socketIoBridgeUrl,
  type RelayedTarget,
} from '../../src/runtime/realtime/socketio/relay-connection.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import type { RelayEndpoint } from '../../src/runtime/transport/select.ts'
import { startSioServer, viaRelay, type SioServer } from '../helpers/socketio.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

let plain: SioServer
let node: NodeTransport
let server: TestServer
let relay: RelayEndpoint

beforeAll(async () => {
  plain = await startSioServer()
  node = createNodeTransport()
  server = await startTestServer(
    { transport: node },
    { args: ['--max-relay-ms', '2500', '--max-request-bytes', '2000', '--max-response-bytes', '3000'] },
  )
  relay = { url: `${server.url}/relay`, token: server.secrets.accessToken }
})

afterAll(async () => {
  await server.remove()
  await node.close()
  await plain.close()
})

function via(fields: Partial<RelayedTarget> = {}) {
  return viaRelay(relay, plain.url, fields)
}

describe('Socket.IO bridge: limits and hostile frames', () => {
  it("ends a connection at the relay's time limit", async () => {
    const c = via()
    await c.until(c.ended, 'the limit', 5000)
    expect(c.seen).toContain("failure the relay's limit of 2500 ms for one connection was reached")
    expect(c.seen.at(-1)).toBe('closed relay limit false')
  })

  it('reports a reply over the response limit instead of passing it', async () => {
    const c = via()
    await c.until(() => c.seen.includes('open'), 'open')
    await expect(c.ack('big', [5000])).rejects.toThrow('the reply was too large')
    expect(c.seen).toContain(
      "failure the reply to acknowledgement 1 was larger than the relay's limit of 3000 bytes",
    )
    expect(await c.ack('big', [10])).toEqual(['x'.repeat(10)])
  })

  it('ends the connection when a page frame is over the request limit', async () => {
    const c = via()
    await c.until(() => c.seen.includes('open'), 'open')
    c.connection.emit('shout', ['y'.repeat(3000)])
    await c.until(c.ended, 'the end')
    expect(c.seen).toContain("failure a frame was larger than the relay's limit")
  })

  /** Raw frames on the bridge; resolves with what the relay answered and how it closed. */
  async function raw(frames: (string | Buffer)[]): Promise<{ answers: string[]; code: number }> {
    const socket = new NodeWebSocket(socketIoBridgeUrl(relay))
    const answers: string[] = []
    socket.on('message', (data) => answers.push(String(data)))
    socket.on('open', () => frames.forEach((f) => socket.send(f)))
    const code = await new Promise<number>((resolve) => {
      socket.on('close', (c) => resolve(c))
      setTimeout(() => (socket.close(), resolve(-1)), 1500)
    })
    return { answers, code }
  }

  it('names a first frame that is not a connect request, and closes', async () => {
    for (const [frame, problem] of [
      ['not json', 'a Socket.IO bridge frame is not JSON'],
      [Buffer.from([1, 2]), 'Socket.IO bridge frames are JSON text, not binary'],
      ['[1]', 'a Socket.IO bridge frame is a JSON object with a type'],
      ['{"type":"emit","event":"x","args":[]}', 'the first frame must be a connect request of version 1'],
      ['{"type":"connect","v":1,"url":"ftp://x"}', 'A Socket.IO URL starts with http://'],
      [
        '{"type":"connect","v":1,"url":"http://a","version":"v9"}',
        'the client version must be one of v2, v3, v4',
      ],
      ['{"type":"connect","v":1,"url":"http://a","headers":"x"}', 'headers must be a list'],
    ] as const) {
      const { answers, code } = await raw([frame])
      expect(code).toBe(1000)
      expect(answers).toHaveLength(1)
      expect(JSON.parse(answers[0]!)).toMatchObject({ type: 'failure' })
      expect(JSON.parse(answers[0]!).message).toContain(problem)
    }
  })

  it("refuses this server's own API as a target", async () => {
    const { answers } = await raw([JSON.stringify({ type: 'connect', v: 1, url: server.url })])
    expect(JSON.parse(answers[0]!)).toMatchObject({ type: 'failure' })
  })

  it('names bad frames after the connect without ending the connection', async () => {
    const connect = JSON.stringify({
      type: 'connect',
      v: 1,
      url: plain.url,
      auth: { token: 'secret' },
      events: [],
      headers: [],
    })
    const { answers } = await raw([
      connect,
      '{"type":"dance"}',
      '{"type":"emit","event":"","args":[]}',
      '{"type":"emit","event":"x","args":{}}',
      '{"type":"emit","event":"x","args":[],"ack":"one"}',
    ])
    const messages = answers.map((a) => JSON.parse(a) as { type: string; message?: string })
    expect(messages.filter((m) => m.type === 'failure').map((m) => m.message)).toEqual([
      'unknown frame type dance',
      'an emit names its event (a string of 1 to 1024 characters)',
      'an emit carries its arguments as a list',
      'an acknowledgement number must be an integer',
    ])
    expect(messages.some((m) => m.type === 'open')).toBe(true)
  })
})

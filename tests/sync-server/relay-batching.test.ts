/**
 * The relay's body frames on the wire: when the reader falls behind, what upstream already
 * delivered goes out as one larger frame, written from upstream's own buffers without copying,
 * and every byte still arrives intact and in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  encodeRelayRequest,
  FRAME_BODY,
  FRAME_END,
  FRAME_HEAD,
} from '../../src/runtime/transport/relay-protocol.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import { startRelayStack, type RelayStack, type TestServer } from '../helpers/sync-server.ts'

let stack: RelayStack
let echo: EchoServer
let server: TestServer

beforeAll(async () => {
  stack = await startRelayStack()
  ;({ echo, server } = stack)
})

afterAll(() => stack.close())

/** The raw relay answer, read slowly at first so the relay has to wait for its reader. */
async function relayRaw(path: string, pauseMs: number): Promise<Buffer> {
  const response = await fetch(`${server.url}/relay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.secrets.accessToken}` },
    body: encodeRelayRequest({ method: 'GET', url: `${echo.url}${path}`, headers: [], body: null }, {}),
  })
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  const chunks: Uint8Array[] = []
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value)
    if (chunks.length === 1) await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
  return Buffer.concat(chunks)
}

function frames(raw: Buffer): { type: number; payload: Buffer }[] {
  const out: { type: number; payload: Buffer }[] = []
  for (let at = 0; at < raw.length;) {
    const length = raw.readUInt32BE(at + 1)
    out.push({ type: raw[at]!, payload: raw.subarray(at + 5, at + 5 + length) })
    at += 5 + length
  }
  return out
}

describe('relay body frames', () => {
  it('batch what a slow reader left waiting, byte for byte', async () => {
    // More than loopback's socket buffers hold, so the relay has to wait for the paused reader.
    const size = 32 * 1024 * 1024
    const all = frames(await relayRaw(`/bytes/${size}`, 500))
    expect(all[0]!.type).toBe(FRAME_HEAD)
    expect(all.at(-1)!.type).toBe(FRAME_END)
    const bodies = all.filter((frame) => frame.type === FRAME_BODY)
    const body = Buffer.concat(bodies.map((frame) => frame.payload))
    expect(body.length).toBe(size)
    // The echo server's pattern: byte n is n % 256.
    const wrong = body.findIndex((byte, n) => byte !== n % 256)
    expect(wrong).toBe(-1)
    // Upstream hands over at most 64 KB at a time; a larger frame is a batch.
    expect(Math.max(...bodies.map((frame) => frame.payload.length))).toBeGreaterThan(64 * 1024)
    expect(Math.max(...bodies.map((frame) => frame.payload.length))).toBeLessThanOrEqual(
      1024 * 1024 + 64 * 1024,
    )
  })

  it('send a small body as a single frame between head and end', async () => {
    const all = frames(await relayRaw('/get', 0))
    expect(all.map((frame) => frame.type)).toEqual([FRAME_HEAD, FRAME_BODY, FRAME_END])
    expect(JSON.parse(all[1]!.payload.toString('utf8'))).toMatchObject({ method: 'GET', path: '/get' })
  })
})

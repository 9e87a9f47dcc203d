/**
 * The sync server's y-websocket message handling, fuzzed over real WebSockets on 127.0.0.1: any
 * frame (garbage, truncated or corrupted sync and awareness messages, real updates with a byte
 * changed) either gets the connection closed with 4400 or is handled, after which the server
 * still answers that client's sync step 1. Throughout, a bystander in the same room keeps syncing.
 */
import fc from 'fast-check'
import * as encoding from 'lib0/encoding'
import type WebSocket from 'ws'
import * as Y from 'yjs'
import * as awarenessProtocol from 'y-protocols/awareness'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLOSE_MALFORMED } from '../../sync-server/sync.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'
import { connectRaw, openSocket, syncStep1, type RawClient } from '../helpers/y-client.ts'
import { CASE_LIMIT_MS, fuzzParams, FUZZ_RUNS, FUZZ_TIMEOUT_MS } from './fuzz.ts'

let server: TestServer
let bystander: RawClient
const room = (name: string) =>
  `ws://127.0.0.1:${server.port}/sync/${name}?token=${server.secrets.accessToken}`

beforeAll(async () => {
  server = await startTestServer(
    { transport: unusedTransport },
    { args: ['--max-sync-message-bytes', '65536'] },
  )
  bystander = await connectRaw(room('fuzz'))
  bystander.doc.getMap('m').set('before', 1)
  await bystander.ack()
})

afterAll(async () => {
  bystander?.close()
  await server?.remove()
})

function message(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder()
  write(encoder)
  return encoding.toUint8Array(encoder)
}

/** Real updates and awareness states, as a client makes them. */
function realUpdate(keys: string[]): Uint8Array {
  const doc = new Y.Doc()
  for (const key of keys) doc.getMap('fuzz').set(key, key.length)
  doc.getText('t').insert(0, keys.join(''))
  return Y.encodeStateAsUpdate(doc)
}
function realAwareness(state: unknown): Uint8Array {
  const awareness = new awarenessProtocol.Awareness(new Y.Doc())
  awareness.setLocalState(state as Record<string, unknown>)
  return awarenessProtocol.encodeAwarenessUpdate(awareness, [awareness.clientID])
}

const payload = fc.oneof(
  fc.uint8Array({ maxLength: 24 }),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }).map(realUpdate),
  fc.jsonValue({ maxDepth: 2 }).map(realAwareness),
)
/** A payload with bytes changed, cut or added. */
const damaged = fc
  .tuple(
    payload,
    fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 3 }),
    fc.integer({ min: -4, max: 4 }),
  )
  .map(([bytes, flips, cut]) => {
    const out = Uint8Array.from(bytes)
    for (const [at, value] of flips) if (out.length > 0) out[at % out.length] = value
    return cut < 0
      ? out.subarray(0, Math.max(0, out.length + cut))
      : new Uint8Array([...out, ...new Array(cut).fill(7)])
  })
const frame = fc.oneof(
  fc.uint8Array({ maxLength: 32 }),
  fc
    .tuple(fc.nat(4), fc.nat(3), fc.oneof(payload, damaged), fc.uint8Array({ maxLength: 2 }))
    .map(([type, step, body, trailing]) =>
      message((e) => {
        encoding.writeVarUint(e, type)
        if (type === 0) encoding.writeVarUint(e, step)
        if (type !== 3) encoding.writeVarUint8Array(e, body)
        encoding.writeUint8Array(e, trailing)
      }),
    ),
)

/** Sends `bytes`, then a sync step 1: resolves with the close code, or 0 when the step 2 came back. */
async function exchange(bytes: Uint8Array): Promise<number> {
  const ws: WebSocket = await openSocket(room('fuzz'))
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${CASE_LIMIT_MS} ms`)), CASE_LIMIT_MS)
      ws.once('close', (code) => {
        clearTimeout(timer)
        resolve(code)
      })
      ws.on('message', (data: Buffer) => {
        // Sync step 2 (type 0, step 1) answers our step 1: everything before it was handled.
        if (data[0] === 0 && data[1] === 1) {
          clearTimeout(timer)
          resolve(0)
        }
      })
      ws.send(bytes)
      ws.send(syncStep1(new Y.Doc()))
    })
  } finally {
    ws.terminate()
  }
}

// Each case opens a connection of its own (about 3.5 ms of CPU), so this property takes the longest.
const SYNC_RUNS = FUZZ_RUNS

describe('fuzz: sync frames over real WebSockets', () => {
  it(
    `any frame is handled or closes that connection with 4400; the room goes on (${SYNC_RUNS} cases)`,
    async () => {
      const codes = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(frame, async (bytes) => {
          const code = await exchange(bytes)
          codes.set(code, (codes.get(code) ?? 0) + 1)
          expect([0, CLOSE_MALFORMED]).toContain(code)
        }),
        fuzzParams(SYNC_RUNS),
      )
      // Both outcomes were exercised: the fuzzer reaches past the decoder into Yjs.
      expect(codes.get(0)).toBeGreaterThan(0)
      expect(codes.get(CLOSE_MALFORMED)).toBeGreaterThan(0)

      expect(bystander.ws.readyState).toBe(bystander.ws.OPEN)
      const late = await connectRaw(room('fuzz'))
      late.doc.getMap('m').set('after', 2)
      await late.ack()
      const deadline = Date.now() + 5000
      while (bystander.doc.getMap('m').get('after') !== 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(bystander.doc.getMap('m').get('after')).toBe(2)
      late.close()
    },
    FUZZ_TIMEOUT_MS,
  )
})

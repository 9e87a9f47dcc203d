/**
 * A joiner of a room that is not open yet gets the room's state once: loading the room is one
 * update (the whole state), which must not also be broadcast to a connection waiting for the load.
 */
import * as decoding from 'lib0/decoding'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type WebSocket from 'ws'
import * as Y from 'yjs'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { closeEvent, connectRaw, openSocket, syncStep1 } from '../helpers/y-client.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let server: TestServer

beforeEach(async () => {
  server = await startTestServer({ transport: unusedTransport })
})

afterEach(async () => {
  await server.remove()
})

const roomUrl = (room: string) =>
  `ws://127.0.0.1:${server.port}/sync/${room}?token=${server.secrets.accessToken}`

/** Sync messages (step 2 or update) that carry a payload of at least `bytes`. */
function bigSyncMessages(ws: WebSocket, bytes: number): Uint8Array[] {
  const seen: Uint8Array[] = []
  ws.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data))
    if (decoding.readVarUint(decoder) !== 0) return
    if (decoding.readVarUint(decoder) === 0) return // step 1: a state vector
    const payload = decoding.readVarUint8Array(decoder)
    if (payload.length >= bytes) seen.push(payload)
  })
  return seen
}

describe('joining a room that is not open', () => {
  it('sends the whole state once, and it is complete', async () => {
    const seeder = await connectRaw(roomUrl('cold'))
    const text = 'x'.repeat(200_000)
    seeder.doc.getMap('m').set('big', text)
    await seeder.ack()
    seeder.close()
    await seeder.closed
    await new Promise((resolve) => setTimeout(resolve, 300)) // the room is released once its last client left

    const ws = await openSocket(roomUrl('cold'))
    const big = bigSyncMessages(ws, 100_000)
    ws.send(syncStep1(new Y.Doc()))
    const joiner = await connectRaw(roomUrl('cold')) // a second joiner, to know the room has answered
    await joiner.ack()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(big).toHaveLength(1)
    const doc = new Y.Doc()
    Y.applyUpdate(doc, big[0]!)
    expect(doc.getMap('m').get('big')).toBe(text)
    const closed = closeEvent(ws)
    ws.close()
    await closed
    joiner.close()
    await joiner.closed
  })
})
